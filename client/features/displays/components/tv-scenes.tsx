import { Box, Flex, Grid, HStack, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatDecimal, formatOre, type FormatLanguage } from '../../../../shared/format'
import type { DisplayBoardRow, DisplayBudgetRow, DisplayScene, DisplayScenes } from '../../../../shared/schemas/displays'

/**
 * The office screen's scenes (issue 76): large type read from across a room (sizes follow the screen's width, so a
 * 4K TV and a small kiosk read the same), two columns where a landscape screen has room, one in portrait.
 */
export const TV_TEXT = {
  huge: 'clamp(40px, 7vmin, 140px)',
  big: 'clamp(28px, 4.6vmin, 96px)',
  body: 'clamp(20px, 3.4vmin, 64px)',
  small: 'clamp(16px, 2.4vmin, 44px)',
}

/** Whether a scene has anything to show (an empty one is skipped in the cycle; the office's day always shows). */
export function sceneHasContent(scene: DisplayScene, s: DisplayScenes): boolean {
  switch (scene) {
    case 'leaderboard_day':
      return s.leaderboards.day.length > 0
    case 'leaderboard_month':
      return s.leaderboards.month.length > 0
    case 'competitions':
      return s.competitions.length > 0
    case 'budgets':
      return s.budgets.teams.length > 0
    case 'welcome':
      return s.welcome.length > 0
    case 'guide':
      return s.guides.length > 0
    default:
      return true
  }
}

export function TvScene({ scene, scenes, now }: { scene: DisplayScene; scenes: DisplayScenes; now: number }) {
  switch (scene) {
    case 'leaderboard_day':
      return <Board rows={scenes.leaderboards.day} />
    case 'leaderboard_month':
      return <Board rows={scenes.leaderboards.month} />
    case 'competitions':
      return <Competitions scenes={scenes} now={now} />
    case 'budgets':
      return <Budgets scenes={scenes} />
    case 'office_day':
      return <OfficeDay scenes={scenes} />
    case 'welcome':
      return <Welcome scenes={scenes} />
    case 'guide':
      return <Guides scenes={scenes} />
  }
}

const language = (l: string) => l as FormatLanguage

/** A round badge with a person's initials (a screen shows no photos of people who did not choose one). */
export function Initials({ text, size = '1.6em', highlight = false }: { text: string; size?: string; highlight?: boolean }) {
  return (
    <Flex
      flexShrink={0}
      align="center"
      justify="center"
      w={size}
      h={size}
      rounded="full"
      bg={highlight ? 'brand.solid' : 'bg.emphasized'}
      color={highlight ? 'brand.contrast' : 'fg'}
      fontWeight="bold"
      fontSize="0.6em"
      aria-hidden
    >
      {text.slice(0, 3)}
    </Flex>
  )
}

function Board({ rows }: { rows: DisplayBoardRow[] }) {
  const { t, i18n } = useTranslation()
  if (rows.length === 0)
    return (
      <Text fontSize={TV_TEXT.big} color="fg.muted" textAlign="center" mt="10vh">
        {t('displays.tv.emptyBoard')}
      </Text>
    )
  return (
    <Grid
      as="ol"
      listStyleType="none"
      gap="1.2vmin"
      gridAutoFlow="column"
      templateRows={{ base: 'repeat(10, auto)', _landscape: 'repeat(5, auto)' }}
      templateColumns={{ base: '1fr', _landscape: '1fr 1fr' }}
      columnGap="4vmin"
      data-testid="tv-board"
    >
      {rows.map((r) => (
        <HStack as="li" key={`${r.rank}-${r.name}`} gap="2vmin" fontSize={TV_TEXT.body} p="1vmin" rounded="lg" bg={r.rank <= 3 ? 'bg.muted' : undefined}>
          <Text w="2.2em" textAlign="end" fontWeight="bold" color={r.rank <= 3 ? 'brand.fg' : 'fg.muted'}>
            {r.rank}
          </Text>
          <Initials text={r.initials} highlight={r.rank === 1} />
          <Text flex="1" truncate fontWeight={r.rank <= 3 ? 'bold' : 'normal'}>
            {r.name}
          </Text>
          <Text fontVariantNumeric="tabular-nums" color="fg.muted">
            {t('displays.tv.xp', { xp: formatDecimal(r.xp, language(i18n.language)) })}
          </Text>
        </HStack>
      ))}
    </Grid>
  )
}

