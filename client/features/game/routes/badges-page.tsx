import { Badge, Box, Card, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react'
import { TrophyIcon } from '../../../components/ui/icons'
import { Page } from '../../../components/ui/page'
import { useRuleText } from '../components/badge-parts'
import { formatPoints, GameLoadError } from '../components/game-parts'
import { useLanguage } from '../../../lib/use-language'
import { useMyBadges } from '../api/game-queries'

/**
 * /sales-flow/badges (docs/decisions/052): every badge with its conditions in words and its period, the ones the person
 * has earned first, with how often and when last.
 */
export default function BadgesPage() {
  const { t, lang } = useLanguage()
  const ruleText = useRuleText()
  const query = useMyBadges()
  const items = query.data?.items
  const sorted = items ? [...items].sort((a, b) => Number(b.earned > 0) - Number(a.earned > 0)) : undefined
  return (
    <Page title={t('routes.sales-flow-badges')} subtitle={t('game.badges.intro')} breadcrumbs={[{ label: t('routes.sales-flow'), to: '/sales-flow' }]}>
      {query.isError && !items ? (
        <GameLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !sorted ? (
        <Skeleton h="60" aria-busy />
      ) : sorted.length === 0 ? (
        <Text color="fg.muted">{t('game.badges.empty')}</Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
          {sorted.map(({ badge, earned, lastPeriod }) => (
            <Card.Root
              key={badge.id}
              data-testid="badge"
              data-name={badge.name}
              data-earned={earned}
              bg={earned > 0 ? 'yellow.subtle' : undefined}
              borderColor={earned > 0 ? 'yellow.muted' : undefined}
            >
              <Card.Body>
                <HStack align="start" gap="3">
                  <Box color={earned > 0 ? 'yellow.fg' : 'fg.subtle'} flexShrink={0} pt="1">
                    <TrophyIcon size={28} />
                  </Box>
                  <Stack gap="1" minW="0">
                    <Text fontWeight="semibold">{badge.name}</Text>
                    {badge.description ? (
                      <Text fontSize="sm" color="fg.muted">
                        {badge.description}
                      </Text>
                    ) : null}
                    <Text fontSize="sm">{ruleText(badge.rule)}</Text>
                    <HStack gap="2" wrap="wrap">
                      <Badge>{t(`game.badges.periods.${badge.period}`)}</Badge>
                      {badge.coins > 0 ? <Badge colorPalette="yellow">{t('game.badges.coins', { coins: formatPoints(badge.coins, lang) })}</Badge> : null}
                    </HStack>
                    <Text fontSize="sm" fontWeight="medium" data-testid="badge-earned">
                      {earned > 0 ? t('game.badges.earned', { count: earned }) : t('game.badges.notYet')}
                      {lastPeriod && badge.period !== 'all' ? ` · ${t('game.badges.last', { period: lastPeriod })}` : ''}
                    </Text>
                  </Stack>
                </HStack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
    </Page>
  )
}
