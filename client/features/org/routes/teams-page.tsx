import { Button } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { TeamListItem } from '../../../../shared/schemas/users'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { TeamDialog } from '../components/team-dialog'
import { useRefreshOrgTeams, useTeams } from '../api/org-queries'

/** /user-admin/teams: the teams the user may see, with office, region and members; a team opens its page (decision 036). */
export default function TeamsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const navigate = useNavigate()
  const refreshOrgTeams = useRefreshOrgTeams()
  const { query, update } = useListQuery({ sortBy: 'name', orderBy: 'asc' })
  const [creating, setCreating] = useState(false)
  const list = useTeams(query)
  const columns: Column<TeamListItem>[] = [
    { key: 'name', header: t('orgAdmin.teams.name'), sortKey: 'name', render: (x) => x.name, csv: (x) => x.name },
    { key: 'office', header: t('orgAdmin.teams.office'), sortKey: 'office', render: (x) => x.officeName, csv: (x) => x.officeName },
    { key: 'region', header: t('orgAdmin.offices.region'), sortKey: 'region', render: (x) => x.regionName, csv: (x) => x.regionName, hideBelow: 'md' },
    {
      key: 'provider',
      header: t('orgAdmin.teams.provider'),
      render: (x) => x.providerName ?? '–',
      csv: (x) => x.providerName ?? '',
      hideBelow: 'lg',
    },
    { key: 'members', header: t('orgAdmin.teams.members'), render: (x) => x.memberCount, csv: (x) => String(x.memberCount) },
  ]
  return (
    <Page title={t('routes.user-admin-teams')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <DataTable
        label={t('routes.user-admin-teams')}
        columns={columns}
        {...listState(list)}
        query={query}
        onQueryChange={update}
        onRowClick={(x) => navigate(pathFor('user-admin-teams-id', { id: x.id }))}
        toolbar={
          ability.can('create', 'teams') ? (
            <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
              {t('orgAdmin.teams.create')}
            </Button>
          ) : null
        }
      />
      {creating ? (
        <TeamDialog
          team="new"
          onClose={() => setCreating(false)}
          onConflict={() => undefined}
          onSaved={(id, name) => {
            snackbar.success(t('orgAdmin.teams.created', { name }))
            void refreshOrgTeams()
            void navigate(pathFor('user-admin-teams-id', { id }))
          }}
        />
      ) : null}
    </Page>
  )
}
