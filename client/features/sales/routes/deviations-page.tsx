import { Badge, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { DEVIATION_TYPES } from '../../../../shared/rules/sale'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { DEVIATION_STATES, type DeviationListItem, type DeviationState } from '../../../../shared/schemas/deviations'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { ageInDays, DEVIATION_FILTER_KEYS, listDeviations, type DeviationFilters } from '../api/deviations-api'
import { DeviationStateBadge } from '../components/status-badges'
import { salesKeys } from '../api/sales-keys'
import { FilterBar, FilterChips, OrgFilters } from '../../../components/ui/list-filters'
import { chipsOf, toggleChip } from '../../../components/ui/filter-chips'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'

/** Without a state in the URL the list shows the waiting ones (decision 024). */
const WAITING: DeviationState[] = ['open', 'corrected']

/**
 * /backoffice/deviations: back office's work list of deviations — waiting ones (open, or corrected by the seller)
 * oldest first, with their age; resolved ones on request. Filtered by state, type, provider, office, team, seller
 * and the customer's name or order number, all kept in the URL.
 */
export default function DeviationsPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const { query, update, filters, active } = useListQuery({ sortBy: undefined, itemsPerPage: 25 }, DEVIATION_FILTER_KEYS)
  const states = chipsOf(filters.state, DEVIATION_STATES, WAITING)

  const list = useListPage(salesKeys.deviations.list, listDeviations, query, filters)
  // "Now" for the ages, taken when the answer arrived: the same on every row.
  const now = list.dataUpdatedAt

  const toggleState = (s: DeviationState) => update({ state: toggleChip(states, s, DEVIATION_STATES, WAITING) })

  const set = (key: keyof DeviationFilters, value: string | undefined) => update({ [key]: value })

  const age = (r: DeviationListItem) => {
    const days = ageInDays(r.openedAt, r.resolvedAt ?? now)
    return days === 0 ? t('deviations.ageToday') : t('deviations.ageDays', { count: days })
  }
  const columns: Column<DeviationListItem>[] = [
    {
      key: 'openedAt',
      header: t('deviations.columns.opened'),
      sortKey: 'openedAt',
      render: (r) => <Text whiteSpace="nowrap">{formatDate(r.openedAt, lang)}</Text>,
      csv: (r) => new Date(r.openedAt).toISOString(),
      // On a phone the age says it.
      hideBelow: 'sm',
    },
    {
      key: 'age',
      header: t('deviations.columns.age'),
      render: (r) => (
        <Text whiteSpace="nowrap" fontWeight={r.resolvedAt ? undefined : 'medium'}>
          {age(r)}
        </Text>
      ),
      csv: (r) => ageInDays(r.openedAt, r.resolvedAt ?? now),
    },
    {
      key: 'customer',
      header: t('deviations.columns.customer'),
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.customerName}</Text>
          <Text fontSize="xs" color="fg.muted" lineClamp={1} title={r.reason}>
            {r.reason}
          </Text>
        </>
      ),
      csv: (r) => r.customerName,
    },
    {
      key: 'type',
      header: t('deviations.columns.type'),
      sortKey: 'type',
      render: (r) => <Badge variant="subtle">{t(`sales.deviationTypes.${r.type}`)}</Badge>,
      csv: (r) => t(`sales.deviationTypes.${r.type}`),
      hideBelow: 'sm',
    },
    { key: 'seller', header: t('deviations.columns.seller'), render: (r) => r.sellerName, csv: (r) => r.sellerName, hideBelow: 'md' },
    { key: 'team', header: t('deviations.columns.team'), render: (r) => r.teamName ?? '–', csv: (r) => r.teamName, hideBelow: 'lg' },
    { key: 'provider', header: t('deviations.columns.provider'), render: (r) => r.providerName, csv: (r) => r.providerName, hideBelow: 'lg' },
    {
      key: 'state',
      header: t('deviations.columns.state'),
      render: (r) => <DeviationStateBadge state={r.state} />,
      csv: (r) => t(`deviations.states.${r.state}`),
    },
  ]

  const csv = useCsvDownload({
    fileName: t('deviations.csvFile'),
    // The comment is its own column in the file (on screen it is under the customer).
    columns: [...columns.slice(0, 4), { key: 'reason', header: t('deviations.columns.reason'), render: () => null, csv: (r) => r.reason }, ...columns.slice(4)],
    query,
    fetchPage: (q) => listDeviations(q, filters),
  })

  return (
    <Page title={t('routes.backoffice-deviations')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <DataTable
        label={t('routes.backoffice-deviations')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        onRowClick={(r) => navigate(pathFor('backoffice-deviations-id', { id: r.id }))}
        activeFilters={active}
        filters={
          <FilterBar
            testId="deviation-filters"
            chips={
              <FilterChips
                label={t('deviations.columns.state')}
                values={DEVIATION_STATES}
                on={(s) => states.has(s)}
                onToggle={toggleState}
                text={(s) => t(`deviations.states.${s}`)}
              />
            }
            clear={{
              label: t('deviations.filters.clear'),
              active: active > 0,
              onClear: () => update(Object.fromEntries(DEVIATION_FILTER_KEYS.map((k) => [k, undefined]))),
            }}
          >
            <Choices
              size="sm"
              aria-label={t('deviations.filters.type')}
              value={filters.type ?? ''}
              onChange={(e) => set('type', e.currentTarget.value || undefined)}
              empty={t('deviations.filters.allTypes')}
              options={DEVIATION_TYPES.map((d) => ({ value: d, label: t(`sales.deviationTypes.${d}`) }))}
            />
            <OrgFilters
              within="sale_reports"
              provider={{ label: t('deviations.columns.provider'), value: filters.providerId, onChange: (v) => set('providerId', v) }}
              office={{ label: t('saleReports.filters.office'), value: filters.officeId, onChange: (v) => set('officeId', v) }}
              team={{ label: t('deviations.columns.team'), value: filters.teamId, onChange: (v) => set('teamId', v) }}
              seller={{ label: t('deviations.columns.seller'), value: filters.sellerId, onChange: (v) => set('sellerId', v) }}
            />
          </FilterBar>
        }
      />
    </Page>
  )
}
