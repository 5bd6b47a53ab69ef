import { Badge, Button, Text } from '@chakra-ui/react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { UserListItem } from '../../../../shared/schemas/users'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { listState } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { listUsers } from '../api/users-api'
import { CreateUserDialog } from '../components/create-user-dialog'
import { roleName } from '../../../lib/role-name'

/** /user-admin/users: the users this account may see (rule conditions apply on the server). */
export default function UsersPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const { query, update } = useListQuery({ sortBy: 'name' })
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [creating, setCreating] = useState(false)

  const list = useQuery({
    queryKey: ['users', query],
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  })

  const columns: Column<UserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      sortKey: 'name',
      render: (u) => <Text fontWeight="medium">{u.fullName}</Text>,
      csv: (u) => u.fullName,
    },
    { key: 'email', header: t('users.email'), sortKey: 'email', render: (u) => u.email, csv: (u) => u.email, hideBelow: 'md' },
    {
      key: 'role',
      header: t('users.role'),
      sortKey: 'role',
      render: (u) => roleName(t, u.roleKey, u.roleName),
      csv: (u) => roleName(t, u.roleKey, u.roleName),
    },
    { key: 'team', header: t('users.team'), sortKey: 'team', render: (u) => u.teamName ?? '–', csv: (u) => u.teamName, hideBelow: 'lg' },
    { key: 'office', header: t('users.office'), render: (u) => u.officeName ?? '–', csv: (u) => u.officeName, hideBelow: 'lg' },
    {
      key: 'status',
      header: t('users.status'),
      render: (u) => (
        <Badge colorPalette={u.active ? 'green' : 'gray'} variant="subtle">
          {u.active ? t('table.active') : t('table.inactive')}
        </Badge>
      ),
      csv: (u) => (u.active ? t('table.active') : t('table.inactive')),
    },
  ]

  const csv = useCsvDownload({ fileName: t('users.csvFile'), columns, query, fetchPage: (q) => listUsers(q) })

  return (
    <Page title={t('routes.user-admin-users')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <DataTable
        label={t('routes.user-admin-users')}
        columns={columns}
        {...listState(list)}
        query={query}
        onQueryChange={update}
        selectable
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={(u) => navigate(pathFor('user-admin-users-id', { id: u.id }))}
        onDownloadCsv={() => void csv.download()}
        downloading={csv.downloading}
        toolbar={
          <>
            {ability.can('update', 'users') ? (
              <>
                <Button asChild size="sm" variant="outline">
                  <Link to={pathFor('user-admin-users-notifications')}>{t('routes.user-admin-users-notifications')}</Link>
                </Button>
                <Button asChild size="sm" variant="outline">
                  <Link to={pathFor('user-admin-users-deviations')}>{t('routes.user-admin-users-deviations')}</Link>
                </Button>
              </>
            ) : null}
            {ability.can('create', 'users') ? (
              <Button size="sm" colorPalette="brand" onClick={() => setCreating(true)}>
                {t('users.create')}
              </Button>
            ) : null}
          </>
        }
      />
      <CreateUserDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(name) => {
          snackbar.show(t('users.created', { name }), { color: 'success', icon: 'success' })
          void queryClient.invalidateQueries({ queryKey: ['users'] })
        }}
      />
    </Page>
  )
}
