import { Badge, Box, Card, Field, HStack, Link, SegmentGroup, Skeleton, Stack, Switch, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { formatDate } from '../../../../shared/format'
import { LEADERBOARD_PERIODS, LEADERBOARD_SCOPES, type Leaderboard, type LeaderboardRow } from '../../../../shared/schemas/game'
import { TrophyIcon } from '../../../components/ui/icons'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { formatPoints, GameLoadError } from '../components/game-parts'
import { useUrlParams } from '../../../lib/use-url-params'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { useLeaderboard, useSetRanked } from '../api/game-queries'

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T => (list.includes(value as T) ? (value as T) : fallback)

/**
 * /sales-flow/leaderboards (docs/decisions/052): the top ten by XP in the person's team, office, region or the whole
 * organisation this week, this month or all time, and below them the five above and below their own rank. The
 * person chooses whether others see them.
 */
export default function LeaderboardsPage() {
  const { t } = useTranslation()
  const [params, setParams] = useUrlParams()
  const scope = oneOf(LEADERBOARD_SCOPES, params.get('scope'), 'region')
  const period = oneOf(LEADERBOARD_PERIODS, params.get('period'), 'week')
  const teamId = params.get('team') || undefined
  const query = useLeaderboard({ scope, period, teamId })
  const choose = (change: Record<string, string | undefined>) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p)
        for (const [k, v] of Object.entries(change))
          if (v) next.set(k, v)
          else next.delete(k)
        return next
      },
      { replace: true },
    )
  const board = query.data
  return (
    <Page title={t('routes.sales-flow-leaderboards')} subtitle={t('game.board.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      <Stack gap="4" maxW="3xl">
        <Stack gap="3">
          <Choice
            label={t('game.board.scope')}
            value={scope}
            items={LEADERBOARD_SCOPES.map((s) => ({ value: s, label: t(`game.board.scopes.${s}`) }))}
            onChange={(v) => choose({ scope: v })}
            testId="board-scope"
          />
          <Choice
            label={t('game.board.period')}
            value={period}
            items={LEADERBOARD_PERIODS.map((p) => ({ value: p, label: t(`game.board.periods.${p}`) }))}
            onChange={(v) => choose({ period: v })}
            testId="board-period"
          />
          {scope === 'team' && board && board.teams.length > 1 ? (
            <Field.Root maxW="xs">
              <Field.Label fontSize="sm">{t('game.board.team')}</Field.Label>
              <Choices
                size="sm"
                value={board.place?.id ?? ''}
                onChange={(e) => choose({ team: e.currentTarget.value })}
                data-testid="board-team"
                options={board.teams.map((team) => ({ value: team.id, label: team.name }))}
              />
            </Field.Root>
          ) : null}
        </Stack>
        {query.isError && !board ? (
          <GameLoadError error={query.error} onRetry={() => void query.refetch()} />
        ) : !board ? (
          <Skeleton h="96" aria-busy />
        ) : (
          <BoardCard board={board} stale={query.isPlaceholderData} />
        )}
        {board ? <RankedSwitch ranked={board.me.ranked} /> : null}
      </Stack>
    </Page>
  )
}

function Choice<T extends string>({
  label,
  value,
  items,
  onChange,
  testId,
}: {
  label: string
  value: T
  items: Array<{ value: T; label: string }>
  onChange: (value: T) => void
  testId: string
}) {
  return (
    <Box>
      <Text fontSize="sm" color="fg.muted" mb="1" id={`${testId}-label`}>
        {label}
      </Text>
      <SegmentGroup.Root
        size="sm"
        value={value}
        onValueChange={(e) => e.value && onChange(e.value as T)}
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
        maxW="full"
        overflowX="auto"
      >
        <SegmentGroup.Indicator />
        <SegmentGroup.Items items={items} />
      </SegmentGroup.Root>
    </Box>
  )
}

function BoardCard({ board, stale }: { board: Leaderboard; stale: boolean }) {
  const { t, lang } = useLanguage()
  const kind = board.scope
  const days = board.from && board.to ? `${formatDate(board.from, lang)} – ${formatDate(board.to, lang)}` : t('game.board.periods.all')
  return (
    <Card.Root data-testid="leaderboard" data-scope={board.scope} data-period={board.period} opacity={stale ? 0.6 : 1} aria-busy={stale}>
      <Card.Header>
        <Card.Title fontSize="md">
          {board.place?.name ?? t('game.board.scopes.organisation')} · {t(`game.board.periods.${board.period}`)}
        </Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {days}
        </Text>
      </Card.Header>
      <Card.Body pt="2">
        {kind !== 'organisation' && !board.place ? (
          <Text color="fg.muted">{t(`game.board.noPlace.${kind}`)}</Text>
        ) : board.total === 0 ? (
          <Text color="fg.muted" data-testid="leaderboard-empty">
            {t('game.board.empty')}
          </Text>
        ) : (
          <Stack gap="0">
            <HStack px="2" py="1" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              <Text w="12">{t('game.board.rank')}</Text>
              <Text flex="1">{t('game.board.name')}</Text>
              <Text>{t('game.xp')}</Text>
            </HStack>
            {board.top.map((row) => (
              <Row key={row.userId} row={row} />
            ))}
            {board.around.length > 0 ? (
              <>
                <Text textAlign="center" color="fg.muted" py="1" aria-hidden>
                  ⋯
                </Text>
                {board.around.map((row) => (
                  <Row key={row.userId} row={row} />
                ))}
              </>
            ) : null}
          </Stack>
        )}
      </Card.Body>
      {board.place || kind === 'organisation' ? (
        <Card.Footer>
          <Text fontSize="sm" fontWeight="medium" data-testid="leaderboard-me">
            {board.me.rank === null ? t('game.board.notRanked') : t('game.board.yourRank', { rank: board.me.rank, total: board.total })}
          </Text>
        </Card.Footer>
      ) : null}
    </Card.Root>
  )
}

function Row({ row }: { row: LeaderboardRow }) {
  const { t, lang } = useLanguage()
  const medal = row.rank === 1 ? 'yellow.500' : row.rank === 2 ? 'gray.400' : row.rank === 3 ? 'orange.600' : null
  return (
    <HStack
      px="2"
      py="2"
      borderRadius="l2"
      bg={row.me ? 'brand.subtle' : undefined}
      fontWeight={row.me ? 'semibold' : undefined}
      data-testid="leaderboard-row"
      data-me={row.me || undefined}
    >
      <HStack w="12" gap="1" fontVariantNumeric="tabular-nums">
        <Text>{row.rank}</Text>
        {medal ? (
          <Box as="span" color={medal}>
            <TrophyIcon size={14} />
          </Box>
        ) : null}
      </HStack>
      <HStack flex="1" minW="0" gap="2">
        {row.open && !row.me ? (
          <Link asChild truncate colorPalette="brand">
            <RouterLink to={`/sales-flow?person=${row.userId}`}>{row.name}</RouterLink>
          </Link>
        ) : (
          <Text truncate>{row.name}</Text>
        )}
        {row.me ? (
          <Badge size="sm" colorPalette="brand">
            {t('game.board.you')}
          </Badge>
        ) : null}
      </HStack>
      <Text fontVariantNumeric="tabular-nums">{formatPoints(row.xp, lang)}</Text>
    </HStack>
  )
}

/** Whether others see the person in their leaderboards (they always see their own rank). */
function RankedSwitch({ ranked }: { ranked: boolean }) {
  const { t } = useTranslation()
  const save = useSetRanked({
    onSuccess: (answer) => snackbar.success(answer.ranked ? t('game.board.savedRanked') : t('game.board.savedHidden')),
    onError: (err) => snackbar.error(errorText(err, t)),
  })
  const checked = save.isPending ? !!save.variables : ranked
  return (
    <Card.Root size="sm" variant="subtle">
      <Card.Body>
        <Switch.Root
          colorPalette="brand"
          checked={checked}
          disabled={save.isPending}
          onCheckedChange={(e) => save.mutate(e.checked)}
          data-testid="board-ranked"
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('game.board.ranked')}</Switch.Label>
        </Switch.Root>
        <Text fontSize="sm" color="fg.muted" mt="1">
          {t('game.board.rankedHelp')}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}
