import { Box, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { Link } from 'react-router'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { weekDays } from '../../../../shared/rules/field'
import type { RunItem } from '../../../../shared/schemas/field'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { RunCard } from '../components/run-card'
import { RunDialog } from '../components/run-dialog'
import { plannerPath, usePlannerWeek, useWeekRuns, WeekBar } from '../components/week-bar'
import { useLanguage } from '../../../lib/use-language'

const WEEKDAY = (lang: FormatLanguage, day: string) => {
  const name = new Intl.DateTimeFormat({ sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' }[lang], { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  )
  return name.charAt(0).toUpperCase() + name.slice(1)
}

/**
 * /tools/sales-planner (decision 073): the teams' runs on a week's calendar, a day a column (a list on a phone); a
 * day's "+" plans a run, a run opens for editing. The legacy planner shows the same runs as a table.
 */
export default function SalesPlannerPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const planner = usePlannerWeek()
  const runs = useWeekRuns(planner)
  const [open, setOpen] = useState<{ run: RunItem | null; date: string } | null>(null)
  const mayPlan = ability.can('update', 'sales_planner')
  return (
    <Page title={t('routes.tools-sales-planner')}>
      <Text color="fg.muted" maxW="3xl">
        {t('planner.intro')}
      </Text>
      <HStack justify="space-between" wrap="wrap" gap="3">
        <WeekBar {...planner} />
        <Button asChild size="sm" variant="outline">
          <Link to={plannerPath('tools-sales-planner-legacy', planner)}>{t('routes.tools-sales-planner-legacy')}</Link>
        </Button>
      </HStack>
      <QueryState query={runs} isEmpty={() => false}>
        {(data) => (
          <SimpleGrid columns={{ base: 1, md: 7 }} gap="2" data-testid="planner-calendar">
            {weekDays(planner.week).map((day) => {
              const ofDay = data.filter((r) => r.date === day)
              return (
                <Stack key={day} gap="2" p="2" bg="bg.subtle" rounded="md" minH={{ md: '48' }} data-testid={`planner-day-${day}`}>
                  <HStack justify="space-between">
                    <Text fontSize="sm" fontWeight="semibold">
                      {WEEKDAY(lang, day)} {formatDate(day, lang)}
                    </Text>
                    {mayPlan ? (
                      <Button
                        size="2xs"
                        variant="ghost"
                        aria-label={t('planner.addRunOn', { day: formatDate(day, lang) })}
                        onClick={() => setOpen({ run: null, date: day })}
                      >
                        +
                      </Button>
                    ) : null}
                  </HStack>
                  {ofDay.length === 0 ? (
                    <Box hideFrom="md">
                      <Text fontSize="xs" color="fg.muted">
                        {t('planner.noRuns')}
                      </Text>
                    </Box>
                  ) : null}
                  {ofDay.map((r) => (
                    <RunCard key={r.id} run={r} showTeam={!planner.teamId} onOpen={r.may.edit ? () => setOpen({ run: r, date: day }) : undefined} />
                  ))}
                </Stack>
              )
            })}
          </SimpleGrid>
        )}
      </QueryState>
      {open ? <RunDialog run={open.run} date={open.date} teamId={planner.teamId} onClose={() => setOpen(null)} /> : null}
    </Page>
  )
}
