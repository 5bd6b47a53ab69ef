import { Badge, Box, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { GameLevel, GameStanding } from '../../../../shared/schemas/game'
import { Page } from '../../../components/ui/page'
import { formatPoints, GameLoadError, LevelCard } from '../components/game-parts'
import { useLanguage } from '../../../lib/use-language'
import { useGameMe } from '../api/game-queries'

/**
 * /sales-flow/level (docs/decisions/052): every level with the XP it needs and its benefits, the person's own
 * marked, those reached ticked and the XP left to each above.
 */
export default function LevelsPage() {
  const { t } = useTranslation()
  const query = useGameMe()
  const me = query.data
  return (
    <Page title={t('routes.sales-flow-level')} subtitle={t('game.level.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      {query.isError && !me ? (
        <GameLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="5" maxW="3xl">
          <LevelCard me={me} />
          {!me ? (
            <Skeleton h="60" aria-busy />
          ) : me.levels.length === 0 ? (
            <Text color="fg.muted" data-testid="game-levels-empty">
              {t('game.level.empty')}
            </Text>
          ) : (
            <Stack gap="3" data-testid="game-levels">
              {me.levels.map((level) => (
                <LevelRow key={level.id} level={level} me={me} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Page>
  )
}

function LevelRow({ level, me }: { level: GameLevel; me: GameStanding }) {
  const { t, lang } = useLanguage()
  const current = me.current?.id === level.id
  const held = me.xp >= level.requiredXp
  const reached = held || me.reached.includes(level.number)
  return (
    <Card.Root
      size="sm"
      data-testid="game-level"
      data-level={level.number}
      data-state={current ? 'current' : reached ? 'reached' : 'ahead'}
      borderColor={current ? 'brand.solid' : undefined}
      borderWidth={current ? '2px' : undefined}
      opacity={reached || current ? 1 : 0.85}
    >
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box minW="0">
            <Text fontWeight="semibold">{t('game.levelName', { number: level.number, name: level.name })}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('game.level.requires', { xp: formatPoints(level.requiredXp, lang) })}
            </Text>
          </Box>
          {current ? (
            <Badge colorPalette="brand">{t('game.level.current')}</Badge>
          ) : reached ? (
            <Badge colorPalette="green">✓ {t('game.level.reached')}</Badge>
          ) : (
            <Badge variant="outline">{t('game.level.left', { xp: formatPoints(level.requiredXp - me.xp, lang) })}</Badge>
          )}
        </HStack>
        <Text mt="2" fontSize="sm" whiteSpace="pre-line">
          <Text as="span" color="fg.muted">
            {t('game.level.benefits')}:{' '}
          </Text>
          {level.benefits || t('game.level.noBenefits')}
        </Text>
      </Card.Body>
    </Card.Root>
  )
}
