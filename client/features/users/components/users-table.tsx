import { Badge, Button, SimpleGrid, Text } from '@chakra-ui/react'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { USER_STATUSES, type BulkUsersAnswer, type UserListItem } from '../../../../shared/schemas/users'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { bulkUsers, listRoles, listUsers, userTitles, USER_FILTER_KEYS, type UserFilters } from '../api/users-api'
import { ChangeTeamDialog, DeactivateDialog, SkippedDialog } from './user-action-dialogs'
import { usersKeys } from '../api/users-keys'
import { Choice, Choices } from '../../../components/ui/choices'

type Variant = 'all' | 'new' | 'former'

/**
 * The users table of /user-admin/users (filters, selection, bulk actions) and of the two management lists:
 * new users (created since `createdSince`, newest first) and former ones (deactivated, latest first).
 */
export function UsersTable(props: { variant: Variant; label: string; createdSince?: number; toolbar?: ReactNode; empty?: string }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const navigate = useNavigate()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const defaultSort = props.variant === 'new' ? 'created' : props.variant === 'former' ? 'deactivated' : 'name'
  // The management lists open newest first.
  const { query, update } = useListQuery({ sortBy: defaultSort, orderBy: props.variant === 'all' ? 'asc' : 'desc' })
  const [params] = useSearchParams()
  const urlFilters: UserFilters = useMemo(() => Object.fromEntries(USER_FILTER_KEYS.map((k) => [k, params.get(k) || undefined])), [params])
  const filters: UserFilters = useMemo(() => {
    if (props.variant === 'new') return { ...urlFilters, status: 'active', createdSince: String(props.createdSince) }
    if (props.variant === 'former') return { ...urlFilters, status: 'former' }
    return urlFilters
  }, [urlFilters, props.variant, props.createdSince])
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [bulk, setBulk] = useState<'team' | 'deactivate' | null>(null)
  const [skipped, setSkipped] = useState<BulkUsersAnswer | null>(null)

  const list = useQuery({
    queryKey: usersKeys.list(query, filters),
    queryFn: ({ signal }) => listUsers(query, filters, signal),
    placeholderData: keepPreviousData,
  })
  const canViewRoles = ability.can('view', 'roles')
  const roles = useQuery({ queryKey: usersKeys.roles, queryFn: ({ signal }) => listRoles(signal), enabled: canViewRoles && props.variant === 'all' })
  const titles = useQuery({ queryKey: usersKeys.titles, queryFn: ({ signal }) => userTitles(signal), enabled: props.variant === 'all' })
  const mayBulk = ability.can('update', 'users') && props.variant !== 'former'

  const date = (ms: number | null) => (ms ? formatDate(ms, lang) : '–')
  const columns: Column<UserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      sortKey: 'name',
      render: (u) => (
        <>
          <Text fontWeight="medium">{u.fullName}</Text>
          <Text fontSize="xs" color="fg.muted" hideFrom="md">
            {u.email}
          </Text>
        </>
      ),
      csv: (u) => u.fullName,
    },
    { key: 'email', header: t('users.email'), sortKey: 'email', render: (u) => u.email, csv: (u) => u.email, hideBelow: 'md' },
    {
      key: 'role',
      header: t('users.role'),
      sortKey: 'role',
      render: (u) => roleName(t, u.roleKey, u.roleName),
      csv: (u) => roleName(t, u.roleKey, u.roleName),
      hideBelow: 'sm',
    },
    { key: 'team', header: t('users.team'), sortKey: 'team', render: (u) => u.teamName ?? '–', csv: (u) => u.teamName, hideBelow: 'lg' },
    { key: 'office', header: t('users.office'), render: (u) => u.officeName ?? '–', csv: (u) => u.officeName, hideBelow: 'lg' },
  ]
  if (props.variant === 'all') {
    columns.push(
      { key: 'title', header: t('userAdmin.columns.title'), render: (u) => u.title ?? '–', csv: (u) => u.title, hideBelow: 'lg' },
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
    )
  } else if (props.variant === 'new') {
    columns.push(
      {
        key: 'created',
        header: t('userAdmin.columns.created'),
        sortKey: 'created',
        render: (u) => date(u.createdAt),
        csv: (u) => date(u.createdAt),
        hideBelow: 'sm',
      },
      {
        key: 'lastSignIn',
        header: t('userAdmin.columns.lastSignIn'),
        render: (u) =>
          u.lastSignInAt ? (
            date(u.lastSignInAt)
          ) : (
            <Badge colorPalette="orange" variant="subtle">
              {t('userAdmin.neverSignedIn')}
            </Badge>
          ),
        csv: (u) => (u.lastSignInAt ? date(u.lastSignInAt) : t('userAdmin.neverSignedIn')),
      },
    )
  } else {
    columns.push(
      {
        key: 'deactivated',
        header: t('userAdmin.columns.deactivated'),
        sortKey: 'deactivated',
        render: (u) => date(u.deactivatedAt),
        csv: (u) => date(u.deactivatedAt),
      },
      { key: 'reason', header: t('userAdmin.columns.reason'), render: (u) => u.deactivationReason ?? '–', csv: (u) => u.deactivationReason, hideBelow: 'md' },
    )
  }

  const csv = useCsvDownload({ fileName: t('users.csvFile'), columns, query, fetchPage: (q) => listUsers(q, filters) })

  const afterBulk = (answer: BulkUsersAnswer) => {
    setBulk(null)
    setSelected(new Set())
    void queryClient.invalidateQueries({ queryKey: usersKeys.all })
    void queryClient.invalidateQueries({ queryKey: usersKeys.user.all })
    const text =
      answer.skipped.length > 0
        ? t('userAdmin.bulk.doneSkipped', { changed: answer.changed, skipped: answer.skipped.length })
        : t('userAdmin.bulk.done', { changed: answer.changed })
    snackbar.show(text, { color: answer.changed > 0 ? 'success' : 'warning', icon: answer.changed > 0 ? 'success' : 'warning' })
    if (answer.skipped.length > 0) setSkipped(answer)
  }

  const filterSelect = (key: 'status' | 'title' | 'roleId', label: string, options: Choice[], allLabel?: string) => (
    <Choices
      size="sm"
      aria-label={label}
      value={filters[key] ?? ''}
      onChange={(e) => update({ [key]: e.currentTarget.value || undefined })}
      options={options}
      empty={allLabel}
    />
  )

  const filterUi =
    props.variant === 'all' ? (
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="2">
        {filterSelect(
          'status',
          t('userAdmin.filters.status'),
          USER_STATUSES.map((s) => ({ value: s === 'active' ? '' : s, label: t(`userAdmin.filters.statuses.${s}`) })),
        )}
        {canViewRoles
          ? filterSelect(
              'roleId',
              t('userAdmin.filters.role'),
              (roles.data?.items ?? []).map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) })),
              t('lookup.all', { what: t('userAdmin.filters.role') }),
            )
          : null}
        {ability.can('view', 'teams') ? (
          <LookupNativeSelect kind="teams" label={t('userAdmin.filters.team')} value={filters.teamId} onChange={(v) => update({ teamId: v })} />
        ) : null}
        {ability.can('view', 'offices') ? (
          <LookupNativeSelect
            kind="offices"
            within="users"
            label={t('userAdmin.filters.office')}
            value={filters.officeId}
            onChange={(v) => update({ officeId: v })}
          />
        ) : null}
        {ability.can('view', 'regions') ? (
          <LookupNativeSelect kind="regions" label={t('userAdmin.filters.region')} value={filters.regionId} onChange={(v) => update({ regionId: v })} />
        ) : null}
        {filterSelect(
          'title',
          t('userAdmin.filters.title'),
          (titles.data?.items ?? []).map((x) => ({ value: x, label: x })),
          t('lookup.all', { what: t('userAdmin.filters.title') }),
        )}
      </SimpleGrid>
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
