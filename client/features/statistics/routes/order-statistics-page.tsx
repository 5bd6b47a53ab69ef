import { Box, Card, Field, Input, Link, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router'
import { formatDate, formatMonth, formatOre, formatPercent, type FormatLanguage } from '../../../../shared/format'
import { EARNING_STATUSES } from '../../../../shared/rules/earnings'
import { comparePeriod, monthRange, periodPreset, type ComparePreset, type PeriodPreset } from '../../../../shared/rules/work'
import { fieldErrorsOf } from '../../../../shared/schemas/errors'
import { orderStatsFilterSchema, type OrderStatistics, type OrderStatsFilter } from '../../../../shared/schemas/statistics'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { orderStatistics } from '../api/statistics-api'
import { PeriodFields, usePeriodFilter } from '../../../components/ui/period-fields'
import { statisticsKeys } from '../api/statistics-keys'
import { OrgFilters } from '../../../components/ui/list-filters'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { useOrderStatistics } from '../api/statistics-queries'

const PRESETS = ['last30', 'thisMonth', 'lastMonth', 'thisYear', 'last12'] as const satisfies readonly PeriodPreset[]

/** The sale reports behind a figure: the same period, place and person, the statuses that stand, and the figure's own narrowing. */
function salesHref(filter: OrderStatsFilter, narrow: Record<string, string | undefined>): string {
  const q = new URLSearchParams()
  const all: Record<string, string | undefined> = {
    status: EARNING_STATUSES.join(','),
    from: filter.from,
    to: filter.to,
    officeId: filter.officeId,
    teamId: filter.teamId,
    sellerId: filter.sellerId,
    providerId: filter.providerId,
    ...narrow,
  }
  for (const [k, v] of Object.entries(all)) if (v) q.set(k, v)
  return `/backoffice/salereports?${q.toString()}`
}

/**
 * /dashboards/sales/orders (docs/decisions/048): the period's standing sales by product, by team and over time, for
 * all the teams and sellers the reader may see or one team or seller; every figure opens the sale reports behind it.
 * The filter is in the address, so a link or the back button brings the same figures.
 */
export default function OrderStatisticsPage() {
  const { t } = useTranslation()
  const { filter, problems, fields } = usePeriodFilter<OrderStatsFilter>(orderStatsFilterSchema, (today) => periodPreset('last30', today), {
    teamId: 'team',
    sellerId: 'seller',
  })
  const { update } = useListQuery()
  const set = (changes: Record<string, string | undefined>) => update(changes, true, 'push')

  return (
    <Page title={t('routes.dashboards-sales-orders')} breadcrumbs={[{ label: t('nav.groups.dashboards') }]}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          {t('orderStats.intro')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="order-stats-filter">
          <PeriodFields {...fields} presets={PRESETS} onChange={set} />
          <OrgFilters
            cell={{ alignSelf: 'end' }}
            teams="select"
            sellersOfTeam
            team={{ label: t('orderStats.team'), all: t('orderStats.allTeams'), value: filter.teamId, onChange: (v) => set({ team: v, seller: undefined }) }}
            seller={{ label: t('orderStats.seller'), all: t('orderStats.allSellers'), value: filter.sellerId, onChange: (v) => set({ seller: v }) }}
          />
        </SimpleGrid>
        {problems ? (
          <Text color="fg.error" fontSize="sm">
            {t('orderStats.fixPeriod')}
          </Text>
        ) : (
          <Figures filter={filter} />
        )}
      </Stack>
    </Page>
  )
}

/** A figure that opens the sale reports behind it. */
function link(to: string, text: string) {
  return (
    <Link asChild colorPalette="brand" variant="underline">
      <RouterLink to={to}>{text}</RouterLink>
    </Link>
  )
}

/** The period's sale reports by status, each opening its reports, with its share of all. */
function StatusChart({ filter, statuses }: { filter: OrderStatsFilter; statuses: OrderStatistics['byStatus'] }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const kr = (ore: number) => formatOre(ore, lang)
  const reports = statuses.reduce((n, x) => n + x.sales, 0)
  return (
    <Stack gap="1">
      <Text fontSize="sm" color="fg.muted">
        {t('orderStats.byStatusIntro')}
      </Text>
      <StatChart
        title={t('orderStats.byStatus')}
        kind="bar"
        horizontal
        testId="chart-order-statuses"
        height={Math.max(140, statuses.length * 34)}
        fileName={`forsaljning-status-${filter.from}-${filter.to}.csv`}
        labels={statuses.map((x) => t(`sales.status.${x.status}`))}
        series={[{ label: t('orderStats.sales'), values: statuses.map((x) => x.sales), color: CHART_COLORS.amber }]}
        format={(v) => String(v)}
        onPick={(i) => void navigate(salesHref(filter, { status: statuses[i]!.status }))}
        columns={[
          { header: t('orderStats.status'), render: (i) => t(`sales.status.${statuses[i]!.status}`), csv: (i) => statuses[i]!.status },
          {
            header: t('orderStats.sales'),
            numeric: true,
            render: (i) => link(salesHref(filter, { status: statuses[i]!.status }), String(statuses[i]!.sales)),
            csv: (i) => statuses[i]!.sales,
          },
          {
            header: t('orderStats.share'),
            numeric: true,
            render: (i) => formatPercent(statuses[i]!.sales / reports, lang),
            csv: (i) => Math.round((statuses[i]!.sales / reports) * 1000) / 10,
          },
          { header: t('orderStats.orderValue'), numeric: true, render: (i) => kr(statuses[i]!.orderValueOre), csv: (i) => statuses[i]!.orderValueOre / 100 },
        ]}
      />
    </Stack>
  )
}

function Figures({ filter }: { filter: OrderStatsFilter }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const query = useOrderStatistics(filter)
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />
  if (!query.data) return <Skeleton h="80" aria-busy />
  const data: OrderStatistics = query.data
  if (data.totals.sales === 0) return <Text color="fg.muted">{t('orderStats.empty')}</Text>
  const kr = (ore: number) => formatOre(ore, lang)
  const products = data.byProduct
  const teams = data.byTeam
  const points = data.overTime.points
  const pointLabel = (period: string) => (data.overTime.unit === 'day' ? formatDate(period, lang) : formatMonth(period, lang))
  // A point's sale reports: its day, or its month within the period.
  const pointRange = (period: string) => {
    if (data.overTime.unit === 'day') return { from: period, to: period }
    const month = monthRange(period)
    return { from: month.from > filter.from ? month.from : filter.from, to: month.to < filter.to ? month.to : filter.to }
  }
  const teamNarrow = (i: number) => ({ teamId: teams[i]!.team?.id ?? filter.teamId })
  const statuses = data.byStatus
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        {[
          [t('orderStats.sales'), link(salesHref(filter, {}), String(data.totals.sales))],
          [t('orderStats.orderValue'), link(salesHref(filter, {}), kr(data.totals.orderValueOre))],
          [t('orderStats.quantity'), String(data.totals.quantity)],
        ].map(([label, value], i) => (
          <Card.Root key={i} size="sm">
            <Card.Body>
              <Text fontSize="sm" color="fg.muted">
                {label}
              </Text>
              <Text fontSize="xl" fontWeight="semibold" data-testid={`order-total-${i}`}>
                {value}
              </Text>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <StatChart
        title={t('orderStats.byProduct')}
        kind="bar"
        horizontal
        testId="chart-order-products"
        height={Math.max(160, Math.min(products.length, 25) * 30)}
        fileName={`ordervarde-produkter-${filter.from}-${filter.to}.csv`}
        labels={products.slice(0, 25).map((p) => p.product.name)}
        series={[{ label: t('orderStats.orderValue'), values: products.slice(0, 25).map((p) => p.orderValueOre / 100), color: CHART_COLORS.blue }]}
        format={(v) => kr(v * 100)}
        onPick={(i) => void navigate(salesHref(filter, { productId: products[i]!.product.id }))}
        columns={[
          { header: t('orderStats.product'), render: (i) => products[i]!.product.name, csv: (i) => products[i]!.product.name },
          {
            header: t('orderStats.sales'),
            numeric: true,
            render: (i) => link(salesHref(filter, { productId: products[i]!.product.id }), String(products[i]!.lines)),
            csv: (i) => products[i]!.lines,
          },
          {
            header: t('orderStats.quantity'),
            numeric: true,
            render: (i) => products[i]!.quantity,
            csv: (i) => products[i]!.quantity,
          },
          {
            header: t('orderStats.orderValue'),
            numeric: true,
            render: (i) => link(salesHref(filter, { productId: products[i]!.product.id }), kr(products[i]!.orderValueOre)),
            csv: (i) => products[i]!.orderValueOre / 100,
          },
        ]}
      />
      <StatChart
        title={t('orderStats.byTeam')}
        kind="bar"
        horizontal
        testId="chart-order-teams"
        height={Math.max(140, Math.min(teams.length, 30) * 30)}
        fileName={`ordervarde-team-${filter.from}-${filter.to}.csv`}
        labels={teams.map((x) => x.team?.name ?? t('orderStats.noTeam'))}
        series={[{ label: t('orderStats.orderValue'), values: teams.map((x) => x.orderValueOre / 100), color: CHART_COLORS.green }]}
        format={(v) => kr(v * 100)}
        onPick={(i) => (teams[i]!.team ? void navigate(salesHref(filter, teamNarrow(i))) : undefined)}
        columns={[
          { header: t('orderStats.team'), render: (i) => teams[i]!.team?.name ?? t('orderStats.noTeam'), csv: (i) => teams[i]!.team?.name ?? '' },
          {
            header: t('orderStats.sales'),
            numeric: true,
            render: (i) => (teams[i]!.team ? link(salesHref(filter, teamNarrow(i)), String(teams[i]!.sales)) : teams[i]!.sales),
            csv: (i) => teams[i]!.sales,
          },
          {
            header: t('orderStats.orderValue'),
            numeric: true,
            render: (i) => (teams[i]!.team ? link(salesHref(filter, teamNarrow(i)), kr(teams[i]!.orderValueOre)) : kr(teams[i]!.orderValueOre)),
            csv: (i) => teams[i]!.orderValueOre / 100,
          },
        ]}
      />
      <StatChart
        title={t('orderStats.overTime')}
        kind="line"
        testId="chart-order-time"
        fileName={`ordervarde-tid-${filter.from}-${filter.to}.csv`}
        labels={points.map((p) => pointLabel(p.period))}
        series={[{ label: t('orderStats.orderValue'), values: points.map((p) => p.orderValueOre / 100), color: CHART_COLORS.purple }]}
        format={(v) => kr(v * 100)}
        onPick={(i) => void navigate(salesHref(filter, pointRange(points[i]!.period)))}
        columns={[
          {
            header: t(data.overTime.unit === 'day' ? 'orderStats.day' : 'orderStats.month'),
            render: (i) => pointLabel(points[i]!.period),
            csv: (i) => points[i]!.period,
          },
          {
            header: t('orderStats.sales'),
            numeric: true,
            render: (i) => (points[i]!.sales > 0 ? link(salesHref(filter, pointRange(points[i]!.period)), String(points[i]!.sales)) : 0),
            csv: (i) => points[i]!.sales,
          },
          { header: t('orderStats.orderValue'), numeric: true, render: (i) => kr(points[i]!.orderValueOre), csv: (i) => points[i]!.orderValueOre / 100 },
        ]}
      />
      <StatusChart filter={filter} statuses={statuses} />
      <ComparePeriods filter={filter} data={data} />
      {data.extraIncome ? <ExtraIncome extra={data.extraIncome} lang={lang} /> : null}
    </Stack>
  )
}

type CompareChoice = ComparePreset | 'custom' | 'none'

/**
 * Compare periods (issue 19): the figures of the period beside those of another — the one just before it, the same
 * dates a year earlier, or any — with the change. Each figure opens the sale reports of its own period. The choice is
 * in the address (`cmp`, and `cmpFrom`/`cmpTo` for one's own).
 */
function ComparePeriods({ filter, data }: { filter: OrderStatsFilter; data: OrderStatistics }) {
  const { t, lang } = useLanguage()
  const [params] = useSearchParams()
  const { update } = useListQuery()
  const choice = (params.get('cmp') ?? 'none') as CompareChoice
  const preset = choice === 'previous' || choice === 'lastYear' ? comparePeriod(choice, filter.from, filter.to) : null
  const other: OrderStatsFilter | null =
    choice === 'none' ? null : { ...filter, from: preset?.from ?? params.get('cmpFrom') ?? filter.from, to: preset?.to ?? params.get('cmpTo') ?? filter.to }
  const checked = other ? orderStatsFilterSchema.safeParse(other) : null
  const problems = checked && !checked.success ? fieldErrorsOf(checked.error, t) : null
  const query = useQuery({
    queryKey: statisticsKeys.orders(other),
    queryFn: ({ signal }) => orderStatistics(other!, signal),
    enabled: !!other && !problems,
  })
  const kr = (ore: number) => formatOre(ore, lang)
  const change = (a: number, b: number, show: (n: number) => string) => {
    if (a === b) return t('orderStats.compare.noChange')
    const sign = a > b ? '+' : '−'
    const percent = b === 0 ? t('orderStats.compare.newSince') : formatPercent(Math.abs(a - b) / b, lang)
    return `${sign}${show(Math.abs(a - b))} (${b === 0 ? percent : `${sign}${percent}`})`
  }
  const label = (f: { from: string; to: string }) => t('orderStats.compare.period', { from: formatDate(f.from, lang), to: formatDate(f.to, lang) })
  const b = query.data
  type Line = { key: string; name: string; a: number; b: number; show: (n: number) => string; narrow: Record<string, string | undefined> }
  const lines: Line[] = b
    ? [
        { key: 'sales', name: t('orderStats.sales'), a: data.totals.sales, b: b.totals.sales, show: String, narrow: {} },
        { key: 'orderValue', name: t('orderStats.orderValue'), a: data.totals.orderValueOre, b: b.totals.orderValueOre, show: kr, narrow: {} },
        ...[...new Map([...data.byTeam, ...b.byTeam].filter((x) => x.team).map((x) => [x.team!.id, x.team!.name])).entries()].map(([id, name]) => ({
          key: `team-${id}`,
          name: `${t('orderStats.team')}: ${name}`,
          a: data.byTeam.find((x) => x.team?.id === id)?.orderValueOre ?? 0,
          b: b.byTeam.find((x) => x.team?.id === id)?.orderValueOre ?? 0,
          show: kr,
          narrow: { teamId: id },
        })),
      ]
    : []
  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="compare-title" data-testid="compare-periods">
      <Card.Body gap="3">
        <Text id="compare-title" fontWeight="semibold">
          {t('orderStats.compare.title')}
        </Text>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3" alignItems="start">
          <Field.Root>
            <Field.Label fontSize="sm">{t('orderStats.compare.with')}</Field.Label>
            <Choices
              size="sm"
              value={choice}
              onChange={(e) => {
                const value = e.currentTarget.value as CompareChoice
                const own = value === 'custom' ? comparePeriod('previous', filter.from, filter.to) : null
                update({ cmp: value === 'none' ? undefined : value, cmpFrom: own?.from, cmpTo: own?.to }, false, 'push')
              }}
              options={(['none', 'previous', 'lastYear', 'custom'] as const).map((c) => ({ value: c, label: t(`orderStats.compare.${c}`) }))}
            />
          </Field.Root>
          {choice === 'custom' && other ? (
            <>
              <Field.Root invalid={!!problems?.from}>
                <Field.Label fontSize="sm">{t('orderStats.from')}</Field.Label>
                <Input size="sm" type="date" value={other.from} onChange={(e) => update({ cmpFrom: e.currentTarget.value }, false, 'push')} />
                <Field.ErrorText>{problems?.from?.[0]}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!problems?.to}>
                <Field.Label fontSize="sm">{t('orderStats.to')}</Field.Label>
                <Input size="sm" type="date" value={other.to} onChange={(e) => update({ cmpTo: e.currentTarget.value }, false, 'push')} />
                <Field.ErrorText>{problems?.to?.[0]}</Field.ErrorText>
              </Field.Root>
            </>
          ) : null}
        </SimpleGrid>
        {!other || problems ? null : query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !b ? (
          <Skeleton h="24" aria-busy />
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm" data-testid="compare-table">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('orderStats.compare.figure')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{label(filter)}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{label(other)}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('orderStats.compare.change')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body css={{ '& td': { whiteSpace: 'normal' } }}>
                {lines.map((line) => (
                  <Table.Row key={line.key} data-testid={`compare-${line.key}`}>
                    <Table.Cell>{line.name}</Table.Cell>
                    <Table.Cell textAlign="end">{link(salesHref(filter, line.narrow), line.show(line.a))}</Table.Cell>
                    <Table.Cell textAlign="end">{link(salesHref(other, line.narrow), line.show(line.b))}</Table.Cell>
                    <Table.Cell textAlign="end" color={line.a > line.b ? 'fg.success' : line.a < line.b ? 'fg.error' : undefined}>
                      {change(line.a, line.b, line.show)}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  )
}

/**
 * The sellers' extra income of the months the period touches (decision 048), for those who see pay: each line opens
 * its month's extra income in the pay screen.
 */
function ExtraIncome({ extra, lang }: { extra: NonNullable<OrderStatistics['extraIncome']>; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const months = extra.months.map((m) => formatMonth(m, lang)).join(', ')
  const monthLink = (month: string) => (
    <Link asChild colorPalette="brand" variant="underline">
      <RouterLink to={`/backoffice/paycodes?tab=extra&month=${month}`}>{formatMonth(month, lang)}</RouterLink>
    </Link>
  )
  return (
    <Card.Root variant="outline" size="sm" as="section" aria-labelledby="extra-income-title" data-testid="order-extra-income">
      <Card.Body gap="2">
        <Text id="extra-income-title" fontWeight="semibold">
          {t('orderStats.extra.title')} · {t('orderStats.extra.total', { amount: formatOre(extra.totalOre, lang) })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('orderStats.extra.intro', { months })}
        </Text>
        {extra.items.length === 0 ? (
          <Text fontSize="sm">{t('orderStats.extra.none')}</Text>
        ) : (
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('orderStats.extra.seller')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orderStats.month')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('orderStats.extra.amount')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('orderStats.extra.description')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body css={{ '& td': { whiteSpace: 'normal' } }}>
                {extra.items.map((i) => (
                  <Table.Row key={i.id}>
                    <Table.Cell>{i.seller.name}</Table.Cell>
                    <Table.Cell>{monthLink(i.month)}</Table.Cell>
                    <Table.Cell textAlign="end">{formatOre(i.amountOre, lang)}</Table.Cell>
                    <Table.Cell>{i.description}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </Card.Body>
    </Card.Root>
  )
}
