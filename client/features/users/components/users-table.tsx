import { Button } from '@chakra-ui/react'
import { useMemo, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { type BulkUsersAnswer } from '../../../../shared/schemas/users'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { bulkUsers, listUsers, USER_FILTER_KEYS, type UserFilters } from '../api/users-api'
import { UserFilterBar } from './user-filter-bar'
import { userColumns, type Variant } from './user-columns'
import { ChangeTeamDialog, DeactivateDialog, SkippedDialog } from './user-action-dialogs'
import { usersKeys } from '../api/users-keys'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshUsers, useRefreshUsersUser, useRoles, useUserTitles } from '../api/users-queries'

/**
 * The users table of /user-admin/users (filters, selection, bulk actions) and of the two management lists:
 * new users (created since `createdSince`, newest first) and former ones (deactivated, latest first).
 */
export function UsersTable(props: { variant: Variant; label: string; createdSince?: number; toolbar?: ReactNode; empty?: string }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const refreshUsers = useRefreshUsers()
  const refreshUsersUser = useRefreshUsersUser()
  const defaultSort = props.variant === 'new' ? 'created' : props.variant === 'former' ? 'deactivated' : 'name'
  // The management lists open newest first.
  const { query, update, filters: urlFilters } = useListQuery({ sortBy: defaultSort, orderBy: props.variant === 'all' ? 'asc' : 'desc' }, USER_FILTER_KEYS)
  const filters: UserFilters = useMemo(() => {
    if (props.variant === 'new') return { ...urlFilters, status: 'active', createdSince: String(props.createdSince) }
    if (props.variant === 'former') return { ...urlFilters, status: 'former' }
    return urlFilters
  }, [urlFilters, props.variant, props.createdSince])
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [bulk, setBulk] = useState<'team' | 'deactivate' | null>(null)
  const [skipped, setSkipped] = useState<BulkUsersAnswer | null>(null)

  const list = useListPage(usersKeys.list, listUsers, query, filters)
  const canViewRoles = ability.can('view', 'roles')
  const roles = useRoles({ enabled: canViewRoles && props.variant === 'all' })
  const titles = useUserTitles({ enabled: props.variant === 'all' })
  const mayBulk = ability.can('update', 'users') && props.variant !== 'former'

  const columns = userColumns(t, lang, props.variant)

  const csv = useCsvDownload({ fileName: t('users.csvFile'), columns, query, fetchPage: (q) => listUsers(q, filters) })

  const afterBulk = (answer: BulkUsersAnswer) => {
    setBulk(null)
    setSelected(new Set())
    void refreshUsers()
    void refreshUsersUser()
    const text =
      answer.skipped.length > 0
        ? t('userAdmin.bulk.doneSkipped', { changed: answer.changed, skipped: answer.skipped.length })
        : t('userAdmin.bulk.done', { changed: answer.changed })
    snackbar.show(text, { color: answer.changed > 0 ? 'success' : 'warning', icon: answer.changed > 0 ? 'success' : 'warning' })
    if (answer.skipped.length > 0) setSkipped(answer)
  }

  const filterUi =
    props.variant === 'all' ? (
      <UserFilterBar filters={filters} update={update} roles={canViewRoles ? (roles.data?.items ?? []) : null} titles={titles.data?.items ?? []} />
    ) : undefined

  return (
    <>
      <DataTable
        label={props.label}
        columns={columns}
        {...listState(list)}
        emptyText={props.empty}
        query={query}
        onQueryChange={update}
        selectable={mayBulk}
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={(u) => navigate(pathFor('user-admin-users-id', { id: u.id }))}
        onDownloadCsv={() => void csv.download()}
        downloading={csv.downloading}
        filters={filterUi}
        activeFilters={USER_FILTER_KEYS.filter((k) => k !== 'createdSince' && urlFilters[k]).length}
        toolbar={
          <>
            {mayBulk && selected.size > 0 ? (
              <>
                <Button size="sm" variant="outline" onClick={() => setBulk('team')}>
                  {t('userAdmin.bulk.changeTeam')}
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setBulk('deactivate')}>
                  {t('userAdmin.bulk.deactivate')}
                </Button>
              </>
            ) : null}
            {props.toolbar}
          </>
        }
      />
      <ChangeTeamDialog
        open={bulk === 'team'}
        onClose={() => setBulk(null)}
        count={selected.size}
        onConfirm={async (teamId) => afterBulk(await bulkUsers({ action: 'team', ids: [...selected], teamId }))}
      />
      <DeactivateDialog
        open={bulk === 'deactivate'}
        onClose={() => setBulk(null)}
        title={t('userAdmin.bulk.deactivateTitle', { count: selected.size })}
        text={t('userAdmin.bulk.deactivateText')}
        onConfirm={async (reason) => afterBulk(await bulkUsers({ action: 'deactivate', ids: [...selected], reason }))}
      />
      <SkippedDialog answer={skipped} onClose={() => setSkipped(null)} />
    </>
  )
}
