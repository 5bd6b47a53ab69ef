import { Button, Input } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { SALE_STATUSES, type SaleStatus } from '../../../../shared/rules/sale'
import { type FormatLanguage } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import type { SaleReportListItem } from '../../../../shared/schemas/sale-reports'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { FILTER_KEYS, listSaleReports, type SaleReportFilters } from '../api/sale-reports-api'
import { ChangeStatusDialog, type MovableReport } from '../components/change-status-dialog'
import { SaleReportSummary } from '../components/sale-report-summary'
import { saleReportColumns } from '../components/sale-report-columns'
import { FilterBar, FilterChips, OrgFilters } from '../../../components/ui/list-filters'
import { chipsOf, toggleChip } from '../../../components/ui/filter-chips'
import { useRefreshSalesReports, useSaleReports } from '../api/sales-queries'

/**
 * /backoffice/salereports: every sale report back office may see, newest first, filtered by status, provider,
 * product, team, office, seller, sell dates and free text (all kept in the URL); a selection moves to another
 * status at once, with a reason and a result per report.
 */
export default function SaleReportsPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const ability = useAbility()
  const refreshSalesReports = useRefreshSalesReports()
  const { query, update, filters, active } = useListQuery({ sortBy: undefined, itemsPerPage: 25 }, FILTER_KEYS)
  const statuses = chipsOf(filters.status, SALE_STATUSES)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [moving, setMoving] = useState<MovableReport[] | null>(null)
  // The rows seen on any page, so a selection across pages still knows each report's version and status.
  const seen = useRef(new Map<string, SaleReportListItem>())

  const list = useSaleReports(query, filters, (rows) => {
    for (const row of rows) seen.current.set(row.id, row)
  })

  const setFilter = (key: keyof SaleReportFilters, value: string | undefined) => {
    const change: Record<string, string | undefined> = { [key]: value }
    // A product belongs to a provider: a new provider clears it.
    if (key === 'providerId') change.productId = undefined
    update(change)
  }
  const toggleStatus = (s: SaleStatus) => setFilter('status', toggleChip(statuses, s, SALE_STATUSES))
  const filtered = FILTER_KEYS.some((k) => filters[k])

  const lang = i18n.language as FormatLanguage
  const columns = saleReportColumns(t, lang)

  const csv = useCsvDownload({
    fileName: t('saleReports.csvFile'),
    columns,
    query,
    fetchPage: (q) => listSaleReports(q, filters),
  })
  // The selection as the dialog moves it, taken when it opens (a report's version and status as last seen).
  const openMove = () =>
    setMoving(
      [...selected].flatMap((id) => {
        const row = seen.current.get(id)
        return row ? [{ id, version: row.version, status: row.status, label: `${row.customerName} · ${row.sellerName}` }] : []
      }),
    )

  return (
    <Page title={t('routes.backoffice-salereports')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <SaleReportSummary from={filters.from} to={filters.to} />
      <DataTable
        label={t('routes.backoffice-salereports')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        selectable={ability.can('update', 'sale_reports')}
        selected={selected}
        onSelectedChange={setSelected}
        onRowClick={(r) => navigate(pathFor('backoffice-salereports-id', { id: r.id }))}
        activeFilters={active}
        toolbar={
          ability.can('update', 'sale_reports') ? (
            <Button size="sm" colorPalette="brand" disabled={selected.size === 0} onClick={openMove}>
              {t('saleReports.changeStatus')}
            </Button>
          ) : null
        }
        filters={
          <FilterBar
            testId="sale-report-filters"
            chips={
              <FilterChips
                label={t('saleReports.columns.status')}
                values={SALE_STATUSES}
                on={(s) => statuses.has(s)}
                onToggle={toggleStatus}
                text={(s) => t(`sales.status.${s}`)}
              />
            }
            clear={{
              label: t('saleReports.filters.clear'),
              active: filtered,
              onClear: () => update(Object.fromEntries(FILTER_KEYS.map((k) => [k, undefined]))),
            }}
          >
            <OrgFilters
              within="sale_reports"
              provider={{ label: t('saleReports.columns.provider'), value: filters.providerId, onChange: (v) => setFilter('providerId', v) }}
              product={{ label: t('saleReports.filters.product'), value: filters.productId, onChange: (v) => setFilter('productId', v) }}
              office={{ label: t('saleReports.filters.office'), value: filters.officeId, onChange: (v) => setFilter('officeId', v) }}
              team={{ label: t('saleReports.columns.team'), value: filters.teamId, onChange: (v) => setFilter('teamId', v) }}
              seller={{ label: t('saleReports.columns.seller'), value: filters.sellerId, onChange: (v) => setFilter('sellerId', v) }}
            />
            <Input
              size="sm"
              type="date"
              aria-label={t('saleReports.filters.from')}
              title={t('saleReports.filters.from')}
              value={filters.from ?? ''}
              max={filters.to}
              onChange={(e) => setFilter('from', e.currentTarget.value || undefined)}
            />
            <Input
              size="sm"
              type="date"
              aria-label={t('saleReports.filters.to')}
              title={t('saleReports.filters.to')}
              value={filters.to ?? ''}
              min={filters.from}
              onChange={(e) => setFilter('to', e.currentTarget.value || undefined)}
            />
          </FilterBar>
        }
      />
      <ChangeStatusDialog
        open={moving !== null}
        onOpenChange={(open) => (open ? undefined : setMoving(null))}
        reports={moving ?? []}
        onMoved={(moved) => {
          if (moved.length === 0) return
          snackbar.success(t('saleReports.move.movedCount', { count: moved.length }))
          setSelected((current) => new Set([...current].filter((id) => !moved.includes(id))))
          for (const id of moved) seen.current.delete(id)
          void refreshSalesReports()
        }}
      />
    </Page>
  )
}
