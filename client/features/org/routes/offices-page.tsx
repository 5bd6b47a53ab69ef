import { Stack } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { pathFor } from '../../../../shared/routes'
import type { OfficeItem } from '../../../../shared/schemas/org'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteOffice } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { OfficeDialog } from '../components/office-dialog'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { RecordLink } from '../../../components/ui/detail-kit'
import { RowActions } from '../../../components/ui/row-actions'
import { useOffices, useRefreshOrgOffices, useRefreshOrgRegions } from '../api/org-queries'

/**
 * /user-admin/offices: the offices the user may see (a manager their own) with region, teams and active people
 * (decision 036). Those who may create, change and delete offices get those actions; an office with teams stays.
 */
export default function OfficesPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const refreshOrgOffices = useRefreshOrgOffices()
  const refreshOrgRegions = useRefreshOrgRegions()
  const offices = useOffices()
  const [editing, setEditing] = useState<OfficeItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<OfficeItem | null>(null)
  const mayCreate = ability.can('create', 'offices')
  const mayUpdate = ability.can('update', 'offices')
  const mayDelete = ability.can('delete', 'offices')

  const done = (message: string) => {
    snackbar.success(message)
    void refreshOrgOffices()
    void refreshOrgRegions()
    void queryClient.invalidateQueries({ queryKey: lookupKeys.kind('offices') })
  }

  return (
    <Page title={t('routes.user-admin-offices')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <CreateButton show={mayCreate} label={t('orgAdmin.offices.create')} onClick={() => setEditing('new')} />
        <QueryTable
          query={offices}
          empty={t('orgAdmin.offices.empty')}
          label={t('routes.user-admin-offices')}
          rowKey={(r) => r.id}
          rowTestId="office-row"
          columns={[
            {
              header: t('orgAdmin.offices.name'),
              strong: true,
              cell: (r) => <RecordLink to={pathFor('user-admin-offices-id', { id: r.id })}>{r.name}</RecordLink>,
            },
            { header: t('orgAdmin.offices.region'), hideBelow: 'sm', cell: (r) => r.regionName },
            { header: t('orgAdmin.offices.teams'), end: true, cell: (r) => r.teamCount },
            { header: t('orgAdmin.offices.users'), end: true, hideBelow: 'sm', cell: (r) => r.userCount },
          ]}
          actions={
            mayUpdate || mayDelete
              ? (r) => (
                  <RowActions
                    name={r.name}
                    editLabel={t('orgAdmin.offices.edit')}
                    deleteLabel={t('orgAdmin.offices.delete')}
                    onEdit={mayUpdate ? () => setEditing(r) : undefined}
                    onDelete={mayDelete ? () => setDeleting(r) : undefined}
                  />
                )
              : undefined
          }
        />
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