/** Time left to an end, in days and hours (or hours and minutes on the last day). */
function useTimeLeft() {
  const { t } = useTranslation()
  return (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000))
    const days = Math.floor(minutes / 1440)
    const hours = Math.floor((minutes % 1440) / 60)
    return days > 0 ? t('displays.tv.daysHours', { days, hours }) : t('displays.tv.hoursMinutes', { hours, minutes: minutes % 60 })
  }
}

function Competitions({ scenes, now }: { scenes: DisplayScenes; now: number }) {
  const { t } = useTranslation()
  const left = useTimeLeft()
  return (
    <Grid templateColumns={{ base: '1fr', _landscape: scenes.competitions.length > 1 ? '1fr 1fr' : '1fr' }} gap="4vmin">
      {scenes.competitions.slice(0, 2).map((c) => (
        <Stack key={c.id} gap="1.5vmin" data-testid="tv-competition">
          <Text fontSize={TV_TEXT.big} fontWeight="bold" truncate>
            {c.name}
          </Text>
          <Text fontSize={TV_TEXT.small} color="brand.fg" fontWeight="semibold">
            {t('displays.tv.endsIn', { time: left(c.endsAt - now) })}
          </Text>
          <Stack as="ol" listStyleType="none" gap="1vmin">
            {c.rows.slice(0, 5).map((r) => (
              <HStack as="li" key={`${r.rank}-${r.name}`} fontSize={TV_TEXT.body} gap="2vmin">
                <Text w="1.6em" textAlign="end" fontWeight="bold" color="fg.muted">
                  {r.rank}
                </Text>
                <Text flex="1" truncate>
                  {r.name}
                </Text>
                <Text fontVariantNumeric="tabular-nums">{r.value}</Text>
              </HStack>
            ))}
          </Stack>
        </Stack>
      ))}
    </Grid>
  )
}

function BudgetBar({ row, elapsed }: { row: DisplayBudgetRow; elapsed: number }) {
  const { t, i18n } = useTranslation()
  const lang = language(i18n.language)
  const share = row.goalOre ? Math.min(1.2, row.orderValueOre / row.goalOre) : 0
  const ahead = row.goalOre !== null && share >= elapsed
  return (
    <Stack gap="0.8vmin" data-testid="tv-budget">
      <HStack justify="space-between" fontSize={TV_TEXT.body}>
        <Text fontWeight="bold" truncate>
          {row.name}
        </Text>
        <Text fontVariantNumeric="tabular-nums">{formatOre(row.orderValueOre, lang)}</Text>
      </HStack>
      <Box position="relative" h="3vmin" rounded="full" bg="bg.emphasized" overflow="hidden">
        <Box h="full" w={`${Math.min(100, share * 100)}%`} bg={ahead ? 'green.solid' : 'orange.solid'} rounded="full" />
        {/* Where the month's pace would have it today. */}
        <Box position="absolute" top="0" bottom="0" left={`${elapsed * 100}%`} w="0.5vmin" bg="fg" />
      </Box>
      <Text fontSize={TV_TEXT.small} color="fg.muted">
        {row.goalOre !== null ? t('displays.tv.goal', { amount: formatOre(row.goalOre, lang) }) : t('displays.tv.noGoal')}
      </Text>
    </Stack>
  )
}

