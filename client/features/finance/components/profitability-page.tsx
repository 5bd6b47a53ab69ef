import { Box, Card, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatOph, type FormatLanguage } from '../../../../shared/format'
import { addDays, periodPreset, type PeriodPreset } from '../../../../shared/rules/work'
import {
  profitabilityQuerySchema,
  type Profitability,
  type ProfitabilityRow,
  type ProfitabilityView,
  type FinanceSettings,
} from '../../../../shared/schemas/finance'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { DataTable } from '../../../components/ui/data-table/data-table'
import { listState } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { listQueryParams, useListQuery } from '../../../components/ui/data-table/use-list-query'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { getProfitability } from '../api/finance-api'
import { FinanceSettingsPanel } from './finance-settings-panel'
import { PeriodFields, usePeriodFilter } from '../../../components/ui/period-fields'
import { financeKeys } from '../api/finance-keys'
import { useProfitabilityColumns, type Filter } from './profitability-columns'
import { OrgFilters } from '../../../components/ui/list-filters'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useFinanceSettings } from '../api/finance-queries'

const PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'last12'] as const satisfies readonly PeriodPreset[]

const ROUTE: Record<ProfitabilityView, string> = {
  sellers: 'backoffice-finance-profitability-sellers',
  teams: 'backoffice-finance-profitability-teams',
  managers: 'backoffice-finance-profitability-managers',
  providers: 'backoffice-finance-profitability-providers',
  legacy: 'backoffice-finance-profitability-legacy',
}

/**
 * The five finance profitability screens (docs/decisions/051): one view's rows for a period — income, variable
 * costs, contribution margin, productivity, NKI, FTE and hourly compensation — with the period's sum and each
 * figure's definition beside it. A figure opens the rows behind it; the filter, sort and page are in the address.
 */
export function ProfitabilityPage({ view }: { view: ProfitabilityView }) {
  const { t } = useTranslation()
  const settings = useFinanceSettings()
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
  const { t, lang } = useLanguage()
  const ability = useAbility()
  // The legacy view opens on the year before the cut-off; the others on this year.
  const fallback = (today: string) =>
    view === 'legacy'
      ? { from: `${Number(settings.legacyCutoff.slice(0, 4)) - 1}${settings.legacyCutoff.slice(4)}`, to: addDays(settings.legacyCutoff, -1) }
      : periodPreset('thisYear', today)
  const { filter, key, problems, fields } = usePeriodFilter<Filter>(profitabilityQuerySchema, fallback, { officeId: 'office', teamId: 'team' })
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
        <PeriodFields {...fields} presets={PRESETS} onChange={set} />
        <OrgFilters
          within="sale_reports"
          cell={{ alignSelf: 'end' }}
          teams="select"
          office={{ label: t('finance.office'), all: t('finance.allOffices'), value: filter.officeId, onChange: (v) => set({ office: v, team: undefined }) }}
          team={
            view !== 'managers'
              ? { label: t('orderStats.team'), all: t('orderStats.allTeams'), value: filter.teamId, onChange: (v) => set({ team: v }) }
              : undefined
          }
        />
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
        <Notice status="info" title={t('finance.legacy.none', { cutoff: formatDate(data.data.legacy?.cutoff ?? settings.legacyCutoff, lang) })} />
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
  const period = data.period
  const counted = period ?? { from: filter.from, to: filter.to }
  const { columns, providers, legacy, oneMonth, money, perHour, decimal, fte, salesLink } = useProfitabilityColumns({ view, filter, counted, lang })
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
        <Notice
          status="info"
          size="sm"
          title={t('finance.legacy.clipped', { to: formatDate(counted.to, lang), cutoff: formatDate(data.legacy.cutoff, lang) })}
        />
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
