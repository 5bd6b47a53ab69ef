import { Button, Field, HStack, IconButton, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { pathFor } from '../../../../shared/routes'
import { isoWeekOf, mondayOf } from '../../../../shared/rules/assistant'
import { addDays } from '../../../../shared/rules/work'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { useRuns } from '../api/field-queries'

export const todayHere = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())

/** The week (its Monday) and the team both planners show, from the address (`?week=2026-11-23&teamId=…`). */
export function usePlannerWeek() {
  const [params, setParams] = useUrlParams()
  const week = mondayOf(/^\d{4}-\d{2}-\d{2}$/.test(params.get('week') ?? '') ? params.get('week')! : todayHere())
  const teamId = params.get('teamId') || undefined
  const set = (change: Record<string, string | undefined>) => setParams((current) => withParams(current, change))
  return { week, sunday: addDays(week, 6), teamId, set }
}

/** The week's runs, of the team chosen or of every team the reader may see, as both planners show them. */
export function useWeekRuns({ week, sunday, teamId }: Pick<ReturnType<typeof usePlannerWeek>, 'week' | 'sunday' | 'teamId'>) {
  const q = { from: week, to: sunday, teamId }
  return useRuns(q)
}

/** The other planner's address, on the same week and team. */
export function plannerPath(
  route: 'tools-sales-planner' | 'tools-sales-planner-legacy',
  { week, teamId }: Pick<ReturnType<typeof usePlannerWeek>, 'week' | 'teamId'>,
) {
  return `${pathFor(route)}?week=${week}${teamId ? `&teamId=${teamId}` : ''}`
}

/** The week stepper and the team choice above both planners. */
export function WeekBar({ week, teamId, set }: ReturnType<typeof usePlannerWeek>) {
  const { t } = useTranslation()
  return (
    <HStack gap="3" wrap="wrap" align="end" data-testid="planner-week-bar">
      <HStack gap="1">
        <IconButton size="sm" variant="outline" aria-label={t('planner.previousWeek')} onClick={() => set({ week: addDays(week, -7) })}>
          ‹
        </IconButton>
        <Text minW="24" textAlign="center" fontWeight="semibold" data-testid="planner-week">
          {t('planner.week', { week: isoWeekOf(week).week })}
        </Text>
        <IconButton size="sm" variant="outline" aria-label={t('planner.nextWeek')} onClick={() => set({ week: addDays(week, 7) })}>
          ›
        </IconButton>
        <Button size="sm" variant="ghost" onClick={() => set({ week: undefined })}>
          {t('planner.thisWeek')}
        </Button>
      </HStack>
      <Field.Root maxW="64">
        <Field.Label>{t('planner.team')}</Field.Label>
        <LookupNativeSelect kind="teams" label={t('planner.team')} emptyLabel={t('planner.allTeams')} value={teamId} onChange={(id) => set({ teamId: id })} />
      </Field.Root>
    </HStack>
  )
}
