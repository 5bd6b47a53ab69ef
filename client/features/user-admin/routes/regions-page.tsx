import { Button, HStack, Input, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { REGION_NAME_MAX, type RegionItem } from '../../../../shared/schemas/org'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createRegion, deleteRegion, listRegions, updateRegion } from '../api/org-api'
import { ConfirmDeleteDialog } from '../components/confirm-delete-dialog'

/**
 * /user-admin/regions: the organisation's regions with their offices, teams and active people (decision 036).
 * Those who may create, rename and delete regions get those actions; a region with offices is not deleted.
 */
export default function RegionsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const regions = useQuery({ queryKey: ['regions'], queryFn: ({ signal }) => listRegions(signal) })
  const [editing, setEditing] = useState<RegionItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<RegionItem | null>(null)
  const mayCreate = ability.can('create', 'regions')
  const mayUpdate = ability.can('update', 'regions')
  const mayDelete = ability.can('delete', 'regions')

  const done = (message: string) => {
    snackbar.show(message, { color: 'success', icon: 'success' })
    void queryClient.invalidateQueries({ queryKey: ['regions'] })
    void queryClient.invalidateQueries({ queryKey: ['lookup', 'regions'] })
  }

  return (
    <Page title={t('routes.user-admin-regions')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        {mayCreate ? (
          <HStack justify="flex-end">
            <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
              {t('orgAdmin.regions.create')}
            </Button>
          </HStack>
        ) : null}
        {regions.isError ? (
          <LoadError error={regions.error} onRetry={() => void regions.refetch()} />
        ) : !regions.data ? (
          <Skeleton h="40" aria-busy />
        ) : regions.data.items.length === 0 ? (
          <Text color="fg.muted">{t('orgAdmin.regions.empty')}</Text>
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t('routes.user-admin-regions')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('orgAdmin.regions.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('orgAdmin.regions.offices')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="sm">
                    {t('orgAdmin.regions.teams')}
                  </Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end" hideBelow="sm">
                    {t('orgAdmin.regions.users')}
                  </Table.ColumnHeader>
                  {mayUpdate || mayDelete ? <Table.ColumnHeader /> : null}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {regions.data.items.map((r) => (
                  <Table.Row key={r.id} data-testid="region-row">
                    <Table.Cell fontWeight="medium">{r.name}</Table.Cell>
                    <Table.Cell textAlign="end">{r.officeCount}</Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="sm">
                      {r.teamCount}
                    </Table.Cell>
                    <Table.Cell textAlign="end" hideBelow="sm">
                      {r.userCount}
                    </Table.Cell>
                    {mayUpdate || mayDelete ? (
                      <Table.Cell textAlign="end">
                        <HStack justify="flex-end" gap="1">
                          {mayUpdate ? (
                            <Button size="xs" variant="outline" onClick={() => setEditing(r)} aria-label={`${t('orgAdmin.regions.edit')}: ${r.name}`}>
                              {t('orgAdmin.regions.edit')}
                            </Button>
                          ) : null}
                          {mayDelete ? (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => setDeleting(r)}
                              aria-label={`${t('orgAdmin.regions.delete')}: ${r.name}`}
                            >
                              {t('orgAdmin.regions.delete')}
                            </Button>
                          ) : null}
                        </HStack>
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      {editing ? <RegionDialog region={editing} onClose={() => setEditing(null)} onSaved={done} onConflict={() => void regions.refetch()} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('orgAdmin.regions.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('orgAdmin.regions.deleteText')}
        blocked={deleting && deleting.officeCount > 0 ? t('orgAdmin.regions.deleteBlocked', { count: deleting.officeCount }) : null}
        deleteLabel={t('orgAdmin.regions.delete')}
        testId="delete-region"
        onDelete={async () => {
          await deleteRegion(deleting!.id)
          done(t('orgAdmin.regions.deleted', { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

function RegionDialog(props: { region: RegionItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.region === 'new' ? null : props.region
  const form = useForm<{ name: string }>({ defaultValues: { name: existing?.name ?? '' } })
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null)
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async ({ name }) => {
    setFormError(null)
    try {
      const saved = existing ? await updateRegion(existing.id, { name, basedOn: existing.name }) : await createRegion({ name })
      props.onSaved(existing ? t('orgAdmin.regions.saved', { name: saved.name }) : t('orgAdmin.regions.created', { name: saved.name }))
      props.onClose()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, ['name'])) {
        const e = formErrorOf(err, t)
        setFormError(e)
        if (e.conflict) props.onConflict()
      }
    }
  })
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={existing ? t('orgAdmin.regions.editTitle', { name: existing.name }) : t('orgAdmin.regions.createTitle')}
      testId="region-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      formError={formError?.message ?? null}
      conflict={formError?.conflict}
      onReload={props.onClose}
    >
      <FormField label={t('orgAdmin.regions.name')} error={errors.name} required>
        <Input
          autoComplete="off"
          {...form.register('name', {
            validate: (v) => (v.trim() === '' ? 'validation.required' : v.trim().length > REGION_NAME_MAX ? 'validation.tooLong' : true),
          })}
        />
      </FormField>
    </FormDialog>
  )
}
