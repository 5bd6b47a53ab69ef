import { Text } from '@chakra-ui/react'
import { useNavigate } from 'react-router'
import type { QualitySellerRow, QualityStatsFilter } from '../../../../shared/schemas/quality'
import { listTable } from '../../../components/ui/data-table/list-state'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { listQueryParams, useListQuery } from '../../../components/ui/data-table/use-list-query'
import { statsSellers } from '../api/quality-api'
import { numberOrDash, percentOrDash, Sample } from '../components/stats-figures'
import { StatsShell, surveysHref } from '../components/stats-shell'
import { useLanguage } from '../../../lib/use-language'
import { useSellerStats } from '../api/quality-queries'

/**
 * /backoffice/salequality/statistics/sellers (docs/decisions/045): each seller's figures for the period, sorted by any
 * of them, with the number of surveys behind each mean so a small sample is not read as a trend. A row opens the
 * seller's surveys.
 */
export default function StatisticsSellersPage() {
  return <StatsShell screen="sellers">{(filter) => <SellerFigures filter={filter} />}</StatsShell>
}

function SellerFigures({ filter }: { filter: QualityStatsFilter }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const { query, update } = useListQuery({ sortBy: 'surveys', orderBy: 'desc', itemsPerPage: 25 })
  const stats = useSellerStats(filter, query)
  const columns: Column<QualitySellerRow>[] = [
    {
      key: 'name',
      header: t('quality.stats.seller'),
      sortKey: 'name',
      render: (r) => (
        <>
          <Text>{r.seller.name}</Text>
          {r.team ? (
            <Text fontSize="xs" color="fg.muted">
              {r.team.name}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => r.seller.name,
    },
    { key: 'team', header: t('quality.stats.team'), render: (r) => r.team?.name ?? '', csv: (r) => r.team?.name ?? '', hideBelow: 'lg' },
    { key: 'surveys', header: t('quality.stats.surveys'), sortKey: 'surveys', render: (r) => r.figures.surveys, csv: (r) => r.figures.surveys },
    {
      key: 'answered',
      header: t('quality.status.answered'),
      sortKey: 'answered',
      render: (r) => r.figures.answered,
      csv: (r) => r.figures.answered,
      hideBelow: 'sm',
    },
    {
      key: 'averageScore',
      header: t('quality.stats.averageScoreShort'),
      sortKey: 'averageScore',
      render: (r) => (
        <Text as="span" whiteSpace="nowrap">
          {numberOrDash(r.figures.averageScore, lang)} {r.figures.averageGrade ? `(${r.figures.averageGrade})` : ''}
          <Sample n={r.figures.scored} />
        </Text>
      ),
      csv: (r) => r.figures.averageScore,
    },
    { key: 'scored', header: t('quality.stats.scoredN'), render: (r) => r.figures.scored, csv: (r) => r.figures.scored, hideBelow: 'lg' },
    {
      key: 'nki',
      header: t('quality.stats.nki'),
      sortKey: 'nki',
      render: (r) => numberOrDash(r.figures.nki, lang),
      csv: (r) => r.figures.nki,
      hideBelow: 'md',
    },
    { key: 'regret', header: t('quality.status.regret'), sortKey: 'regret', render: (r) => r.figures.regret, csv: (r) => r.figures.regret, hideBelow: 'md' },
    {
      key: 'regretShare',
      header: t('quality.stats.regretShare'),
      sortKey: 'regretShare',
      render: (r) => percentOrDash(r.figures.regretShare, lang),
      csv: (r) => r.figures.regretShare,
    },
  ]
  const csv = useCsvDownload({
    fileName: `kvalitet-saljare-${filter.from}-${filter.to}.csv`,
    columns,
    query,
    fetchPage: (q) => statsSellers({ ...filter, ...listQueryParams(q) }),
  })
  return (
    <DataTable
      label={t('routes.backoffice-salequality-statistics-sellers')}
      columns={columns}
      {...listTable(stats, { query, update }, csv)}
      onRowClick={(r) => void navigate(surveysHref(filter, { seller: r.seller.id, team: r.team?.id, status: 'answered' }))}
      emptyText={t('quality.stats.noSellers')}
    />
  )
}