function Budgets({ scenes }: { scenes: DisplayScenes }) {
  const { budgets } = scenes
  return (
    <Stack gap="3vmin">
      {budgets.office ? <BudgetBar row={budgets.office} elapsed={budgets.elapsed} /> : null}
      <Grid templateColumns={{ base: '1fr', _landscape: '1fr 1fr' }} gap="3vmin">
        {budgets.teams.slice(0, 8).map((row) => (
          <BudgetBar key={row.id} row={row} elapsed={budgets.elapsed} />
        ))}
      </Grid>
    </Stack>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0" align="center" p="2vmin" rounded="xl" bg="bg.muted">
      <Text fontSize={TV_TEXT.huge} fontWeight="bold" fontVariantNumeric="tabular-nums" lineHeight="1.1">
        {value}
      </Text>
      <Text fontSize={TV_TEXT.small} color="fg.muted">
        {label}
      </Text>
    </Stack>
  )
}

function OfficeDay({ scenes }: { scenes: DisplayScenes }) {
  const { t, i18n } = useTranslation()
  const lang = language(i18n.language)
  const day = scenes.officeDay
  return (
    <Stack gap="4vmin" data-testid="tv-office-day">
      <Grid templateColumns={{ base: '1fr', _landscape: 'repeat(3, 1fr)' }} gap="3vmin">
        <Figure label={t('displays.tv.sales')} value={String(day.sales)} />
        <Figure label={t('displays.tv.orderValue')} value={formatOre(day.orderValueOre, lang)} />
        <Figure label={t('displays.tv.hours')} value={formatDecimal(day.hours, lang)} />
      </Grid>
      <Stack as="ol" listStyleType="none" gap="1vmin">
        {day.teams.slice(0, 6).map((x) => (
          <HStack as="li" key={x.id} fontSize={TV_TEXT.body} gap="3vmin">
            <Text flex="1" truncate fontWeight="semibold">
              {x.name}
            </Text>
            <Text fontVariantNumeric="tabular-nums">{x.sales}</Text>
            <Text fontVariantNumeric="tabular-nums" color="fg.muted" minW="6em" textAlign="end">
              {formatOre(x.orderValueOre, lang)}
            </Text>
          </HStack>
        ))}
      </Stack>
    </Stack>
  )
}

function Welcome({ scenes }: { scenes: DisplayScenes }) {
  const { t, i18n } = useTranslation()
  return (
    <Grid templateColumns={{ base: '1fr', _landscape: 'repeat(auto-fill, minmax(30vw, 1fr))' }} gap="3vmin">
      {scenes.welcome.slice(0, 6).map((p) => (
        <HStack key={`${p.name}-${p.since}`} gap="3vmin" p="2vmin" rounded="xl" bg="bg.muted" fontSize={TV_TEXT.big}>
          <Initials text={p.initials} highlight size="2em" />
          <Stack gap="0" minW="0">
            <Text fontWeight="bold" truncate>
              {p.name}
            </Text>
            <Text fontSize={TV_TEXT.small} color="fg.muted" truncate>
              {[p.teamName, t('displays.tv.since', { date: formatDate(p.since, language(i18n.language)) })].filter(Boolean).join(' · ')}
            </Text>
          </Stack>
        </HStack>
      ))}
    </Grid>
  )
}

function Guides({ scenes }: { scenes: DisplayScenes }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as 'sv' | 'en' | 'fi'
  return (
    <Stack gap="4vmin">
      {scenes.guides.slice(0, 3).map((g) => (
        <Stack key={g.id} gap="1vmin" data-testid="tv-guide">
          <Text fontSize={TV_TEXT.big} fontWeight="bold">
            {g.titles[lang] ?? g.titles.sv}
          </Text>
          <Box h="2.5vmin" rounded="full" bg="bg.emphasized" overflow="hidden">
            <Box h="full" w={`${g.readers ? (g.read / g.readers) * 100 : 0}%`} bg="brand.solid" />
          </Box>
          <Text fontSize={TV_TEXT.small} color="fg.muted">
            {t('displays.tv.read', { read: g.read, readers: g.readers })}
          </Text>
        </Stack>
      ))}
    </Stack>
  )
}
