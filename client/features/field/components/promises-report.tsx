import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { formatDate, formatTime } from '../../../../shared/format'
import type { PromiseSellerFigures, PromiseSetterFigures, QueuedPromise } from '../../../../shared/schemas/field'
import { QueryState } from '../../../components/ui/load-error'
import { RecordTable } from '../../../components/ui/record-table'
import { SectionCard } from '../../../components/ui/section-card'
import { useLanguage } from '../../../lib/use-language'
import { usePromisesReport } from '../api/field-queries'

/**
 * The coach's view of promises (decision 097), on the runs screen: per seller the promises due in the period kept on
 * time, late, missed (left to the team's queue) and still open; per setter the appointments booked and the customers
 * who were not there; and what waits in the teams' queue now.
 */
export function PromisesReportPanel({ q }: { q: { from: string; to: string; teamId?: string } }) {
  const { t, lang } = useLanguage()
  const report = usePromisesReport(q)
  return (
    <Stack gap="4">
      <Text color="fg.muted" maxW="3xl">
        {t('promises.report.intro')}
      </Text>
      <QueryState query={report}>
        {(data) => (
          <Stack gap="4">
            <SectionCard title={t('promises.report.sellers')}>
              {data.sellers.length === 0 ? (
                <Text color="fg.muted">{t('promises.report.empty')}</Text>
              ) : (
                <RecordTable<PromiseSellerFigures>
                  label={t('promises.report.sellers')}
                  rows={data.sellers}
                  rowKey={(r) => r.id}
                  testId="promise-sellers"
                  columns={[
                    { header: t('promises.report.seller'), cell: (r) => r.name, strong: true },
                    { header: t('promises.report.due'), cell: (r) => r.due, end: true },
                    { header: t('promises.report.kept'), cell: (r) => r.kept, end: true },
                    { header: t('promises.report.late'), cell: (r) => r.late, end: true },
                    { header: t('promises.report.missed'), cell: (r) => (r.missed > 0 ? <Badge colorPalette="red">{r.missed}</Badge> : 0), end: true },
                    { header: t('promises.report.open'), cell: (r) => r.open, end: true },
                    { header: t('promises.report.taken'), cell: (r) => r.taken, end: true, hideBelow: 'sm' },
                  ]}
                />
              )}
            </SectionCard>
            {data.setters.length > 0 ? (
              <SectionCard title={t('promises.report.setters')}>
                <RecordTable<PromiseSetterFigures>
                  label={t('promises.report.setters')}
                  rows={data.setters}
                  rowKey={(r) => r.id}
                  testId="promise-setters"
                  columns={[
                    { header: t('promises.report.setter'), cell: (r) => r.name, strong: true },
                    { header: t('promises.report.booked'), cell: (r) => r.booked, end: true },
                    { header: t('promises.report.noShows'), cell: (r) => r.noShows, end: true },
                  ]}
                />
              </SectionCard>
            ) : null}
            <SectionCard title={t('promises.report.queue')}>
              {data.queue.length === 0 ? (
                <Text color="fg.muted">{t('promises.report.queueEmpty')}</Text>
              ) : (
                <RecordTable<QueuedPromise>
                  label={t('promises.report.queue')}
                  rows={data.queue}
                  rowKey={(r) => r.id}
                  testId="promise-queue-report"
                  columns={[
                    {
                      header: t('promises.dueAt'),
                      cell: (r) => (
                        <HStack gap="2">
                          <Badge>{t(`promises.kinds.${r.kind}`)}</Badge>
                          <Text>
                            {formatDate(r.dueAt, lang)} {formatTime(r.dueAt, lang)}
                          </Text>
                        </HStack>
                      ),
                    },
                    { header: t('promises.customer'), cell: (r) => [r.customerName, r.address, r.phone].filter(Boolean).join(', ') },
                    { header: t('promises.report.seller'), cell: (r) => t('promises.missedBy', { name: r.missedByName, team: r.teamName }) },
                  ]}
                />
              )}
            </SectionCard>
          </Stack>
        )}
      </QueryState>
    </Stack>
  )
}
