import { Box, HStack, Progress, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { formatDecimal, formatMonth, formatOph, formatOre, type FormatLanguage } from '../../../../shared/format'
import { EARNING_STATUSES } from '../../../../shared/rules/earnings'
import { businessMonth } from '../../../../shared/rules/work'
import type { GoalFigures, ManagerDashboard } from '../../../../shared/schemas/statistics'
import { FigureLink, figureHref as href } from '../../../components/ui/figure-link'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { LoadError } from '../../../components/ui/load-error'
import { isMonth, MonthStepper } from '../../../components/ui/month-stepper'
import { Page } from '../../../components/ui/page'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { useAbility } from '../../../lib/session'
import { managerDashboard } from '../api/dashboards-api'
import { statisticsKeys } from '../api/statistics-keys'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { RecordTable } from '../../../components/ui/record-table'
import { RecordLink } from '../../../components/ui/detail-kit'

/**
 * /dashboards/sales/manager (docs/decisions/050): an office's month so far — each team's standing sales, order
 * value, hours and orders per hour against its budget (the gold goal), the office's with the teams' average, the
 * providers — and, for those who see every office, all offices side by side. Every figure opens the rows behind it.
 */
export default function ManagerDashboardPage() {
  const { t, lang } = useLanguage()
  const [params] = useSearchParams()
  const { update } = useListQuery()
  const [thisMonth] = useState(() => businessMonth(Date.now()))
  const asked = params.get('month') ?? ''
  const month = isMonth(asked) ? asked : thisMonth
  const officeId = params.get('office') || undefined
  const query = useQuery({
    queryKey: statisticsKeys.managerDashboard(month, officeId ?? ''),
    queryFn: ({ signal }) => managerDashboard({ month, officeId }, signal),
  })
  const data = query.data
  const go = (changes: Record<string, string | undefined>) => update(changes, true, 'push')
  return (
    <Page title={t('routes.dashboards-sales-manager')} breadcrumbs={[{ label: t('nav.groups.dashboards') }]}>
      <Stack gap="5">
        <Text color="fg.muted" fontSize="sm">
          {t('managerBoard.intro')}
        </Text>
        <HStack gap="2" wrap="wrap">
          <MonthStepper
            month={month}
            onChange={(m) => go({ month: m })}
            labels={{ previous: t('managerBoard.previousMonth'), month: t('managerBoard.month'), next: t('managerBoard.nextMonth') }}
          />
          {data && data.offices.length > 1 ? (
            <Choices
              size="sm"
              root={{ maxW: '64' }}
              aria-label={t('managerBoard.office')}
              value={data.office?.id ?? ''}
              onChange={(e) => go({ office: e.currentTarget.value })}
              options={data.offices.map((o) => ({ value: o.id, label: o.name }))}
            />
          ) : null}
        </HStack>
        {query.isError ? (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !data ? (
          <Skeleton h="80" aria-busy />
        ) : !data.office ? (
          <Text color="fg.muted">{t('managerBoard.noOffices')}</Text>
        ) : (
          <Board data={data} lang={lang} />
        )}
      </Stack>
    </Page>
  )
}

/** How far a team or an office has come toward its budget, with the budget and the month's prediction. */
function GoalBar({ f, lang }: { f: GoalFigures; lang: FormatLanguage }) {
  const { t } = useTranslation()
  return f.budgetOre === null ? (
    <Text fontSize="sm" color="fg.muted">
      {t('managerBoard.noBudget')}
    </Text>
  ) : (
    <Stack gap="1" minW="40">
      <Progress.Root value={Math.min(100, f.percent ?? 0)} size="sm" colorPalette={(f.percent ?? 0) >= 100 ? 'green' : 'yellow'}>
        <Progress.Label fontSize="xs">{t('managerBoard.goalOf', { percent: f.percent })}</Progress.Label>
        <Progress.Track mt="1">
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" color="fg.muted">
        {t('managerBoard.budget')}: {formatOre(f.budgetOre, lang)} · {t('managerBoard.prediction')}: {formatOre(f.predictionOre, lang)}
      </Text>
    </Stack>
  )
}

/** Every office's month for a reader who sees them all: order value, sales, budget and how far toward it. */
function OfficesOverview(props: {
  data: ManagerDashboard
  overview: NonNullable<ManagerDashboard['overview']>
  sales: (narrow: Record<string, string | undefined>, text: string) => ReactNode
  lang: FormatLanguage
}) {
  const { t } = useTranslation()
  const { data, overview, sales, lang } = props
  return (
    <Stack gap="2" data-testid="manager-overview">
      <Text fontWeight="semibold">{t('managerBoard.overview')}</Text>
      <RecordTable
        bordered
        label={t('managerBoard.overview')}
        rows={overview}
        rowKey={(o) => o.office.id}
        columns={[
          {
            header: t('managerBoard.office'),
            cell: (o) => <RecordLink to={href('/dashboards/sales/manager', { month: data.month, office: o.office.id })}>{o.office.name}</RecordLink>,
          },
          { header: t('managerBoard.orderValue'), end: true, cell: (o) => sales({ officeId: o.office.id }, formatOre(o.orderValueOre, lang)) },
          { header: t('managerBoard.sales'), end: true, cell: (o) => o.sales },
          { header: t('managerBoard.budget'), end: true, cell: (o) => (o.budgetOre === null ? '–' : formatOre(o.budgetOre, lang)) },
          { header: t('managerBoard.goal'), end: true, cell: (o) => (o.percent === null ? '–' : t('managerBoard.goalOf', { percent: o.percent })) },
        ]}
      />
    </Stack>
  )
}

function Board({ data, lang }: { data: ManagerDashboard; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const navigate = useNavigate()
  const office = data.office!
  const mayOpenSales = ability.can('view', 'sale_reports')
  const mayOpenHours = ability.can('view', 'time_reports')
  const sales = (narrow: Record<string, string | undefined>, text: string) =>
    mayOpenSales ? (
      <FigureLink to={href('/backoffice/salereports', { status: EARNING_STATUSES.join(','), ...data.period, ...narrow })}>{text}</FigureLink>
    ) : (
      text
    )
  const hours = (narrow: Record<string, string | undefined>, value: number) =>
    mayOpenHours ? (
      <FigureLink to={href('/backoffice/timereports', { month: data.month, ...narrow })}>{formatDecimal(value, lang)}</FigureLink>
    ) : (
      formatDecimal(value, lang)
    )
  const oph = (value: number | null) => (value === null ? '–' : formatOph(Math.round(value * 100), lang))
  const providers = data.providers
  return (
    <Stack gap="5">
      <SectionCard title={t('managerBoard.officeMonth', { office: office.name, month: formatMonth(data.month, lang) })} data-testid="manager-office">
        <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="4">
          <Figure
            label={t('managerBoard.orderValue')}
            value={sales({ officeId: office.id }, formatOre(office.orderValueOre, lang))}
            testId="office-order-value"
          />
          <Figure label={t('managerBoard.sales')} value={sales({ officeId: office.id }, String(office.sales))} />
          <Figure label={t('managerBoard.hours')} value={hours({ officeId: office.id }, office.hours)} />
          <Figure label={t('managerBoard.oph')} value={oph(office.oph)} />
          <Figure
            label={t('managerBoard.averagePercent')}
            value={office.averagePercent === null ? '–' : t('managerBoard.averageOf', { percent: office.averagePercent })}
            testId="office-average"
          />
          <Box gridColumn={{ base: 'span 2', md: 'span 1' }}>
            <GoalBar f={office} lang={lang} />
          </Box>
        </SimpleGrid>
      </SectionCard>

      <Stack gap="2">
        <Text fontWeight="semibold">{t('managerBoard.teams')}</Text>
        {data.teams.length === 0 ? (
          <Text color="fg.muted">{t('managerBoard.noTeams')}</Text>
        ) : (
          <RecordTable
            bordered
            label={t('managerBoard.teams')}
            rows={data.teams}
            rowKey={(team) => team.id}
            rowTestId="manager-team-row"
            columns={[
              {
                header: t('managerBoard.team'),
                strong: true,
                cell: (team) => <RecordLink to={href('/dashboards/sales/coach', { team: team.id })}>{team.name}</RecordLink>,
              },
              { header: t('managerBoard.goal'), cell: (team) => <GoalBar f={team} lang={lang} /> },
              { header: t('managerBoard.orderValue'), end: true, cell: (team) => sales({ teamId: team.id }, formatOre(team.orderValueOre, lang)) },
              { header: t('managerBoard.sales'), end: true, cell: (team) => sales({ teamId: team.id }, String(team.sales)) },
              { header: t('managerBoard.hours'), end: true, cell: (team) => hours({ teamId: team.id }, team.hours) },
              { header: t('managerBoard.oph'), end: true, cell: (team) => oph(team.oph) },
            ]}
          />
        )}
      </Stack>

      {providers.length === 0 ? (
        <Text color="fg.muted">{t('managerBoard.noSales')}</Text>
      ) : (
        <StatChart
          title={t('managerBoard.byProvider')}
          kind="bar"
          horizontal
          testId="chart-manager-providers"
          height={Math.max(120, providers.length * 34)}
          fileName={`leverantorer-${office.name}-${data.month}.csv`}
          labels={providers.map((p) => p.provider.name)}
          series={[{ label: t('managerBoard.orderValue'), values: providers.map((p) => p.orderValueOre / 100), color: CHART_COLORS.blue }]}
          format={(v) => formatOre(v * 100, lang)}
          onPick={
            mayOpenSales
              ? (i) =>
                  void navigate(
                    href('/backoffice/salereports', {
                      status: EARNING_STATUSES.join(','),
                      ...data.period,
                      officeId: office.id,
                      providerId: providers[i]!.provider.id,
                    }),
                  )
              : undefined
          }
          columns={[
            { header: t('managerBoard.provider'), render: (i) => providers[i]!.provider.name, csv: (i) => providers[i]!.provider.name },
            {
              header: t('managerBoard.sales'),
              numeric: true,
              render: (i) => sales({ officeId: office.id, providerId: providers[i]!.provider.id }, String(providers[i]!.sales)),
              csv: (i) => providers[i]!.sales,
            },
            {
              header: t('managerBoard.orderValue'),
              numeric: true,
              render: (i) => sales({ officeId: office.id, providerId: providers[i]!.provider.id }, formatOre(providers[i]!.orderValueOre, lang)),
              csv: (i) => providers[i]!.orderValueOre / 100,
            },
          ]}
        />
      )}

      {data.overview ? <OfficesOverview data={data} overview={data.overview} sales={sales} lang={lang} /> : null}
    </Stack>
  )
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="lg" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  )
}
