import { Badge, Box, Button, Checkbox, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { ProviderCoachGroups } from '../../../../shared/schemas/org'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { setProviderCoachGroups } from '../api/org-api'
import { QueryTable } from '../../../components/ui/record-table'
import { useCoachGroups, useProviderCoachGroups, useRefreshOrgCoachGroupProviders, useRefreshOrgCoachGroups } from '../api/org-queries'

/**
 * /user-admin/coach-groups/provider (decision 041): each provider with the coach groups that work for it; those
 * who may change coach groups choose a provider's groups.
 */
export default function CoachGroupsProviderPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const refreshOrgCoachGroupProviders = useRefreshOrgCoachGroupProviders()
  const refreshOrgCoachGroups = useRefreshOrgCoachGroups()
  const rows = useProviderCoachGroups()
  const [editing, setEditing] = useState<ProviderCoachGroups | null>(null)
  const mayUpdate = ability.can('update', 'coach_groups')
  const groupsText = (p: ProviderCoachGroups) =>
    p.groups.length === 0 ? <Text color="fg.muted">{t('orgAdmin.coachGroups.noGroups')}</Text> : <Text>{p.groups.map((g) => g.name).join(', ')}</Text>

  return (
    <Page
      title={t('routes.user-admin-coach-groups-provider')}
      breadcrumbs={[{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-coach-groups'), to: '/user-admin/coach-groups' }]}
    >
      <Stack gap="4">
        <QueryTable
          query={rows}
          empty={t('orgAdmin.coachGroups.noProviders')}
          label={t('routes.user-admin-coach-groups-provider')}
          rowKey={(p) => p.providerId}
          rowTestId="provider-groups-row"
          columns={[
            {
              header: t('orgAdmin.coachGroups.provider'),
              strong: true,
              cell: (p) => (
                <>
                  <HStack gap="2" wrap="wrap">
                    <Text>{p.providerName}</Text>
                    {p.active ? null : (
                      <Badge size="sm" colorPalette="gray">
                        {t('orgAdmin.coachGroups.inactive')}
                      </Badge>
                    )}
                  </HStack>
                  {/* On a phone the groups go under the name: three columns do not fit. */}
                  <Box hideFrom="sm" fontWeight="normal" fontSize="sm" mt="1">
                    {groupsText(p)}
                  </Box>
                </>
              ),
            },
            { header: t('routes.user-admin-coach-groups'), hideBelow: 'sm', cell: groupsText },
          ]}
          actions={
            mayUpdate
              ? (p) => (
                  <Button size="xs" variant="outline" onClick={() => setEditing(p)} aria-label={`${t('orgAdmin.coachGroups.choose')}: ${p.providerName}`}>
                    {t('orgAdmin.coachGroups.choose')}
                  </Button>
                )
              : undefined
          }
        />
        <Text fontSize="sm">
          <ChakraLink asChild variant="underline" colorPalette="brand">
            <Link to="/user-admin/coach-groups">{t('orgAdmin.coachGroups.manage')}</Link>
          </ChakraLink>
        </Text>
      </Stack>
      {editing ? (
        <ProviderGroupsDialog
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            snackbar.success(t('orgAdmin.coachGroups.providerSaved', { name: saved.providerName }))
            void refreshOrgCoachGroupProviders()
            void refreshOrgCoachGroups()
          }}
          onConflict={() => void rows.refetch()}
        />
      ) : null}
    </Page>
  )
}

function ProviderGroupsDialog(props: { row: ProviderCoachGroups; onClose: () => void; onSaved: (saved: ProviderCoachGroups) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const groups = useCoachGroups()
  const seen = props.row.groups.map((g) => g.id)
  const [chosen, setChosen] = useState<Set<string>>(new Set(seen))
  const [submitting, setSubmitting] = useState(false)
  const [formError, setFormError] = useState<{ message: string; conflict: boolean } | null>(null)
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('orgAdmin.coachGroups.providerTitle', { name: props.row.providerName })}
      testId="provider-groups-dialog"
      submitting={submitting}
      formError={formError?.message ?? null}
      conflict={formError?.conflict}
      onReload={props.onClose}
      onSubmit={(e) => {
        e.preventDefault()
        setSubmitting(true)
        setFormError(null)
        setProviderCoachGroups(props.row.providerId, { groupIds: [...chosen], basedOn: seen })
          .then((saved) => {
            props.onSaved(saved)
            props.onClose()
          })
          .catch((err: unknown) => {
            const fe = formErrorOf(err, t)
            setFormError(fe)
            if (fe.conflict) props.onConflict()
          })
          .finally(() => setSubmitting(false))
      }}
    >
      <QueryState query={groups} empty={t('orgAdmin.coachGroups.empty')} skeleton="20">
        {(data) => (
          <Stack gap="2" role="group" aria-label={t('routes.user-admin-coach-groups')}>
            {data.items.map((g) => (
              <Checkbox.Root
                key={g.id}
                colorPalette="brand"
                checked={chosen.has(g.id)}
                onCheckedChange={(e) =>
                  setChosen((now) => {
                    const next = new Set(now)
                    if (e.checked === true) next.add(g.id)
                    else next.delete(g.id)
                    return next
                  })
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  <span>{g.name}</span>
                  <Text as="span" color="fg.muted" fontSize="sm">
                    {' '}
                    · {t('orgAdmin.coachGroups.coachCount', { count: g.coaches.length })}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </QueryState>
    </FormDialog>
  )
}
