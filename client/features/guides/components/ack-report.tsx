import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { formatDate } from '../../../../shared/format'
import { QueryState } from '../../../components/ui/load-error'
import { RecordTable } from '../../../components/ui/record-table'
import { errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useAckReport, useRemindGuide } from '../api/guides-queries'

/**
 * Who in the viewer's teams has acknowledged a must-read guide's current version (docs/decisions/069), per team,
 * with a reminder to those who have not.
 */
export function AckReportCard({ guideId }: { guideId: string }) {
  const { t, lang } = useLanguage()
  const report = useAckReport(guideId)
  const remind = useRemindGuide({
    onSuccess: (r) => snackbar.success(t('guides.acks.reminded', { count: r.reminded })),
    onError: (err) => snackbar.error(errorText(err, t)),
  })
  return (
    <SectionCard title={t('guides.acks.title')} data-testid="guide-ack-report">
      <QueryState query={report} isEmpty={(r) => r.teams.length === 0} empty={t('guides.acks.noTeams')}>
        {(r) => {
          const pending = r.teams.flatMap((x) => x.people).filter((p) => (p.acknowledgedNumber ?? 0) < r.guide.number).length
          return (
            <Stack gap="4">
              {r.teams.map((team) => {
                const done = team.people.filter((p) => (p.acknowledgedNumber ?? 0) >= r.guide.number).length
                return (
                  <Stack key={team.id} gap="2" data-testid="guide-ack-team">
                    <HStack justify="space-between">
                      <Text fontWeight="semibold">{team.name}</Text>
                      <Text fontSize="sm" color="fg.muted">
                        {t('guides.acks.counts', { done, total: team.people.length })}
                      </Text>
                    </HStack>
                    <RecordTable
                      rows={team.people}
                      rowKey={(p) => p.id}
                      rowTestId="guide-ack-person"
                      columns={[
                        { header: t('guides.acks.person'), strong: true, cell: (p) => p.name },
                        {
                          header: t('guides.acks.status'),
                          cell: (p) =>
                            (p.acknowledgedNumber ?? 0) >= r.guide.number ? (
                              <Badge colorPalette="green">{t('guides.acks.done', { date: formatDate(p.acknowledgedAt, lang) })}</Badge>
                            ) : p.acknowledgedNumber ? (
                              <Badge colorPalette="blue">{t('guides.acks.older', { number: p.acknowledgedNumber })}</Badge>
                            ) : (
                              <Badge colorPalette="orange">{t('guides.acks.notYet')}</Badge>
                            ),
                        },
                      ]}
                    />
                  </Stack>
                )
              })}
              <HStack justify="flex-end">
                <Button
                  size="sm"
                  variant="outline"
                  disabled={pending === 0}
                  loading={remind.isPending}
                  onClick={() => remind.mutate(guideId)}
                  data-testid="guide-remind"
                >
                  {t('guides.acks.remind', { count: pending })}
                </Button>
              </HStack>
            </Stack>
          )
        }}
      </QueryState>
    </SectionCard>
  )
}
