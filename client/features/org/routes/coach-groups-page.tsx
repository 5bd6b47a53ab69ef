import { Badge, Box, Link as ChakraLink, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { COACH_GROUP_MEMBERS_MAX, coachGroupInputSchema, type CoachGroupItem } from '../../../../shared/schemas/org'
import { FormDialog } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createCoachGroup, deleteCoachGroup, updateCoachGroup } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { RowActions } from '../../../components/ui/row-actions'
import { PeoplePicker, type Person } from '../../../components/ui/people-picker'
import { TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { useCoachGroups, useRefreshOrgCoachGroupProviders, useRefreshOrgCoachGroups } from '../api/org-queries'

/**
 * /user-admin/coach-groups (decision 041): coach groups with their coaches and the providers they work for. Those
 * who may create, change and delete groups get those actions; the providers are set on the per-provider screen.
 */
export default function CoachGroupsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshOrgCoachGroupProviders = useRefreshOrgCoachGroupProviders()
  const refreshOrgCoachGroups = useRefreshOrgCoachGroups()
  const groups = useCoachGroups()
  const [editing, setEditing] = useState<CoachGroupItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<CoachGroupItem | null>(null)
  const may = { create: ability.can('create', 'coach_groups'), update: ability.can('update', 'coach_groups'), delete: ability.can('delete', 'coach_groups') }
  const actions = may.update || may.delete
  const coachBadges = (g: CoachGroupItem) =>
    g.coaches.length === 0 ? (
      <Text color="fg.muted">{t('orgAdmin.coachGroups.noCoaches')}</Text>
    ) : (
      <Wrap gap="1">
        {g.coaches.map((c) => (
          <Badge key={c.id} variant="subtle" colorPalette={c.active ? 'gray' : 'orange'}>
            {c.active ? c.name : t('orgAdmin.coachGroups.former', { name: c.name })}
          </Badge>
        ))}
      </Wrap>
    )

  const done = (message: string) => {
    snackbar.success(message)
    void refreshOrgCoachGroups()
    void refreshOrgCoachGroupProviders()
  }

  return (
    <Page title={t('routes.user-admin-coach-groups')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('orgAdmin.coachGroups.intro')}{' '}
          <ChakraLink asChild variant="underline" colorPalette="brand">
            <Link to="/user-admin/coach-groups/provider">{t('routes.user-admin-coach-groups-provider')}</Link>
          </ChakraLink>
        </Text>
        <CreateButton show={may.create} label={t('orgAdmin.coachGroups.create')} onClick={() => setEditing('new')} />
        <QueryTable
          query={groups}
          empty={t('orgAdmin.coachGroups.empty')}
          label={t('routes.user-admin-coach-groups')}
          rowKey={(g) => g.id}
          rowTestId="coach-group-row"
          columns={[
            {
              header: t('orgAdmin.coachGroups.name'),
              strong: true,
              cell: (g) => (
                <>
                  {g.name}
                  {/* On a phone the coaches go under the name: three columns do not fit. */}
                  <Box hideFrom="sm" fontWeight="normal" mt="1">
                    {coachBadges(g)}
                    {g.providers.length > 0 ? (
                      <Text fontSize="xs" color="fg.muted" mt="1">
                        {g.providers.map((p) => p.name).join(', ')}
                      </Text>
                    ) : null}
                  </Box>
                </>
              ),
            },
            { header: t('orgAdmin.coachGroups.coaches'), hideBelow: 'sm', cell: coachBadges },
            {
              header: t('orgAdmin.coachGroups.providers'),
              hideBelow: 'sm',
              cell: (g) => (g.providers.length === 0 ? <Text color="fg.muted">–</Text> : g.providers.map((p) => p.name).join(', ')),
            },
          ]}
          actions={
            actions
              ? (g) => (
                  <RowActions
                    name={g.name}
                    editLabel={t('orgAdmin.coachGroups.edit')}
                    deleteLabel={t('orgAdmin.coachGroups.delete')}
                    onEdit={may.update ? () => setEditing(g) : undefined}
                    onDelete={may.delete ? () => setDeleting(g) : undefined}
                  />
                )
              : undefined
          }
        />
      </Stack>
      {editing ? <CoachGroupDialog group={editing} onClose={() => setEditing(null)} onSaved={done} onConflict={() => void groups.refetch()} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('orgAdmin.coachGroups.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('orgAdmin.coachGroups.deleteText', { coaches: deleting?.coaches.length ?? 0, providers: deleting?.providers.length ?? 0 })}
        blocked={null}
        deleteLabel={t('orgAdmin.coachGroups.delete')}
        testId="delete-coach-group"
        onDelete={async () => {
          await deleteCoachGroup(deleting!.id)
          done(t('orgAdmin.coachGroups.deleted', { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

/** The dialog's own field, checked by the API's rules; the coaches are chosen beside it. */
const coachGroupFormSchema = coachGroupInputSchema.pick({ name: true })

function CoachGroupDialog(props: { group: CoachGroupItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.group === 'new' ? null : props.group
  const form = useSchemaForm(coachGroupFormSchema, { defaultValues: { name: existing?.name ?? '' } })
  const [coaches, setCoaches] = useState<Person[]>(existing?.coaches.map((c) => ({ id: c.id, name: c.name })) ?? [])
  const [coachError, setCoachError] = useState<string | null>(null)
  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: ['name'],
    outside: { coachIds: setCoachError },
    onConflict: props.onConflict,
    save: async (values) => {
      setCoachError(null)
      const input = { name: values.name, coachIds: coaches.map((c) => c.id) }
      const saved = existing ? await updateCoachGroup(existing.id, { ...input, version: existing.version }) : await createCoachGroup(input)
      props.onSaved(existing ? t('orgAdmin.coachGroups.saved', { name: saved.name }) : t('orgAdmin.coachGroups.created', { name: saved.name }))
      props.onClose()
    },
  })
  return (
    <FormDialog
      title={existing ? t('orgAdmin.coachGroups.editTitle', { name: existing.name }) : t('orgAdmin.coachGroups.createTitle')}
      testId="coach-group-dialog"
      {...dialog.props}
    >
      <TextField form={form} name="name" label={t('orgAdmin.coachGroups.name')} autoComplete="off" required />
      <PeoplePicker
        label={t('orgAdmin.coachGroups.coaches')}
        none={t('orgAdmin.coachGroups.noCoaches')}
        addLabel={t('orgAdmin.teams.addCoach')}
        removeLabel={(name) => t('orgAdmin.teams.removeCoach', { name })}
        people={coaches}
        onChange={setCoaches}
        max={COACH_GROUP_MEMBERS_MAX}
        error={coachError}
        testId="coach-group-coaches-chosen"
      />
    </FormDialog>
  )
}
