import { Field, HStack, Input, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { formatPercent } from '../../../../shared/format'
import { OFFER_STATES } from '../../../../shared/schemas/offers'
import { pathFor } from '../../../../shared/routes'
import { AddressTabs } from '../../../components/ui/address-tabs'
import { Choices } from '../../../components/ui/choices'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { FilterBar, OrgFilters } from '../../../components/ui/list-filters'
import { Page } from '../../../components/ui/page'
import { QueryState } from '../../../components/ui/load-error'
import { RecordTable } from '../../../components/ui/record-table'
import { useUrlParams } from '../../../lib/use-url-params'
import { useLanguage } from '../../../lib/use-language'
import { listOffers, OFFER_FILTER_KEYS, type OfferFilters } from '../api/offers-api'
import { useOffers, useOfferStats } from '../api/offers-queries'
import { offerColumns, spanText } from '../components/offer-parts'
import { OfferRulesPanel } from '../components/offer-rules-panel'

const TABS = ['list', 'stats', 'rules'] as const

/**
 * /backoffice/offers (docs/decisions/094): the written offers sent after telesales calls within the reader's rules,
 * how customers answer per provider, and where the law asks for one (the rules per provider and country).
 */
export default function OffersPage() {
  const { t } = useLanguage()
  return (
    <Page title={t('routes.backoffice-offers')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('offers.intro')}
      </Text>
      <AddressTabs
        tabs={TABS}
        label={(k) => t(`offers.tabs.${k}`)}
        testIdPrefix="offers-tab"
        panels={{ list: <OfferList />, stats: <OfferStats />, rules: <OfferRulesPanel /> }}
      />
    </Page>
  )
}

function OfferList() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const { query, update, filters, active } = useListQuery({ itemsPerPage: 25, sortBy: 'sentAt', orderBy: 'desc' }, OFFER_FILTER_KEYS)
  const list = useOffers(query, filters)
  const columns = offerColumns(t, lang)
  const csv = useCsvDownload({ fileName: t('routes.backoffice-offers'), columns, query, fetchPage: (q) => listOffers(q, filters) })
  const set = (key: keyof OfferFilters) => (value: string | undefined) => update({ [key]: value || undefined })
  return (
    <DataTable
      label={t('routes.backoffice-offers')}
      columns={columns}
      {...listTable(list, { query, update }, csv)}
      emptyText={active ? t('offers.emptyFiltered') : t('offers.empty')}
      activeFilters={active}
      filters={
        <FilterBar testId="offer-filters">
          <OrgFilters provider={{ label: t('offers.columns.provider'), value: filters.providerId, onChange: set('providerId') }} />
          <Field.Root>
            <Field.Label>{t('offers.filters.state')}</Field.Label>
            <Choices
              size="sm"
              value={filters.state ?? ''}
              onChange={(e) => set('state')(e.target.value)}
              empty={t('offers.filters.all')}
              options={OFFER_STATES.map((s) => ({ value: s, label: t(`offers.states.${s}`) }))}
              data-testid="offer-state-filter"
            />
          </Field.Root>
        </FilterBar>
      }
      onRowClick={(r) => void navigate(pathFor('backoffice-salereports-id', { id: r.saleId }))}
    />
  )
}

const monthStart = () => `${new Date().toISOString().slice(0, 8)}01`
const today = () => new Date().toISOString().slice(0, 10)

function OfferStats() {
  const { t, lang } = useLanguage()
  const [params, setParams] = useUrlParams()
  const [from, to] = [params.get('from') ?? monthStart(), params.get('to') ?? today()]
  const stats = useOfferStats(from, to)
  const set = (key: 'from' | 'to', value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current)
      if (value) next.set(key, value)
      else next.delete(key)
      return next
    })
  return (
    <>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root maxW="44">
          <Field.Label>{t('offers.stats.from')}</Field.Label>
          <Input size="sm" type="date" value={from} onChange={(e) => set('from', e.target.value)} />
        </Field.Root>
        <Field.Root maxW="44">
          <Field.Label>{t('offers.stats.to')}</Field.Label>
          <Input size="sm" type="date" value={to} onChange={(e) => set('to', e.target.value)} />
        </Field.Root>
      </HStack>
      <QueryState query={stats} empty={t('offers.stats.empty')} isEmpty={(d) => d.providers.length === 0}>
        {(data) => (
          <RecordTable
            bordered
            testId="offer-stats"
            label={t('offers.tabs.stats')}
            rows={data.providers}
            rowKey={(r) => r.providerId}
            rowTestId="offer-stats-row"
            columns={[
              { header: t('offers.stats.provider'), cell: (r) => r.providerName, strong: true },
              { header: t('offers.stats.sent'), cell: (r) => r.sent, end: true },
              { header: t('offers.stats.open'), cell: (r) => r.open, end: true, hideBelow: 'md' },
              { header: t('offers.stats.accepted'), cell: (r) => r.accepted, end: true },
              { header: t('offers.stats.declined'), cell: (r) => r.declined, end: true, hideBelow: 'md' },
              { header: t('offers.stats.expired'), cell: (r) => r.expired, end: true, hideBelow: 'md' },
              { header: t('offers.stats.rate'), cell: (r) => (r.acceptanceRate === null ? '–' : formatPercent(r.acceptanceRate, lang)), end: true },
              { header: t('offers.stats.median'), cell: (r) => (r.medianAcceptMs === null ? '–' : spanText(r.medianAcceptMs, t)), end: true },
            ]}
          />
        )}
      </QueryState>
    </>
  )
}
