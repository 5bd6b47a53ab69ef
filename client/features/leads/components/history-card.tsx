import { Badge, Link } from '@chakra-ui/react'
import { Link as RouterLink } from 'react-router'
import { formatDate, formatTime } from '../../../../shared/format'
import type { LeadListItem, LeadListStatus } from '../../../../shared/schemas/leads'
import { QueryState } from '../../../components/ui/load-error'
import { RecordTable } from '../../../components/ui/record-table'
import type { UseQueryResult } from '@tanstack/react-query'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

const PALETTE: Record<LeadListStatus, string> = { uploaded: 'gray', queued: 'blue', running: 'blue', done: 'green', failed: 'red' }

/** The latest lists: which file (it opens the list), when, campaign and source, rows in and out, their state. */
export function HistoryCard({ query }: { query: UseQueryResult<{ items: LeadListItem[] }> }) {
  const { t, lang } = useLanguage()
  return (
    <SectionCard title={t('leads.history')} size="sm">
      <QueryState query={query} empty={t('leads.historyEmpty')}>
        {(data) => (
          <RecordTable<LeadListItem>
            label={t('leads.history')}
            rows={data.items}
            rowKey={(r) => r.id}
            testId="lead-history"
            columns={[
              {
                header: t('leads.columns.file'),
                strong: true,
                cell: (r) => (
                  <Link asChild colorPalette="brand" wordBreak="break-all">
                    <RouterLink to={{ search: `?list=${r.id}` }}>{r.fileName}</RouterLink>
                  </Link>
                ),
              },
              { header: t('leads.columns.createdAt'), cell: (r) => `${formatDate(r.createdAt, lang)} ${formatTime(r.createdAt, lang)}`, hideBelow: 'sm' },
              { header: t('leads.columns.campaign'), cell: (r) => r.campaign },
              { header: t('leads.columns.source'), cell: (r) => r.sourceName ?? '–', hideBelow: 'md' },
              { header: t('leads.columns.rows'), cell: (r) => (r.summary ? `${r.summary.rowsIn} → ${r.summary.rowsOut}` : String(r.rowCount)), end: true },
              {
                header: t('leads.columns.status'),
                cell: (r) => (
                  <Badge variant="subtle" colorPalette={PALETTE[r.status]}>
                    {t(`leads.statuses.${r.status}`)}
                  </Badge>
                ),
              },
              { header: t('leads.columns.by'), cell: (r) => r.createdByName, hideBelow: 'md' },
            ]}
          />
        )}
      </QueryState>
    </SectionCard>
  )
}
