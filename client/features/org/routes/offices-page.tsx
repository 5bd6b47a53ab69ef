import { Button, Link as ChakraLink, HStack, Stack, Table } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { OfficeItem } from '../../../../shared/schemas/org'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteOffice, listOffices } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { OfficeDialog } from '../components/office-dialog'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { orgKeys } from '../api/org-keys'

/**
 * /user-admin/offices: the offices the user may see (a manager their own) with region, teams and active people
 * (decision 036). Those who may create, change and delete offices get those actions; an office with teams stays.
 */
export default function OfficesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const offices = useQuery({ queryKey: orgKeys.offices, queryFn: ({ signal }) => listOffices(signal) })
  const [editing, setEditing] = useState<OfficeItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<OfficeItem | null>(null)
  const mayCreate = ability.can('create', 'offices')
  const mayUpdate = ability.can('update', 'offices')
  const mayDelete = ability.can('delete', 'offices')

  const done = (message: string) => {
    snackbar.show(message, { color: 'success', icon: 'success' })
    void queryClient.invalidateQueries({ queryKey: orgKeys.offices })
    void queryClient.invalidateQueries({ queryKey: orgKeys.regions })
    void queryClient.invalidateQueries({ queryKey: lookupKeys.kind('offices') })
  }

  return (
    <Page title={t('routes.user-admin-offices')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        {mayCreate ? (
          <HStack justify="flex-end">
            <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
              {t('orgAdmin.offices.create')}
            </Button>
          </HStack>
        ) : null}
        <QueryState query={offices} empty={t('orgAdmin.offices.empty')}>
          {(data) => (
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm" aria-label={t('routes.user-admin-offices')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('orgAdmin.offices.name')}</Table.ColumnHeader>
                    <Table.ColumnHeader hideBelow="sm">{t('orgAdmin.offices.region')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('orgAdmin.offices.teams')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end" hideBelow="sm">
                      {t('orgAdmin.offices.users')}
                    </Table.ColumnHeader>
                    {mayUpdate || mayDelete ? <Table.ColumnHeader /> : null}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {data.items.map((r) => (
                    <Table.Row key={r.id} data-testid="office-row">
                      <Table.Cell fontWeight="medium">
                        <ChakraLink asChild>
                          <Link to={pathFor('user-admin-offices-id', { id: r.id })}>{r.name}</Link>
                        </ChakraLink>
                      </Table.Cell>
                      <Table.Cell hideBelow="sm">{r.regionName}</Table.Cell>
                      <Table.Cell textAlign="end">{r.teamCount}</Table.Cell>
                      <Table.Cell textAlign="end" hideBelow="sm">
                        {r.userCount}
                      </Table.Cell>
                      {mayUpdate || mayDelete ? (
                        <Table.Cell textAlign="end">
                          <HStack justify="flex-end" gap="1">
                            {mayUpdate ? (
                              <Button size="xs" variant="outline" onClick={() => setEditing(r)} aria-label={`${t('orgAdmin.offices.edit')}: ${r.name}`}>
                                {t('orgAdmin.offices.edit')}
                              </Button>
                            ) : null}
                            {mayDelete ? (
                              <Button
                                size="xs"
                                variant="outline"
                                colorPalette="red"
                                onClick={() => setDeleting(r)}
                                aria-label={`${t('orgAdmin.offices.delete')}: ${r.name}`}
                              >
                                {t('orgAdmin.offices.delete')}
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
        </QueryState>
      </Stack>
      {editing ? <OfficeDialog office={editing} onClose={() => setEditing(null)} onSaved={done} onConflict={() => void offices.refetch()} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('orgAdmin.offices.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('orgAdmin.offices.deleteText')}
        blocked={deleting && deleting.teamCount > 0 ? t('orgAdmin.offices.deleteBlocked', { count: deleting.teamCount }) : null}
        deleteLabel={t('orgAdmin.offices.delete')}
        testId="delete-office"
        onDelete={async () => {
          await deleteOffice(deleting!.id)
          done(t('orgAdmin.offices.deleted', { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}
