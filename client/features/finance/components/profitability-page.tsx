import { Alert, Box, Card, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDate, formatDecimal, formatOph, formatOre, type FormatLanguage } from '../../../../shared/format'
import { EARNING_STATUSES } from '../../../../shared/rules/earnings'
import type { ProfitabilityMetrics } from '../../../../shared/rules/profitability'
import { addDays, businessDay, periodPreset, type PeriodPreset } from '../../../../shared/rules/work'
import { fieldErrorsOf } from '../../../../shared/schemas/errors'
import {
  profitabilityQuerySchema,
  type Profitability,
  type ProfitabilityRow,
  type ProfitabilityView,
  type FinanceSettings,
} from '../../../../shared/schemas/finance'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { listQueryParams, useListQuery } from '../../../components/ui/data-table/use-list-query'
import { FigureLink, figureHref } from '../../../components/ui/figure-link'
import { LoadError } from '../../../components/ui/load-error'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { getFinanceSettings, getProfitability } from '../api/finance-api'
import { FinanceSettingsPanel } from './finance-settings-panel'
import { PeriodFields } from '../../../components/ui/period-fields'
import { financeKeys } from '../api/finance-keys'

const PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'last12'] as const satisfies readonly PeriodPreset[]

/** How each view narrows the rows behind a row's figure: the sale reports', the surveys' and the time reports' keys. */
const NARROW: Record<ProfitabilityView, { sales: string; surveys: string; hours: string | null }> = {
  sellers: { sales: 'sellerId', surveys: 'seller', hours: 'userId' },
  teams: { sales: 'teamId', surveys: 'team', hours: 'teamId' },
  legacy: { sales: 'teamId', surveys: 'team', hours: 'teamId' },
  managers: { sales: 'officeId', surveys: 'office', hours: 'officeId' },
  providers: { sales: 'providerId', surveys: 'provider', hours: null },
}

const ROUTE: Record<ProfitabilityView, string> = {
  sellers: 'backoffice-finance-profitability-sellers',
  teams: 'backoffice-finance-profitability-teams',
  managers: 'backoffice-finance-profitability-managers',
  providers: 'backoffice-finance-profitability-providers',
  legacy: 'backoffice-finance-profitability-legacy',
}

type Filter = { from: string; to: string; officeId?: string; teamId?: string }

/**
 * The five finance profitability screens (docs/decisions/051): one view's rows for a period — income, variable
 * costs, contribution margin, productivity, NKI, FTE and hourly compensation — with the period's sum and each
 * figure's definition beside it. A figure opens the rows behind it; the filter, sort and page are in the address.
 */
export function ProfitabilityPage({ view }: { view: ProfitabilityView }) {
  const { t } = useTranslation()
  const settings = useQuery({ queryKey: financeKeys.settings, queryFn: ({ signal }) => getFinanceSettings(signal) })
  return (
    <Page title={t(`routes.${ROUTE[view]}`)} breadcrumbs={[{ label: t('nav.groups.finance') }]}>
      {settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !settings.data ? (
        <Skeleton height="40" />
      ) : (
        <Screen view={view} settings={settings.data} />
      )}
    </Page>
  )
}

