import { Stack } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import { formatMonth } from '../../../../shared/format'
import type { QualityStatsFilter } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { FigureLink, numberOrDash, percentOrDash, Sample, StatsLoading } from '../components/stats-figures'
import { StatsShell, surveysHref } from '../components/stats-shell'
import { useLanguage } from '../../../lib/use-language'
import { useStatsMonthly } from '../api/quality-queries'

/**
 * /backoffice/salequality/statistics/monthly (docs/decisions/045): the trend by month, each month beside the same
 * month a year before: the mean score, the satisfaction index and the share of regrets.
 */
export default function StatisticsMonthlyPage() {
  return <StatsShell screen="monthly">{(filter) => <MonthlyFigures filter={filter} />}</StatsShell>
}

/** A month's days within the period (the first and last month may be part of one). */
function monthPeriod(month: string, filter: QualityStatsFilter) {
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))]
  const last = `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`
  return { from: `${month}-01` < filter.from ? filter.from : `${month}-01`, to: last > filter.to ? filter.to : last }
}

function MonthlyFigures({ filter }: { filter: QualityStatsFilter }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const stats = useStatsMonthly(filter)
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
  if (!stats.data) return <StatsLoading />
  const months = stats.data.months
  const labels = months.map((m) => formatMonth(m.month, lang))
  const href = (i: number, status = 'answered') => surveysHref(filter, { ...monthPeriod(months[i]!.month, filter), status })
  return (
    <Stack gap="5" data-testid="stats-monthly" aria-busy={stats.isFetching}>
      <StatChart
        title={t('quality.stats.scoreByMonth')}
        kind="line"
        max={100}
        testId="chart-monthly-score"
        fileName={`kvalitet-manad-${filter.from}-${filter.to}.csv`}
        labels={labels}
        series={[
          { label: t('quality.stats.averageScoreShort'), values: months.map((m) => m.figures.averageScore), color: CHART_COLORS.blue },
          { label: t('quality.stats.nki'), values: months.map((m) => m.figures.nki), color: CHART_COLORS.purple },
          {
            label: t('quality.stats.previousYearScore'),
            values: months.map((m) => m.previous.averageScore),
            color: CHART_COLORS.grey,
            dashed: true,
          },
        ]}
        format={(v) => numberOrDash(v, lang)}
        onPick={(i) => void navigate(href(i))}
        columns={[
          { header: t('quality.stats.month'), render: (i) => labels[i], csv: (i) => months[i]!.month },
          {
            header: t('quality.stats.surveys'),
            numeric: true,
            render: (i) => <FigureLink to={href(i, 'queued')}>{months[i]!.figures.surveys}</FigureLink>,
            csv: (i) => months[i]!.figures.surveys,
          },
          {
            header: t('quality.status.answered'),
            numeric: true,
            render: (i) => <FigureLink to={href(i)}>{months[i]!.figures.answered}</FigureLink>,
            csv: (i) => months[i]!.figures.answered,
          },
          {
            header: t('quality.stats.averageScoreShort'),
            numeric: true,
            render: (i) => (
              <>
                {numberOrDash(months[i]!.figures.averageScore, lang)}
                <Sample n={months[i]!.figures.scored} />
              </>
            ),
            csv: (i) => months[i]!.figures.averageScore,
          },
          {
            header: t('quality.stats.previousYearScore'),
            numeric: true,
            render: (i) => numberOrDash(months[i]!.previous.averageScore, lang),
            csv: (i) => months[i]!.previous.averageScore,
          },
          { header: t('quality.stats.nki'), numeric: true, render: (i) => numberOrDash(months[i]!.figures.nki, lang), csv: (i) => months[i]!.figures.nki },
          {
            header: t('quality.stats.previousYearNki'),
            numeric: true,
            render: (i) => numberOrDash(months[i]!.previous.nki, lang),
            csv: (i) => months[i]!.previous.nki,
          },
          {
            header: t('quality.stats.regretShare'),
            numeric: true,
            render: (i) => (
              <FigureLink to={href(i, 'regret')} empty={!months[i]!.figures.regret}>
                {percentOrDash(months[i]!.figures.regretShare, lang)}
              </FigureLink>
            ),
            csv: (i) => months[i]!.figures.regretShare,
          },
          {
            header: t('quality.stats.previousYearRegret'),
            numeric: true,
            render: (i) => percentOrDash(months[i]!.previous.regretShare, lang),
            csv: (i) => months[i]!.previous.regretShare,
          },
        ]}
      />
      <StatChart
        title={t('quality.stats.regretByMonth')}
        kind="bar"
        max={100}
        testId="chart-monthly-regret"
        fileName={`kvalitet-anger-${filter.from}-${filter.to}.csv`}
        labels={labels}
        series={[
          { label: t('quality.stats.regretShare'), values: months.map((m) => pct(m.figures.regretShare)), color: CHART_COLORS.red },
          { label: t('quality.stats.previousYearRegret'), values: months.map((m) => pct(m.previous.regretShare)), color: CHART_COLORS.grey },
        ]}
        format={(v) => `${numberOrDash(v, lang)} %`}
        onPick={(i) => void navigate(href(i, 'regret'))}
        columns={[
          { header: t('quality.stats.month'), render: (i) => labels[i], csv: (i) => months[i]!.month },
          {
            header: t('quality.status.regret'),
            numeric: true,
            render: (i) => <FigureLink to={href(i, 'regret')}>{months[i]!.figures.regret}</FigureLink>,
            csv: (i) => months[i]!.figures.regret,
          },
          {
            header: t('quality.stats.regretShare'),
            numeric: true,
            render: (i) => percentOrDash(months[i]!.figures.regretShare, lang),
            csv: (i) => months[i]!.figures.regretShare,
          },
          { header: t('quality.stats.previousYearRegretN'), numeric: true, render: (i) => months[i]!.previous.regret, csv: (i) => months[i]!.previous.regret },
        ]}
      />
    </Stack>
  )
}

const pct = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10)
