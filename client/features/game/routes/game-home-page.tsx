import { Alert, Badge, Box, Button, Card, Grid, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useSearchParams } from 'react-router'
import { formatDate } from '../../../../shared/format'
import type { GameLedgerLine, GameStanding } from '../../../../shared/schemas/game'
import { CoinIcon, TrophyIcon } from '../../../components/ui/icons'
import { Page } from '../../../components/ui/page'
import { useAbility, useUserData } from '../../../lib/session'
import { formatPoints, GameLoadError, LevelCard } from '../components/game-parts'
import { useLanguage } from '../../../lib/use-language'
import { usePlayerStanding } from '../api/game-queries'

/** A level reached longer ago than this is not celebrated on a device that has not seen it (a new phone). */
const CELEBRATE_WITHIN_MS = 14 * 24 * 3600_000

/**
 * /sales-flow (docs/decisions/052): the seller's game — their level, XP and Key Coins and the way to the next level,
 * a level newly reached celebrated once, how points are earned, and the history of every movement with its reason.
 */
export default function GameHomePage() {
  const { t } = useTranslation()
  // ?person=…: a seller's game as their coach or manager sees it (from a leaderboard), read only.
  const [params] = useSearchParams()
  const person = params.get('person')
  const query = usePlayerStanding(person)
  const name = person ? query.data?.name : undefined
  return (
    <Page
      title={name ? t('game.home.of', { name }) : t('routes.sales-flow')}
      subtitle={person ? undefined : t('game.home.intro')}
      breadcrumbs={person ? [{ label: t('routes.sales-flow'), to: '/sales-flow' }] : undefined}
    >
      {query.isError && !query.data ? <GameLoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && !person ? <Celebration me={query.data} /> : null}
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="5" alignItems="start">
        <Stack gap="5">
          {query.isError && !query.data ? null : <LevelCard me={query.data} />}
          {/* On a phone the way on comes before the long history; on a desktop it stands beside it. */}
          <GameLinks hideFrom="lg" />
          <History me={query.data} loading={query.isPending} />
        </Stack>
        <Stack gap="5">
          <GameLinks hideBelow="lg" />
          <Card.Root size="sm">
            <Card.Header>
              <Card.Title fontSize="md">{t('game.home.howTitle')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <List.Root gap="2" fontSize="sm" ps="4">
                <List.Item>{t('game.home.howSale')}</List.Item>
                <List.Item>{t('game.home.howQuality')}</List.Item>
                <List.Item>{t('game.home.howRegret')}</List.Item>
              </List.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Page>
  )
}

/** The game's other screens, each with its text's key. */
const GAME_LINKS = [
  ['/sales-flow/level', 'game.home.openLevels'],
  ['/sales-flow/leaderboards', 'game.home.openLeaderboards'],
  ['/sales-flow/rewards', 'game.home.openRewards'],
  ['/sales-flow/competitions', 'game.home.openCompetitions'],
  ['/sales-flow/badges', 'game.home.openBadges'],
] as const

function GameLinks(props: { hideFrom?: 'lg'; hideBelow?: 'lg' }) {
  const { t } = useTranslation()
  return (
    <Card.Root size="sm" {...props}>
      <Card.Body>
        <Stack gap="2" direction={{ base: 'row', lg: 'column' }} flexWrap="wrap">
          {GAME_LINKS.map(([to, text]) => (
            <Button key={to} asChild variant="outline" justifyContent={{ base: 'center', lg: 'start' }} flex="1" minW={{ base: '40%', lg: 'auto' }}>
              <RouterLink to={to}>{t(text)}</RouterLink>
            </Button>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

/** A level reached since this device last showed one: congratulated once, with what the level gives. */
function Celebration({ me }: { me: GameStanding }) {
  const { t } = useTranslation()
  const user = useUserData()
  const key = `game.celebrated.${user?.id ?? ''}`
  const [seen, setSeen] = useState(() => Number(localStorage.getItem(key) ?? 0))
  const [openedAt] = useState(() => Date.now())
  const last = me.lastReached
  if (!last || last.at <= seen || openedAt - last.at > CELEBRATE_WITHIN_MS) return null
  const dismiss = () => {
    localStorage.setItem(key, String(last.at))
    setSeen(last.at)
  }
  return (
    <Alert.Root status="success" variant="surface" data-testid="game-celebration" alignItems="center">
      <Box color="green.fg" flexShrink={0}>
        <TrophyIcon size={32} />
      </Box>
      <Alert.Content>
        <Alert.Title fontSize="md">{t('game.home.celebrate', { number: last.number, name: last.name })}</Alert.Title>
        {last.benefits ? <Alert.Description>{t('game.home.celebrateBenefits', { benefits: last.benefits })}</Alert.Description> : null}
      </Alert.Content>
      <Button size="sm" colorPalette="green" onClick={dismiss}>
        {t('game.home.celebrateDismiss')}
      </Button>
    </Alert.Root>
  )
}

function History({ me, loading }: { me: GameStanding | undefined; loading: boolean }) {
  const { t } = useTranslation()
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title fontSize="md">{t('game.home.historyTitle')}</Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        {!me ? (
          loading ? (
            <Skeleton h="32" aria-busy />
          ) : null
        ) : me.ledger.length === 0 ? (
          <Text color="fg.muted" data-testid="game-history-empty">
            {t('game.home.historyEmpty')}
          </Text>
        ) : (
          <Stack gap="0" data-testid="game-history" separator={<Box borderBottomWidth="1px" />}>
            {me.ledger.map((line) => (
              <LedgerRow key={line.id} line={line} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  )
}

function LedgerRow({ line }: { line: GameLedgerLine }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const signed = (n: number) => (n > 0 ? `+${formatPoints(n, lang)}` : formatPoints(n, lang))
  const tone = (n: number) => (n > 0 ? 'green' : n < 0 ? 'red' : 'gray')
  return (
    <HStack py="3" justify="space-between" align="start" gap="3" data-testid="game-history-row" data-kind={line.kind}>
      <Box minW="0">
        <Text fontWeight="medium">{t(`game.home.kinds.${line.kind}`)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {formatDate(line.day, lang)}
          {line.reason ? ` · ${line.reason}` : ''}
        </Text>
        {line.saleId && ability.can('view', 'sales') ? (
          <Link asChild fontSize="sm" colorPalette="brand">
            <RouterLink to={`/sales/${line.saleId}`}>{t('game.home.showSale')}</RouterLink>
          </Link>
        ) : null}
      </Box>
      <HStack gap="2" flexShrink={0}>
        {line.xp !== 0 ? (
          <Badge colorPalette={tone(line.xp)} variant="subtle" size="lg">
            {signed(line.xp)} {t('game.xp')}
          </Badge>
        ) : null}
        {line.coins !== 0 ? (
          <Badge colorPalette={line.coins > 0 ? 'yellow' : 'red'} variant="subtle" size="lg" aria-label={`${signed(line.coins)} ${t('game.coins')}`}>
            {signed(line.coins)} <CoinIcon size={14} />
          </Badge>
        ) : null}
      </HStack>
    </HStack>
  )
}
