import { Button, Flex, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { DOUBLE_STATES, type DoubleSaleListItem, type DoubleState } from '../../../../shared/schemas/double-sales'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery, useListPage } from '../../../components/ui/data-table/use-list-query'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { DOUBLE_FILTER_KEYS, listDoubleSales, type DoubleSaleFilters } from '../api/double-sales-api'
import { DoubleSaleDialog, DoubleWindowDialog } from '../components/double-sale-dialogs'
import { doubleSaleColumns } from '../components/double-sale-columns'
import { salesKeys } from '../api/sales-keys'
import { FilterBar, FilterChips, OrgFilters } from '../../../components/ui/list-filters'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshDoubleSaleDecided, useRefreshSalesSettings, useSaleSettings } from '../api/sales-queries'

/**
 * /backoffice/double-sales: possible double sales (docs/decisions/025) — the same customer, provider and product
 * within the window back office sets — newest found first, each with both sales; confirm one (it becomes regret)
 * or dismiss the pair. State and filters in the URL.
 */
export default function DoubleSalesPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshDecided = useRefreshDoubleSaleDecided()
  const refreshSalesSettings = useRefreshSalesSettings()
  const mayDecide = ability.can('update', 'sale_reports')
  const { query, update, filters, active } = useListQuery({ sortBy: undefined, itemsPerPage: 25 }, DOUBLE_FILTER_KEYS)
  const state = (filters.state ?? 'open') as DoubleState
  const [deciding, setDeciding] = useState<{ pair: DoubleSaleListItem; mode: 'confirm' | 'dismiss' } | null>(null)
  const [editingWindow, setEditingWindow] = useState(false)

  const settings = useSaleSettings()
  const list = useListPage(salesKeys.doubleSales.list, listDoubleSales, query, filters)
  const refresh = () => {
    void refreshDecided()
  }
  const set = (key: keyof DoubleSaleFilters, value: string | undefined) => update({ [key]: value })

  const columns = doubleSaleColumns(t, lang, mayDecide ? (pair, mode) => setDeciding({ pair, mode }) : null)
  const csv = useCsvDownload({ fileName: t('routes.backoffice-double-sales'), columns, query, fetchPage: (q) => listDoubleSales(q, filters) })
  const windowDays = settings.data?.doubleWindowDays

  return (
    <Page title={t('routes.backoffice-double-sales')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Flex gap="3" align="center" wrap="wrap">
        <Text color="fg.muted" data-testid="double-window">
          {windowDays ? t('doubleSales.window', { count: windowDays }) : '\u00a0'}
        </Text>
        {mayDecide && windowDays ? (
          <Button size="xs" variant="ghost" onClick={() => setEditingWindow(true)}>
            {t('doubleSales.changeWindow')}
          </Button>
        ) : null}
      </Flex>
      <DataTable
        label={t('routes.backoffice-double-sales')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        activeFilters={active}
        filters={
          <FilterBar
            chips={
              <FilterChips
                label={t('doubleSales.columns.state')}
                values={DOUBLE_STATES}
                on={(s) => state === s}
                onToggle={(s) => set('state', s === 'open' ? undefined : s)}
                text={(s) => t(`doubleSales.states.${s}`)}
              />
            }
          >
            <OrgFilters
              within="sale_reports"
              provider={{ label: t('doubleSales.columns.provider'), value: filters.providerId, onChange: (v) => set('providerId', v) }}
              office={{ label: t('saleReports.filters.office'), value: filters.officeId, onChange: (v) => set('officeId', v) }}
              team={{ label: t('saleReports.columns.team'), value: filters.teamId, onChange: (v) => set('teamId', v) }}
              seller={{ label: t('saleReports.columns.seller'), value: filters.sellerId, onChange: (v) => set('sellerId', v) }}
            />
          </FilterBar>
        }
      />
      <DoubleSaleDialog
        key={deciding ? `${deciding.pair.id}-${deciding.mode}` : 'closed'}
        pair={deciding?.pair ?? null}
        mode={deciding?.mode ?? 'confirm'}
        onClose={() => setDeciding(null)}
        onConflict={refresh}
        onDecided={() => {
          snackbar.success(t(deciding?.mode === 'dismiss' ? 'doubleSales.dismissed' : 'doubleSales.confirmed'))
          setDeciding(null)
          refresh()
        }}
      />
      {windowDays ? (
        <DoubleWindowDialog
          key={String(editingWindow)}
          open={editingWindow}
          current={windowDays}
          onClose={() => setEditingWindow(false)}
          onSaved={() => {
            snackbar.success(t('doubleSales.windowSaved'))
            setEditingWindow(false)
            void refreshSalesSettings()
            refresh()
          }}
        />
      ) : null}
    </Page>
  )
}