function Screen({ view, settings }: { view: ProfitabilityView; settings: FinanceSettings }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const ability = useAbility()
  const [params] = useSearchParams()
  const [today] = useState(() => businessDay(Date.now()))
  // The legacy view opens on the year before the cut-off; the others on this year.
  const fallback =
    view === 'legacy'
      ? { from: `${Number(settings.legacyCutoff.slice(0, 4)) - 1}${settings.legacyCutoff.slice(4)}`, to: addDays(settings.legacyCutoff, -1) }
      : periodPreset('thisYear', today)
  const filter: Filter = {
    from: params.get('from') || fallback.from,
    to: params.get('to') || fallback.to,
    officeId: params.get('office') || undefined,
    teamId: params.get('team') || undefined,
  }
  const key = JSON.stringify(filter)
  const checked = useMemo(() => profitabilityQuerySchema.safeParse(JSON.parse(key) as Filter), [key])
  const problems = checked.success ? null : fieldErrorsOf(checked.error, t)
  const { query, update } = useListQuery({ sortBy: 'tb', orderBy: 'desc', itemsPerPage: 25 })
  const set = (changes: Record<string, string | undefined>) => update(changes, true)
  const ask = (q: ListQuery, signal?: AbortSignal) => getProfitability(view, { ...filter, ...listQueryParams(q) }, signal)
  const data = useQuery({
    queryKey: financeKeys.profitability.view(view, key, query),
    queryFn: ({ signal }) => ask(query, signal),
    enabled: !problems,
    placeholderData: (p) => p,
  })

  return (
    <Stack gap="5">
      <Text color="fg.muted" fontSize="sm">
        {view === 'legacy' ? `${t('finance.legacy.intro', { cutoff: formatDate(settings.legacyCutoff, lang) })} ` : ''}
        {t('finance.intro')}
      </Text>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3" data-testid="profitability-filter">
        <PeriodFields
          from={filter.from}
          to={filter.to}
          today={today}
          presets={PRESETS}
          problems={problems}
          onChange={set}
          labels={{ period: t('orderStats.period'), from: t('orderStats.from'), to: t('orderStats.to'), preset: (p) => t(`orderStats.preset.${p}`) }}
        />
        {ability.can('view', 'offices') ? (
          <Box alignSelf="end">
            <LookupNativeSelect
              kind="offices"
              within="sale_reports"
              label={t('finance.office')}
              emptyLabel={t('finance.allOffices')}
              value={filter.officeId}
              onChange={(v) => set({ office: v, team: undefined })}
            />
          </Box>
        ) : null}
        {ability.can('view', 'teams') && view !== 'managers' ? (
          <Box alignSelf="end">
            <LookupNativeSelect
              kind="teams"
              label={t('orderStats.team')}
              emptyLabel={t('orderStats.allTeams')}
              parentId={filter.officeId}
              value={filter.teamId}
              onChange={(v) => set({ team: v })}
            />
          </Box>
        ) : null}
      </SimpleGrid>
      {problems ? (
        <Text color="fg.error" fontSize="sm">
          {t('orderStats.fixPeriod')}
        </Text>
      ) : data.isError && !data.data ? (
        <LoadError error={data.error} onRetry={() => void data.refetch()} />
      ) : !data.data ? (
        <Skeleton height="60" />
      ) : !data.data.period ? (
        // The legacy view: the whole period is on or after the cut-off.
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('finance.legacy.none', { cutoff: formatDate(data.data.legacy?.cutoff ?? settings.legacyCutoff, lang) })}</Alert.Title>
        </Alert.Root>
      ) : (
        <Figures view={view} filter={filter} data={data.data} table={{ data, query, update, ask }} lang={lang} />
      )}
      {ability.can('update', 'finance_settings') ? <FinanceSettingsPanel settings={settings} /> : null}
    </Stack>
  )
}

type Table = {
  data: Parameters<typeof listState<ProfitabilityRow>>[0]
  query: ListQuery
  update: ReturnType<typeof useListQuery>['update']
  ask: (q: ListQuery) => Promise<Profitability>
}

