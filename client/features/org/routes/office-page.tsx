import { Badge, Stack, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteOffice, getOffice } from '../api/org-api'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { OfficeDialog } from '../components/office-dialog'
import { lookupKeys } from '../../../components/ui/lookup/lookup-api'
import { orgKeys } from '../api/org-keys'
import { ChildTableCard, DetailActions, RecordLink } from '../../../components/ui/detail-kit'
import { useRecord } from '../../../lib/use-record'

const LOGGED = ['name', 'region'] as const

/**
 * /user-admin/offices/:id: an office's region, its teams (those the reader may see, with active members and the
 * provider each sells for), edit, delete, and its activity log (decision 036).
 */
export default function OfficePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { query: office, refresh: changed } = useRecord(orgKeys.office, getOffice, [orgKeys.offices, orgKeys.regions, lookupKeys.kind('offices')])
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null)
  const crumbs = [{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-offices'), to: pathFor('user-admin-offices') }]

  return (
    <DetailState query={office} title={t('routes.user-admin-offices-id')} breadcrumbs={crumbs} notFound={t('orgAdmin.offices.notFound')}>
      {(x) => (
        <Page title={x.name} breadcrumbs={crumbs}>
          <Stack gap="4">
            <Wrap gap="2" align="center">
              <Badge variant="outline" asChild>
                <Link to={pathFor('user-admin-regions-id', { id: x.regionId })}>{x.regionName}</Link>
              </Badge>
              <Badge variant="subtle" data-testid="office-counts">
                {t('orgAdmin.offices.teams')}: {x.teamCount} · {t('orgAdmin.offices.users')}: {x.userCount}
              </Badge>
            </Wrap>
            <DetailActions
              actions={[
                { label: t('orgAdmin.offices.edit'), show: x.may.edit, onClick: () => setDialog('edit') },
                { label: t('orgAdmin.offices.delete'), show: x.may.delete, danger: true, onClick: () => setDialog('delete') },
              ]}
            />
            <ChildTableCard
              title={t('orgAdmin.offices.teams')}
              rows={x.teams}
              rowKey={(team) => team.id}
              empty={t('orgAdmin.offices.noTeams')}
              testId="office-teams"
              columns={[
                { header: t('orgAdmin.teams.name'), cell: (team) => <RecordLink to={pathFor('user-admin-teams-id', { id: team.id })}>{team.name}</RecordLink> },
                { header: t('orgAdmin.teams.provider'), hideBelow: 'sm', cell: (team) => team.providerName ?? '–' },
                { header: t('orgAdmin.offices.members'), end: true, cell: (team) => team.memberCount },
              ]}
            />
            <ActivityLog
              lines={x.activity}
              testId="office-log"
              fieldLabel={(k) => ((LOGGED as readonly string[]).includes(k) ? t(`orgAdmin.offices.${k}`) : undefined)}
            />
          </Stack>
          {dialog === 'edit' ? (
            <OfficeDialog
              office={x}
              onClose={() => setDialog(null)}
              onConflict={() => void office.refetch()}
              onSaved={(message) => {
                snackbar.success(message)
                changed()
              }}
            />
          ) : null}
          <ConfirmDeleteDialog
            open={dialog === 'delete'}
            title={t('orgAdmin.offices.deleteTitle', { name: x.name })}
            text={t('orgAdmin.offices.deleteText')}
            blocked={x.teamCount > 0 ? t('orgAdmin.offices.deleteBlocked', { count: x.teamCount }) : null}
            deleteLabel={t('orgAdmin.offices.delete')}
            testId="delete-office"
            onDelete={async () => {
              await deleteOffice(x.id)
              snackbar.success(t('orgAdmin.offices.deleted', { name: x.name }))
              changed()
              void navigate(pathFor('user-admin-offices'))
            }}
            onClose={() => setDialog(null)}
          />
        </Page>
      )}
    </DetailState>
  )
}
