import { Badge, Box, Card, Grid, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import type { Competition, CompetitionStanding } from '../../../../shared/schemas/game'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { formatResult, PhaseBadge } from '../components/competition-parts'
import { formatPoints, GameLoadError } from '../components/game-parts'
import { useUrlParams } from '../../../lib/use-url-params'
import { useLanguage } from '../../../lib/use-language'
import { useCompetition, useCompetitions } from '../api/game-queries'

/**
 * /sales-flow/competitions (docs/decisions/052): the competitions the person takes part in — ongoing first — and the
 * chosen one's standing, live while it runs (the realtime channel tells the open screen when it moved) and final
 * once it ended, with their own place (or their team's, their office's) and the prizes.
 */
export default function CompetitionsPage() {
  const { t } = useTranslation()
  const admin = useAbility().can('view', 'salesflow_admin')
  const [params, setParams] = useUrlParams()
  const list = useCompetitions()
  const items = list.data?.items
  const chosenId = params.get('id') ?? items?.[0]?.id ?? null
  return (
    <Page
      title={t('routes.sales-flow-competitions')}
      subtitle={t('game.competitions.intro')}
      breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}
    >
      {list.isError && !items ? (
        <GameLoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : !items ? (
        <Skeleton h="60" aria-busy />
      ) : items.length === 0 ? (
        <Text color="fg.muted" data-testid="competitions-empty">
          {t('game.competitions.empty')}
        </Text>
      ) : (
        <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} gap="5" alignItems="start">
          <Stack gap="3" role="list" aria-label={t('game.competitions.choose')}>
            {items.map((c) => (
              <CompetitionCard
                key={c.id}
                competition={c}
                chosen={c.id === chosenId}
                admin={admin}
                onChoose={() => setParams({ id: c.id }, { replace: true })}
              />
            ))}
          </Stack>
          {/* On a phone the chosen standing comes first; on a desktop it stands beside the list. */}
          {chosenId ? (
            <Box order={{ base: -1, lg: 0 }}>
              <StandingCard id={chosenId} />
            </Box>
          ) : null}
        </Grid>
      )}
    </Page>
  )
}

function CompetitionCard({ competition: c, chosen, admin, onChoose }: { competition: Competition; chosen: boolean; admin: boolean; onChoose: () => void }) {
  const { t, lang } = useLanguage()
  return (
    <Card.Root
      role="listitem"
      size="sm"
      cursor="pointer"
      borderWidth={chosen ? '2px' : '1px'}
      borderColor={chosen ? 'brand.solid' : undefined}
      onClick={onChoose}
      data-testid="competition"
      data-name={c.name}
    >
      <Card.Body>
        <HStack justify="space-between" align="start" gap="2">
          <Box minW="0">
            <Text fontWeight="semibold" asChild>
              <button type="button" onClick={onChoose} aria-pressed={chosen} style={{ textAlign: 'start' }}>
                {c.name}
              </button>
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatDate(c.from, lang)} – {formatDate(c.to, lang)}
            </Text>
          </Box>
          <PhaseBadge competition={c} admin={admin} />
        </HStack>
        <Text fontSize="sm" mt="2">
          {t('game.competitions.counts', { metric: t(`game.competitions.metrics.${c.metric}`) })} ·{' '}
          {t('game.competitions.between', { kind: t(`game.competitions.kinds.${c.kind}`) })}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}

function StandingCard({ id }: { id: string }) {
  const { t, lang } = useLanguage()
  const query = useCompetition(id)
  const s = query.data
  if (query.isError && !s) return <GameLoadError error={query.error} onRetry={() => void query.refetch()} />
  if (!s) return <Skeleton h="80" aria-busy />
  const c = s.competition
  return (
    <Card.Root data-testid="competition-standing" data-name={c.name} opacity={query.isPlaceholderData ? 0.6 : 1}>
      <Card.Header>
        <HStack justify="space-between" align="start" gap="2">
          <Card.Title>{c.name}</Card.Title>
          {s.frozen ? (
            <Badge>{t('game.competitions.frozen')}</Badge>
          ) : c.phase === 'ongoing' ? (
            <Badge colorPalette="red" variant="solid">
              ● {t('game.competitions.live')}
            </Badge>
          ) : null}
        </HStack>
        {c.description ? (
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-line">
            {c.description}
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body pt="2">
        <Stack gap="4">
          {c.prizes.length > 0 ? (
            <Box>
              <Text fontWeight="medium" fontSize="sm" mb="1">
                {t('game.competitions.prizes')}
              </Text>
              <Stack gap="1" fontSize="sm">
                {[...c.prizes]
                  .sort((a, b) => a.rank - b.rank)
                  .map((p) => (
                    <Text key={p.rank}>
                      {t('game.competitions.prize', { rank: p.rank })}:{' '}
                      {[p.coins ? t('game.competitions.prizeCoins', { coins: formatPoints(p.coins, lang) }) : '', p.text].filter(Boolean).join(' · ')}
                    </Text>
                  ))}
              </Stack>
            </Box>
          ) : null}
          <Mine standing={s} />
          {s.rows.length === 0 ? (
            <Text color="fg.muted">{t('game.competitions.nobody')}</Text>
          ) : (
            <Stack gap="0" data-testid="standing-rows">
              <HStack px="2" py="1" fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
                <Text w="12">{t('game.competitions.rank')}</Text>
                <Text flex="1">{t('game.competitions.name')}</Text>
                <Text>{t(`game.competitions.metrics.${c.metric}`)}</Text>
              </HStack>
              {s.rows.map((r) => {
                const mine = s.mine?.id === r.id
                return (
                  <HStack
                    key={r.id}
                    px="2"
                    py="2"
                    borderRadius="l2"
                    bg={mine ? 'brand.subtle' : undefined}
                    fontWeight={mine ? 'semibold' : undefined}
                    data-testid="standing-row"
                    data-mine={mine || undefined}
                  >
                    <Text w="12" fontVariantNumeric="tabular-nums">
                      {r.rank}
                    </Text>
                    <Text flex="1" truncate>
                      {r.name}
                    </Text>
                    <Text fontVariantNumeric="tabular-nums" data-testid="standing-value">
                      {formatResult(c.metric, r.value, lang)}
                    </Text>
                  </HStack>
                )
              })}
            </Stack>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

function Mine({ standing: s }: { standing: CompetitionStanding }) {
  const { t } = useTranslation()
  const text = !s.mine
    ? t('game.competitions.notYet')
    : s.competition.kind === 'sellers'
      ? t('game.competitions.yourPlace', { rank: s.mine.rank, total: s.total })
      : t('game.competitions.yourTeam', { name: s.mine.name, rank: s.mine.rank, total: s.total })
  return (
    <Text fontWeight="medium" data-testid="standing-mine">
      {text}
    </Text>
  )
}
