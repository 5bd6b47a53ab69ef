import { Badge, Text } from '@chakra-ui/react'
import { formatDate, formatTime } from '../../../../shared/format'
import type { MessageRunItem } from '../../../../shared/schemas/scheduled-messages'
import { ChildTableCard } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'

/** Each occurrence that ran (and each test): when, how many it reached, delivered, waiting, failed and why. */
export function HistoryCard({ runs }: { runs: MessageRunItem[] }) {
  const { t, lang } = useLanguage()
  const when = (ms: number) => `${formatDate(ms, lang)} ${formatTime(ms, lang)}`
  const reason = (r: string) => (r === 'noEmail' || r === 'unknown' ? t(`scheduled.history.reasons.${r}`) : r)
  return (
    <ChildTableCard
      title={t('scheduled.sections.history')}
      count={false}
      rows={runs}
      rowKey={(r) => r.id}
      empty={t('scheduled.history.empty')}
      testId="message-history"
      columns={[
        {
          header: t('scheduled.history.when'),
          cell: (r) => (
            <>
              {when(r.occurrenceAt)}{' '}
              {r.test ? (
                <Badge size="sm" variant="outline">
                  {t('scheduled.history.test')}
                </Badge>
              ) : null}
            </>
          ),
        },
        {
          header: t('scheduled.history.state'),
          cell: (r) => (
            <Badge variant="subtle" colorPalette={r.state === 'done' ? 'green' : r.state === 'skipped' ? 'gray' : 'blue'}>
              {t(`scheduled.history.states.${r.state}`)}
            </Badge>
          ),
        },
        { header: t('scheduled.history.recipients'), cell: (r) => r.recipients, end: true },
        { header: t('scheduled.history.delivered'), cell: (r) => r.delivered, end: true },
        { header: t('scheduled.history.waiting'), cell: (r) => r.waiting, end: true },
        {
          header: t('scheduled.history.failed'),
          cell: (r) =>
            r.failed === 0 ? (
              0
            ) : (
              <Text color="fg.error" title={r.failures.map((f) => `${reason(f.reason)} (${f.count})`).join(', ')}>
                {r.failed}: {r.failures.map((f) => `${reason(f.reason)} (${f.count})`).join(', ')}
              </Text>
            ),
        },
      ]}
    />
  )
}
