import { Stack, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import type { QualityStatsFilter } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { useAbility } from '../../../lib/session'
import { FigureLink, KeyFigures, numberOrDash, percentOrDash, Sample, StatsLoading } from '../components/stats-figures'
import { StatsShell, surveysHref } from '../components/stats-shell'
import { useLanguage } from '../../../lib/use-language'
import { useStatsAll, useStatsRegret } from '../api/quality-queries'

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
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const stats = useStatsAll(filter)
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
      <RegretFigures filter={filter} />
    </Stack>
  )
}

/** Regret by product and by the reasons customers gave (docs/decisions/045), for the same filter. */
function RegretFigures({ filter }: { filter: QualityStatsFilter }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const ability = useAbility()
  const stats = useStatsRegret(filter)
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
  if (!stats.data) return <StatsLoading />
  const { byProduct, byReason, moreProducts, otherReasons, regretSurveys } = stats.data
  // The rows behind a product's figure: its sale reports of the period in the same place (back office's list).
  const salesOf = (i: number, status?: string) => {
    const q = new URLSearchParams()
    const all: Record<string, string | undefined> = {
      status,
      productId: byProduct[i]!.product.id,
      from: filter.from,
      to: filter.to,
      officeId: filter.officeId,
      teamId: filter.teamId,
      sellerId: filter.sellerId,
      providerId: filter.providerId,
    }
    for (const [k, v] of Object.entries(all)) if (v) q.set(k, v)
    return `/backoffice/salereports?${q.toString()}`
  }
  const mayOpenSales = ability.can('view', 'sale_reports')
  const figure = (i: number, n: number, status?: string) => (mayOpenSales && n > 0 ? <FigureLink to={salesOf(i, status)}>{n}</FigureLink> : n)
  return (
    <Stack gap="5" data-testid="stats-regret" aria-busy={stats.isFetching}>
      <Stack gap="2">
        <Text color="fg.muted" textStyle="sm">
          {t('quality.stats.regretByProductIntro')}
        </Text>
        <StatChart
          title={t('quality.stats.regretByProduct')}
          kind="bar"
          horizontal
          integer
          testId="chart-regret-products"
          height={Math.max(160, byProduct.length * 34)}
          fileName={`anger-produkter-${filter.from}-${filter.to}.csv`}
          labels={byProduct.map((r) => r.product.name)}
          series={[{ label: t('quality.status.regret'), values: byProduct.map((r) => r.regret), color: CHART_COLORS.red }]}
          onPick={mayOpenSales ? (i) => void navigate(salesOf(i, 'regret')) : undefined}
          columns={[
            { header: t('quality.stats.product'), render: (i) => byProduct[i]!.product.name, csv: (i) => byProduct[i]!.product.name },
            { header: t('quality.stats.sold'), numeric: true, render: (i) => figure(i, byProduct[i]!.sold), csv: (i) => byProduct[i]!.sold },
            {
              header: t('quality.status.regret'),
              numeric: true,
              render: (i) => figure(i, byProduct[i]!.regret, 'regret'),
              csv: (i) => byProduct[i]!.regret,
            },
            {
              header: t('quality.stats.regretShare'),
              numeric: true,
              render: (i) => percentOrDash(byProduct[i]!.regretShare, lang),
              csv: (i) => byProduct[i]!.regretShare,
            },
          ]}
        />
        {moreProducts > 0 ? (
          <Text color="fg.muted" textStyle="sm">
            {t('quality.stats.moreProducts', { n: moreProducts })}
          </Text>
        ) : null}
      </Stack>
      <Stack gap="2">
        <Text color="fg.muted" textStyle="sm">
          {t('quality.stats.regretByReasonIntro', { n: regretSurveys })}
        </Text>
        <StatChart
          title={t('quality.stats.regretByReason')}
          kind="bar"
          horizontal
          integer
          testId="chart-regret-reasons"
          height={Math.max(160, byReason.length * 34)}
          fileName={`anger-skal-${filter.from}-${filter.to}.csv`}
          labels={byReason.map((r) => r.reason)}
          series={[{ label: t('quality.status.regret'), values: byReason.map((r) => r.regret), color: CHART_COLORS.red }]}
          onPick={() => void navigate(surveysHref(filter, { status: 'regret' }))}
          columns={[
            { header: t('quality.stats.reason'), render: (i) => byReason[i]!.reason, csv: (i) => byReason[i]!.reason },
            { header: t('quality.status.regret'), numeric: true, render: (i) => byReason[i]!.regret, csv: (i) => byReason[i]!.regret },
            { header: t('quality.stats.share'), numeric: true, render: (i) => percentOrDash(byReason[i]!.share, lang), csv: (i) => byReason[i]!.share },
          ]}
        />
        {otherReasons > 0 ? (
          <Text color="fg.muted" textStyle="sm">
            {t('quality.stats.otherReasons', { n: otherReasons })}
          </Text>
        ) : null}
      </Stack>
    </Stack>
  )
}
