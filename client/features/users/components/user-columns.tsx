import { Badge } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import type { UserListItem } from '../../../../shared/schemas/users'
import type { Column } from '../../../components/ui/data-table/data-table'
import { StackedCell } from '../../../components/ui/data-table/stacked-cell'
import { roleName } from '../../../lib/role-name'

export type Variant = 'all' | 'new' | 'former'

/**
 * The users list's columns (and its CSV): name, email, role, team and office, then by list — all users: title and
 * status; new ones: created and last sign-in; former ones: when and why they were deactivated.
 */
export function userColumns(t: TFunction, lang: FormatLanguage, variant: Variant): Column<UserListItem>[] {
  const date = (ms: number | null) => (ms ? formatDate(ms, lang) : '–')
  const columns: Column<UserListItem>[] = [
    {
      key: 'name',
      header: t('users.name'),
      sortKey: 'name',
      render: (u) => <StackedCell main={u.fullName} under={u.email} />,
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
  if (variant === 'all') {
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
  } else if (variant === 'new') {
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
  return columns
}
