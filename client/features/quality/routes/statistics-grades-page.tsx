import { Stack, Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import type { QualityStatsFilter } from '../../../../shared/schemas/quality'
import { LoadError } from '../../../components/ui/load-error'
import { CHART_COLORS, StatChart } from '../../../components/ui/stat-chart'
import { FigureLink, percentOrDash, StatsLoading } from '../components/stats-figures'
import { StatsShell, surveysHref } from '../components/stats-shell'
import { useLanguage } from '../../../lib/use-language'
import { useStatsGrades } from '../api/quality-queries'

/** /backoffice/salequality/statistics/grades (docs/decisions/045): how the period's answered surveys were graded. */
export default function StatisticsGradesPage() {
  return <StatsShell screen="grades">{(filter) => <GradeFigures filter={filter} />}</StatsShell>
}

function GradeFigures({ filter }: { filter: QualityStatsFilter }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const stats = useStatsGrades(filter)
  if (stats.isError) return <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
  if (!stats.data) return <StatsLoading />
  const { grades, ungraded, answered } = stats.data
  const href = (i: number) => surveysHref(filter, { status: 'answered', grade: grades[i]!.grade })
  return (
    <Stack gap="4" data-testid="stats-grades" aria-busy={stats.isFetching}>
      <Text color="fg.muted" fontSize="sm" data-testid="grades-answered">
        {t('quality.stats.gradesIntro', { n: answered })}
        {ungraded ? ` ${t('quality.stats.ungraded', { n: ungraded })}` : ''}
      </Text>
      <StatChart
        title={t('quality.stats.gradeDistribution')}
        kind="bar"
        integer
        testId="chart-grades"
        fileName={`kvalitet-betyg-${filter.from}-${filter.to}.csv`}
        labels={grades.map((g) => g.grade)}
        series={[{ label: t('quality.stats.surveys'), values: grades.map((g) => g.surveys), color: CHART_COLORS.blue }]}
        onPick={(i) => void navigate(href(i))}
        columns={[
          { header: t('quality.stats.grade'), render: (i) => grades[i]!.grade, csv: (i) => grades[i]!.grade },
          {
            header: t('quality.stats.surveys'),
            numeric: true,
            render: (i) => (
              <FigureLink to={href(i)} label={t('quality.stats.openGrade', { grade: grades[i]!.grade, n: grades[i]!.surveys })}>
                {grades[i]!.surveys}
              </FigureLink>
            ),
            csv: (i) => grades[i]!.surveys,
          },
          { header: t('quality.stats.share'), numeric: true, render: (i) => percentOrDash(grades[i]!.share, lang), csv: (i) => grades[i]!.share },
        ]}
      />
    </Stack>
  )
}
