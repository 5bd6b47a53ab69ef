import { SimpleGrid } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { USER_STATUSES } from '../../../../shared/schemas/users'
import { Choices, type Choice } from '../../../components/ui/choices'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import type { UserFilters } from '../api/users-api'

type Props = {
  filters: UserFilters
  update: (change: Partial<Record<keyof UserFilters, string | undefined>>) => void
  /** the roles to filter by; null for a reader who may not see roles */
  roles: Array<{ id: string; key: string | null; name: string }> | null
  titles: string[]
}

/** The users list's filters: status, role, team, office, region and title (each organisation lookup as the reader may see it). */
export function UserFilterBar({ filters, update, roles, titles }: Props) {
  const { t } = useTranslation()
  const ability = useAbility()
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

  return (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="2">
      {filterSelect(
        'status',
        t('userAdmin.filters.status'),
        USER_STATUSES.map((s) => ({ value: s === 'active' ? '' : s, label: t(`userAdmin.filters.statuses.${s}`) })),
      )}
      {roles
        ? filterSelect(
            'roleId',
            t('userAdmin.filters.role'),
            roles.map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) })),
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
        titles.map((x) => ({ value: x, label: x })),
        t('lookup.all', { what: t('userAdmin.filters.title') }),
      )}
    </SimpleGrid>
  )
}
