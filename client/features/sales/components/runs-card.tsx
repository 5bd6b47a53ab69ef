import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { formatDate } from '../../../../shared/format'
import type { OfflineDb } from '../../../lib/offline-db'
import { useComingRuns } from '../api/seller-store'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

/**
 * The seller's next field runs (decision 073), from the device store: the day, where and when the team meets, the
 * area, who else is on it, the planner's note. Offline too — it is what a seller checks on the way out.
 */
export function RunsCard({ db, today }: { db: OfflineDb; today: string }) {
  const { t, lang } = useLanguage()
  const runs = useComingRuns(db, today)
  if (!runs || runs.length === 0) return null
  const [next, ...later] = runs
  return (
    <SectionCard title={t('sellerDashboard.nextRun')} data-testid="seller-runs">
      <Stack gap="3">
        <Stack gap="1" data-testid="seller-next-run">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="semibold">
              {next!.date === today ? t('sellerDashboard.today') : formatDate(next!.date, lang)} · {next!.areaName ?? next!.teamName}
            </Text>
            {next!.travelDay ? (
              <Badge colorPalette="orange" size="sm">
                {t('sellerDashboard.travelDay')}
              </Badge>
            ) : null}
          </HStack>
          {next!.meetingTime || next!.meetingPlace ? (
            <Text>{t('sellerDashboard.meeting', { time: next!.meetingTime ?? '', place: next!.meetingPlace ?? '' }).trim()}</Text>
          ) : null}
          {next!.sellers.length > 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('sellerDashboard.with', { names: next!.sellers.join(', ') })}
            </Text>
          ) : null}
          {next!.note ? (
            <Text fontSize="sm" fontStyle="italic">
              {next!.note}
            </Text>
          ) : null}
        </Stack>
        {later.map((r) => (
          <Text key={r.id} fontSize="sm" color="fg.muted">
            {formatDate(r.date, lang)} · {r.areaName ?? r.teamName}
            {r.meetingTime ? ` · ${r.meetingTime}` : ''}
          </Text>
        ))}
      </Stack>
    </SectionCard>
  )
}
