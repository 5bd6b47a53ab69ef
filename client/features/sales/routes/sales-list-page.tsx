import { Box, Button, Card, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useMemo } from 'react'
import { Link, useNavigate } from 'react-router'
import { formatDate, formatOre } from '../../../../shared/format'
import { SALE_STATUSES, type SaleStatus } from '../../../../shared/schemas/sales'
import { Page } from '../../../components/ui/page'
import type { LocalSale } from '../../../lib/offline-db'
import { useSellerStore } from '../../../lib/device-store'
import { useAllSales, useCatalog } from '../api/seller-store'
import { SyncBadge } from '../../../components/ui/sync-badge'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { RecordTable } from '../../../components/ui/record-table'

function matches(sale: LocalSale, q: string) {
  const hay = [sale.customerName, sale.companyName, sale.address, sale.city, sale.postalCode, sale.externalOrderNumber].filter(Boolean).join(' ').toLowerCase()
  return hay.includes(q.toLowerCase())
}

/** The sales as cards, for a phone: the customer, value, provider and products, the day, its status and sync. */
function SaleCards(props: { sales: LocalSale[]; providerName: Map<string, string>; products: (s: LocalSale) => string }) {
  const { lang } = useLanguage()
  const { sales, providerName, products } = props
  return (
    <Stack gap="3" hideFrom="md" data-testid="sales-cards">
      {sales.map((s) => (
        <Card.Root key={s.id} asChild size="sm" data-testid="sale-row">
          <Link to={`/sales/${s.id}`}>
            <Card.Body>
              <Flex justify="space-between" gap="2">
                <Text fontWeight="semibold">{s.companyName ?? s.customerName}</Text>
                <Text fontWeight="semibold">{formatOre(s.orderValueOre, lang)}</Text>
              </Flex>
              <Text fontSize="sm" color="fg.muted">
                {providerName.get(s.providerId) ?? '–'} · {products(s)}
              </Text>
              <HStack mt="2" gap="2" wrap="wrap">
                <Text fontSize="xs" color="fg.muted">
                  {formatDate(s.soldAt, lang)}
                </Text>
                <SaleStatusBadge status={s.status as SaleStatus} />
                <SyncBadge sync={s.sync} />
              </HStack>
            </Card.Body>
          </Link>
        </Card.Root>
      ))}
    </Stack>
  )
}

/** The seller's own sales, from the device: filters by status and date and a search, kept in the URL. */
export default function SalesListPage() {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const [params, setParams] = useUrlParams()
  const status = params.get('status') ?? ''
  const from = params.get('from') ?? ''
  const to = params.get('to') ?? ''
  const q = params.get('q') ?? ''
  const { db } = useSellerStore()
  const catalog = useCatalog(db)
  const all = useAllSales(db)
  const providerName = useMemo(() => new Map((catalog?.providers ?? []).map((p) => [p.id, p.name])), [catalog])
  const productName = useMemo(() => new Map((catalog?.products ?? []).map((p) => [p.id, p.name])), [catalog])

  const sales = useMemo(
    () => (all ?? []).filter((s) => (!status || s.status === status) && (!from || s.sellDate >= from) && (!to || s.sellDate <= to) && (!q || matches(s, q))),
    [all, status, from, to, q],
  )
  const total = sales.filter((s) => s.sync !== 'rejected').reduce((sum, s) => sum + s.orderValueOre, 0)

  const setParam = (key: string, value: string) => setParams((current) => withParams(current, { [key]: value }), { replace: true })
  const products = (s: LocalSale) => s.products.map((l) => `${l.quantity} × ${productName.get(l.productId) ?? '–'}`).join(', ')

  return (
    <Page title={t('routes.sales-list')} breadcrumbs={[{ label: t('nav.groups.sales') }]}>
      <Flex gap="3" wrap="wrap" align="flex-end">
        <Box flex="1 1 14rem">
          <Text asChild fontSize="sm">
            <label htmlFor="sales-q">{t('sales.search')}</label>
          </Text>
          <Input id="sales-q" type="search" value={q} placeholder={t('sales.searchPlaceholder')} onChange={(e) => setParam('q', e.target.value)} />
        </Box>
        <Box flex="0 1 11rem">
          <Text asChild fontSize="sm">
            <label htmlFor="sales-status">{t('sales.statusLabel')}</label>
          </Text>
          <Choices
            id="sales-status"
            value={status}
            onChange={(e) => setParam('status', e.target.value)}
            empty={t('sales.allStatuses')}
            options={SALE_STATUSES.map((s) => ({ value: s, label: t(`sales.status.${s}`) }))}
          />
        </Box>
        <Box flex="0 1 10rem">
          <Text asChild fontSize="sm">
            <label htmlFor="sales-from">{t('sales.from')}</label>
          </Text>
          <Input id="sales-from" type="date" value={from} onChange={(e) => setParam('from', e.target.value)} />
        </Box>
        <Box flex="0 1 10rem">
          <Text asChild fontSize="sm">
            <label htmlFor="sales-to">{t('sales.to')}</label>
          </Text>
          <Input id="sales-to" type="date" value={to} onChange={(e) => setParam('to', e.target.value)} />
        </Box>
        <Button asChild colorPalette="brand">
          <Link to="/sales/create">{t('routes.sales-create')}</Link>
        </Button>
      </Flex>

      <Text fontSize="sm" color="fg.muted" data-testid="sales-summary">
        {t('sales.summary', { count: sales.length, value: formatOre(total, lang) })}
      </Text>

      {all !== undefined && sales.length === 0 ? (
        <Card.Root variant="subtle">
          <Card.Body>
            <Text>{all.length === 0 ? t('sales.emptyNone') : t('sales.emptyFiltered')}</Text>
          </Card.Body>
        </Card.Root>
      ) : null}

      {/* Phones: cards. Wider screens: a table. */}
      <SaleCards sales={sales} providerName={providerName} products={products} />
      <Box hideBelow="md">
        <RecordTable
          rows={sales}
          rowKey={(s) => s.id}
          rowTestId="sale-row"
          onRowClick={(s) => navigate(`/sales/${s.id}`)}
          columns={[
            {
              header: t('sales.date'),
              cell: (s) => (
                <Text as="span" whiteSpace="nowrap">
                  {formatDate(s.soldAt, lang)}
                </Text>
              ),
            },
            {
              header: t('sales.customer'),
              cell: (s) => (
                <>
                  <Link to={`/sales/${s.id}`}>{s.companyName ?? s.customerName}</Link>
                  <Text fontSize="xs" color="fg.muted">
                    {s.address}, {s.city}
                  </Text>
                </>
              ),
            },
            { header: t('sales.provider'), cell: (s) => providerName.get(s.providerId) ?? '–' },
            { header: t('sales.products'), cell: products },
            { header: t('sales.orderValue'), cell: (s) => formatOre(s.orderValueOre, lang), end: true },
            {
              header: t('sales.statusLabel'),
              cell: (s) => (
                <HStack gap="1">
                  <SaleStatusBadge status={s.status as SaleStatus} />
                  <SyncBadge sync={s.sync} />
                </HStack>
              ),
            },
          ]}
        />
      </Box>
    </Page>
  )
}
