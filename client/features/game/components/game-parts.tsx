import { Badge, Box, Card, HStack, Progress, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDecimal, type FormatLanguage } from '../../../../shared/format'
import type { GameStanding } from '../../../../shared/schemas/game'
import { LoadError } from '../../../components/ui/load-error'
import { NetworkError } from '../../../lib/api-client'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'

/** XP and coins as the game writes them: whole numbers in the language's way ("1 250"). */
export const formatPoints = (value: number, lang: FormatLanguage) => formatDecimal(value, lang)

/** A game screen's read failed: offline, the game says so (points still count); otherwise the error and a retry. */
export function GameLoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation()
  if (error instanceof NetworkError) return <Notice status="info" data-testid="game-offline" description={t('game.offline')} />
  return <LoadError error={error} onRetry={onRetry} />
}

/** The person's level, XP and coins, and the way to the next level. */
export function LevelCard({ me }: { me: GameStanding | undefined }) {
  const { t, lang } = useLanguage()
  if (!me) return <Skeleton h="40" borderRadius="l3" aria-busy />
  return (
    <Card.Root data-testid="game-level-card" bg="brand.subtle" borderColor="brand.muted">
      <Card.Body>
        <Stack gap="4">
          <HStack justify="space-between" align="start" wrap="wrap" gap="3">
            <Box>
              <Text fontSize="sm" color="fg.muted">
                {me.current ? t('game.levelOf', { number: me.current.number }) : t('game.noLevel')}
              </Text>
              <Text fontSize="2xl" fontWeight="bold" data-testid="game-level-name">
                {me.current?.name ?? '–'}
              </Text>
            </Box>
            <HStack gap="6">
              <Figure label={t('game.xp')} value={formatPoints(me.xp, lang)} testId="game-xp" />
              <Figure label={t('game.coins')} value={formatPoints(me.coins, lang)} testId="game-coins" />
            </HStack>
          </HStack>
          {me.levels.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              {t('game.home.noLevels')}
            </Text>
          ) : me.next ? (
            <Progress.Root value={me.progressPercent} colorPalette="brand" size="lg" aria-label={t('game.home.progress')}>
              <Progress.Label fontSize="sm" fontWeight="normal" data-testid="game-to-next">
                {t('game.home.toNext', { xp: formatPoints(me.xpToNext ?? 0, lang), number: me.next.number, name: me.next.name })}
              </Progress.Label>
              <Progress.Track mt="2">
                <Progress.Range />
              </Progress.Track>
            </Progress.Root>
          ) : (
            <Badge colorPalette="green" alignSelf="start">
              {t('game.home.topLevel')}
            </Badge>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box textAlign="end">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" data-testid={testId}>
        {value}
      </Text>
    </Box>
  )
}