function Figures({ view, filter, data, table, lang }: { view: ProfitabilityView; filter: Filter; data: Profitability; table: Table; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const providers = view === 'providers'
  const legacy = view === 'legacy'
  const period = data.period
  const counted = period ?? { from: filter.from, to: filter.to }
  const narrow = NARROW[view]
  const oneMonth = counted.from.slice(0, 7) === counted.to.slice(0, 7)
  const money = (ore: number) => formatOre(ore, lang)
  const perHour = (ore: number | null) => (ore === null ? '–' : t('finance.perHour', { amount: formatOre(ore, lang) }))
  const decimal = (n: number | null) => (n === null ? '–' : formatDecimal(n, lang))
  const fte = (n: number | null) => (n === null ? '–' : formatOph(Math.round(n * 100), lang))
  // The rows behind a figure, narrowed to the row's unit (nothing to narrow by for "no team" or "no office").
  const salesLink = (id: string | null, text: string) =>
    ability.can('view', 'sale_reports') && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/salereports', {
          status: EARNING_STATUSES.join(','),
          ...counted,
          officeId: filter.officeId,
          teamId: filter.teamId,
          ...(id ? { [narrow.sales]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  const surveysLink = (id: string | null, m: ProfitabilityMetrics) => {
    const text = decimal(m.nki)
    return ability.can('view', 'sale_quality_surveys') && m.nkiAnswers > 0 && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/salequality/surveys', {
          ...counted,
          office: filter.officeId,
          team: filter.teamId,
          status: 'answered',
          ...(id ? { [narrow.surveys]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  }
  const hoursLink = (id: string | null, hours: number | null) => {
    const text = decimal(hours)
    return hours !== null && narrow.hours && oneMonth && ability.can('view', 'time_reports') && id !== '' ? (
      <FigureLink
        to={figureHref('/backoffice/timereports', {
          month: counted.from.slice(0, 7),
          officeId: filter.officeId,
          teamId: filter.teamId,
          ...(id ? { [narrow.hours]: id } : {}),
        })}
      >
        {text}
      </FigureLink>
    ) : (
      text
    )
  }
  const nameOf = (r: ProfitabilityRow) => r.name || t(view === 'managers' ? 'finance.noOffice' : 'finance.noTeam')

  const columns: Column<ProfitabilityRow>[] = [
    {
      key: 'name',
      header: t(`finance.unit.${view}`),
      sortKey: 'name',
      render: (r) => (
        <>
          <Text>{view === 'managers' ? r.managers?.map((m) => m.name).join(', ') || t('finance.noManager') : nameOf(r)}</Text>
          {view === 'sellers' && r.team ? (
            <Text fontSize="xs" color="fg.muted">
              {r.team.name}
            </Text>
          ) : null}
          {view === 'managers' ? (
            <Text fontSize="xs" color="fg.muted">
              {nameOf(r)}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => (view === 'managers' ? `${r.managers?.map((m) => m.name).join(', ') ?? ''} (${nameOf(r)})` : nameOf(r)),
    },
    {
      key: 'sales',
      header: t('finance.metric.sales'),
      sortKey: 'sales',
      render: (r) => salesLink(r.id, String(r.metrics.sales)),
      csv: (r) => r.metrics.sales,
      hideBelow: 'md',
    },
    {
      key: 'income',
      header: t('finance.metric.income'),
      sortKey: 'income',
      render: (r) => salesLink(r.id, money(r.metrics.incomeOre)),
      csv: (r) => r.metrics.incomeOre / 100,
    },
    {
      key: 'variableCosts',
      header: t('finance.metric.variableCosts'),
      sortKey: 'variableCosts',
      render: (r) => money(r.metrics.variableCostsOre),
      csv: (r) => r.metrics.variableCostsOre / 100,
      hideBelow: 'lg',
    },
    {
      key: 'tb',
      header: t('finance.metric.tb'),
      sortKey: 'tb',
      render: (r) => (
        <Text as="span" fontWeight="semibold" color={r.metrics.tbOre < 0 ? 'fg.error' : undefined}>
          {money(r.metrics.tbOre)}
        </Text>
      ),
      csv: (r) => r.metrics.tbOre / 100,
    },
    {
      key: 'tbPercent',
      header: t('finance.metric.tbPercent'),
      sortKey: 'tbPercent',
      render: (r) => decimal(r.metrics.tbPercent),
      csv: (r) => r.metrics.tbPercent,
      hideBelow: 'sm',
    },
    ...(providers
      ? []
      : ([
          {
            key: 'productivity',
            header: t('finance.metric.productivity'),
            sortKey: 'productivity',
            render: (r) => perHour(r.metrics.productivityOre),
            csv: (r) => (r.metrics.productivityOre === null ? null : r.metrics.productivityOre / 100),
            hideBelow: 'md',
          },
        ] satisfies Column<ProfitabilityRow>[])),
    {
      key: 'nki',
      header: t('finance.metric.nki'),
      sortKey: 'nki',
      render: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {surveysLink(r.id, r.metrics)}
          {r.metrics.nkiAnswers > 0 ? (
            <Text as="span" fontSize="xs" color="fg.muted">
              {' '}
              ({t('finance.answers', { count: r.metrics.nkiAnswers })})
            </Text>
          ) : null}
        </Text>
      ),
      csv: (r) => r.metrics.nki,
      hideBelow: 'md',
    },
    ...(providers
      ? []
      : ([
          { key: 'fte', header: t('finance.metric.fte'), sortKey: 'fte', render: (r) => fte(r.metrics.fte), csv: (r) => r.metrics.fte, hideBelow: 'lg' },
          {
            key: 'hourlyCompensation',
            header: t('finance.metric.hourlyCompensation'),
            sortKey: 'hourlyCompensation',
            render: (r) => perHour(r.metrics.hourlyCompensationOre),
            csv: (r) => (r.metrics.hourlyCompensationOre === null ? null : r.metrics.hourlyCompensationOre / 100),
            hideBelow: 'lg',
          },
          {
            key: 'workHours',
            header: t('finance.metric.workHours'),
            render: (r) => hoursLink(r.id, r.metrics.workHours),
            csv: (r) => r.metrics.workHours,
            hideBelow: 'lg',
          },
        ] satisfies Column<ProfitabilityRow>[])),
  ]
  const csv = useCsvDownload({ fileName: `lonsamhet-${view}-${counted.from}-${counted.to}.csv`, columns, query: table.query, fetchPage: (q) => table.ask(q) })
  const sum = data.sum
  const rate = formatOph(data.method.payrollTaxBp, lang)
  const cards: Array<{ key: string; label: string; value: ReactNode; definition: string }> = [
    { key: 'income', label: t('finance.metric.income'), value: salesLink(null, money(sum.incomeOre)), definition: t('finance.def.income') },
    {
      key: 'variableCosts',
      label: t('finance.metric.variableCosts'),
      value: money(sum.variableCostsOre),
      definition: legacy ? t('finance.def.variableCostsLegacy') : t('finance.def.variableCosts', { rate }),
    },
    {
      key: 'tb',
      label: t('finance.metric.tb'),
      value: `${money(sum.tbOre)}${sum.tbPercent === null ? '' : ` · ${decimal(sum.tbPercent)} %`}`,
      definition: t('finance.def.tb'),
    },
    ...(providers
      ? []
      : [
          { key: 'productivity', label: t('finance.metric.productivity'), value: perHour(sum.productivityOre), definition: t('finance.def.productivity') },
          {
            key: 'fte',
            label: t('finance.metric.fte'),
            value: `${fte(sum.fte)} (${decimal(sum.workHours)} h)`,
            definition: t('finance.def.fte', { hours: decimal(data.fullTimeHours), month: data.method.monthHours }),
          },
          {
            key: 'hourlyCompensation',
            label: t('finance.metric.hourlyCompensation'),
            value: perHour(sum.hourlyCompensationOre),
            definition: legacy ? t('finance.def.hourlyCompensationLegacy') : t('finance.def.hourlyCompensation'),
          },
        ]),
    {
      key: 'nki',
      label: t('finance.metric.nki'),
      value: sum.nki === null ? '–' : `${decimal(sum.nki)} (${t('finance.answers', { count: sum.nkiAnswers })})`,
      definition: t('finance.def.nki'),
    },
  ]

  return (
    <Stack gap="5">
      {legacy && data.legacy?.clipped ? (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title>{t('finance.legacy.clipped', { to: formatDate(counted.to, lang), cutoff: formatDate(data.legacy.cutoff, lang) })}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Box>
        <Text fontWeight="semibold" mb="2">
          {t('finance.sumTitle')} · {t('finance.sum', { count: data.total })}
        </Text>
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" data-testid="profitability-sum">
          {cards.map((c) => (
            <Card.Root key={c.key} size="sm" variant="outline" data-testid={`sum-${c.key}`}>
              <Card.Body gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {c.label}
                </Text>
                <Text fontSize={{ base: 'md', md: 'xl' }} fontWeight="semibold" data-testid="figure">
                  {c.value}
                </Text>
                {/* On a phone the definitions are the list under the table: the cards stay a glance. */}
                <Text fontSize="xs" color="fg.muted" hideBelow="md">
                  {c.definition}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Box>
      <DataTable
        label={t(`routes.${ROUTE[view]}`)}
        columns={columns}
        {...listState(table.data)}
        query={table.query}
        onQueryChange={table.update}
        emptyText={t('finance.empty')}
        onDownloadCsv={() => void csv.download()}
        downloading={csv.downloading}
      />
      <Box as="section" aria-labelledby="profitability-definitions">
        <Text id="profitability-definitions" fontWeight="semibold" mb="1">
          {t('finance.definitions')}
        </Text>
        <Stack as="ul" gap="1" fontSize="sm" color="fg.muted" ps="5" css={{ listStyleType: 'disc' }}>
          {cards.map((c) => (
            <li key={c.key}>
              <Text as="span" fontWeight="semibold">
                {c.label}:
              </Text>{' '}
              {c.definition}
            </li>
          ))}
          {legacy ? null : <li>{providers ? t('finance.def.providers') : t('finance.def.extraIncome')}</li>}
          {!providers && !oneMonth ? <li>{t('finance.hoursByMonth')}</li> : null}
        </Stack>
      </Box>
    </Stack>
  )
}
