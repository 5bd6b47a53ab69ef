import { Badge, Button, CloseButton, Flex, SimpleGrid } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { pathFor } from '../../../../shared/routes'
import { ORDER_MATCH_STATES } from '../../../../shared/schemas/orders'
import { listState } from '../../../components/ui/data-table/list-state'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { listOrders, ORDER_FILTER_KEYS, type OrderFilters } from '../api/orders-api'
import { ImportDialog } from '../components/import-dialog'
import { ordersKeys } from '../api/orders-keys'
import { orderColumns } from '../components/order-columns'
import { FilterChips } from '../../../components/ui/list-filters'
import { ChildTableCard, RecordLink } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { useImportState, useRefreshImported, useRefreshOrders, useSalesWithoutOrder } from '../api/orders-queries'

/**
 * /backoffice/ordermanagement: order registrations from providers' order files, newest first, each with the sale
 * report it is matched to; filtered by provider, matched or not, and import. An import's orders are its "Matched
 * Sale Reports": its matches and unmatched orders here, and below them the period's sale reports no order has.
 */
export default function OrderManagementPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const refreshImported = useRefreshImported()
  const refreshOrders = useRefreshOrders()
  const { query, update, filters, active } = useListQuery({ sortBy: undefined, itemsPerPage: 25 }, ORDER_FILTER_KEYS)
  const [importing, setImporting] = useState(false)

  const list = useListPage(ordersKeys.list, listOrders, query, filters)
  const imported = useImportState(filters.importId)
  const period = imported.data?.summary?.from && imported.data.summary.to ? { from: imported.data.summary.from, to: imported.data.summary.to } : null
  const missing = useSalesWithoutOrder(imported.data?.providerId, period, ability.can('view', 'sale_reports'))
  const set = (key: keyof OrderFilters, value: string | undefined) => update({ [key]: value })

  const columns = orderColumns(t, lang)
  const csv = useCsvDownload({ fileName: t('orderManagement.csvFile'), columns, query, fetchPage: (q) => listOrders(q, filters) })

  return (
    <Page title={t('routes.backoffice-ordermanagement')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      {filters.importId && imported.data ? (
        <Flex gap="2" align="center" wrap="wrap" data-testid="import-filter">
          <Badge size="lg" variant="subtle" colorPalette="brand">
            {t('orderManagement.fromImport', { file: imported.data.fileName, date: formatDate(imported.data.createdAt, lang) })}
          </Badge>
          <CloseButton size="xs" aria-label={t('orderManagement.clearImport')} onClick={() => set('importId', undefined)} />
        </Flex>
      ) : null}
      <DataTable
        label={t('routes.backoffice-ordermanagement')}
        columns={columns}
        {...listState(list)}
        totalCapped={list.data?.totalCapped}
        query={query}
        onQueryChange={update}
        onRowClick={(r) => navigate(pathFor('backoffice-ordermanagement-id', { id: r.id }))}
        onDownloadCsv={() => void csv.download()}
        downloading={csv.downloading}
        activeFilters={active}
        toolbar={
          ability.can('create', 'order_registrations') ? (
            <Button size="sm" colorPalette="brand" onClick={() => setImporting(true)}>
              {t('orderManagement.importFile')}
            </Button>
          ) : null
        }
        filters={
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2">
            <FilterChips
              label={t('orderManagement.columns.sale')}
              values={['all', ...ORDER_MATCH_STATES] as const}
              on={(m) => (filters.match ?? 'all') === m}
              onToggle={(m) => set('match', m === 'all' ? undefined : m)}
              text={(m) => t(`orderManagement.match.${m}`)}
            />
            <LookupNativeSelect
              kind="providers"
              label={t('orderManagement.columns.provider')}
              value={filters.providerId}
              onChange={(v) => set('providerId', v)}
            />
          </SimpleGrid>
        }
      />
      {period && missing.data ? (
        <ChildTableCard
          title={t('orderManagement.unmatchedSales', { from: formatDate(period.from, lang), to: formatDate(period.to, lang) })}
          count={false}
          cardTestId="unmatched-sales"
          rows={missing.data.items}
          rowKey={(s) => s.id}
          empty={t('orderManagement.noUnmatchedSales')}
          columns={[
            {
              header: t('saleReports.columns.customer'),
              cell: (s) => <RecordLink to={pathFor('backoffice-salereports-id', { id: s.id })}>{s.customerName}</RecordLink>,
            },
            { header: t('saleReports.columns.soldAt'), cell: (s) => formatDate(s.sellDate, lang) },
            { header: t('saleReports.columns.seller'), cell: (s) => s.sellerName, hideBelow: 'sm' },
            { header: t('saleReports.columns.orderNumber'), cell: (s) => s.externalOrderNumber ?? '–', hideBelow: 'md' },
            { header: t('saleReports.columns.status'), cell: (s) => <SaleStatusBadge status={s.status} /> },
          ]}
        />
      ) : null}
      <ImportDialog
        key={String(importing)}
        open={importing}
        onClose={() => {
          setImporting(false)
          void refreshOrders()
        }}
        onImported={(id) => {
          setImporting(false)
          void refreshImported()
          update({ importId: id, match: undefined, providerId: undefined })
        }}
      />
    </Page>
  )
}
