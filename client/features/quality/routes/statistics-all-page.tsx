import { Stack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import type { FormatLanguage } from '../../../../shared/format'
import type { QualityStatsFilter } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { statsAll } from '../api/quality-api'
import { FigureLink, KeyFigures, numberOrDash, percentOrDash, Sample, StatsLoading } from '../components/stats-figures'
import { StatsShell, surveysHref } from '../components/stats-shell'

/**
 * /backoffice/salequality/statistics/all (docs/decisions/045): the period's surveys at a glance (how many, the share
 * answered, the mean grade, NKI, the share of regrets) and the same by provider; each figure opens its surveys.
 */
export default function StatisticsAllPage() {
  return <StatsShell screen="all">{(filter) => <AllFigures filter={filter} />}</StatsShell>
}

const STATUSES = ['answered', 'unreached', 'regret', 'queued'] as const
const COLOR = { answered: CHART_COLORS.green, unreached: CHART_COLORS.grey, regret: CHART_COLORS.red, queued: CHART_COLORS.blue }

function AllFigures({ filter }: { filter: QualityStatsFilter }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const navigate = useNavigate()
  const stats = useQuery({ queryKey: ['quality-stats', 'all', filter], queryFn: ({ signal }) => statsAll(filter, signal), placeholderData: (p) => p })
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
  if (!stats.data) return <StatsLoading />
  const { total, byProvider } = stats.data
  const rows = byProvider
  const href = (i: number, status: string) => surveysHref(filter, { provider: rows[i]!.provider.id, status })
  return (
    <Stack gap="5" data-testid="stats-all" aria-busy={stats.isFetching}>
      <KeyFigures figures={total} hrefOf={(status) => surveysHref(filter, { status })} />
      <StatChart
        title={t('quality.stats.byProvider')}
        kind="bar"
        integer
        stacked
        testId="chart-providers"
        fileName={`kvalitet-leverantorer-${filter.from}-${filter.to}.csv`}
        labels={rows.map((r) => r.provider.name)}
        series={STATUSES.map((s) => ({ label: t(`quality.status.${s}`), values: rows.map((r) => r.figures[s]), color: COLOR[s] }))}
        onPick={(i, series) => void navigate(href(i, STATUSES[series]!))}
        columns={[
          { header: t('quality.stats.provider'), render: (i) => rows[i]!.provider.name, csv: (i) => rows[i]!.provider.name },
          {
            header: t('quality.stats.surveys'),
            numeric: true,
            render: (i) => rows[i]!.figures.surveys,
            csv: (i) => rows[i]!.figures.surveys,
          },
          {
            header: t('quality.status.answered'),
            numeric: true,
            render: (i) => <FigureLink to={href(i, 'answered')}>{rows[i]!.figures.answered}</FigureLink>,
            csv: (i) => rows[i]!.figures.answered,
          },
          {
            header: t('quality.stats.answeredShare'),
            numeric: true,
            render: (i) => percentOrDash(rows[i]!.figures.answeredShare, lang),
            csv: (i) => rows[i]!.figures.answeredShare,
          },
          {
            header: t('quality.stats.averageScoreShort'),
            numeric: true,
            render: (i) => (
              <>
                {numberOrDash(rows[i]!.figures.averageScore, lang)} {rows[i]!.figures.averageGrade ? `(${rows[i]!.figures.averageGrade})` : ''}
                <Sample n={rows[i]!.figures.scored} />
              </>
            ),
            csv: (i) => rows[i]!.figures.averageScore,
          },
          {
            header: t('quality.stats.nki'),
            numeric: true,
            render: (i) => numberOrDash(rows[i]!.figures.nki, lang),
            csv: (i) => rows[i]!.figures.nki,
          },
          {
            header: t('quality.status.regret'),
            numeric: true,
            render: (i) => <FigureLink to={href(i, 'regret')}>{rows[i]!.figures.regret}</FigureLink>,
            csv: (i) => rows[i]!.figures.regret,
          },
          {
            header: t('quality.stats.regretShare'),
            numeric: true,
            render: (i) => percentOrDash(rows[i]!.figures.regretShare, lang),
            csv: (i) => rows[i]!.figures.regretShare,
          },
        ]}
      />
    </Stack>
  )
}
