import { Badge, Button, Card, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { formatDate } from '../../../../shared/format'
import type { StatListItem } from '../../../../shared/schemas/assistant'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { useDeleteStat } from '../components/delete-stat'
import { roleName } from '../../../lib/role-name'
import { useLanguage } from '../../../lib/use-language'
import { useStats } from '../api/assistant-queries'

/**
 * /keyai/stats (docs/decisions/053): the statistics views the person saved and those shared with their role. Each
 * opens as a fresh answer within the opener's own scope.
 */
export default function StatsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const stats = useStats()
  const canAsk = ability.can('view', 'chat') || ability.can('view', 'business_intelligence')
  return (
    <Page title={t('routes.keyai-stats')} subtitle={t('assistant.statsIntro')}>
      {stats.isError && !stats.data ? (
        <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <Stack gap="3" aria-busy>
          <Skeleton h="20" />
          <Skeleton h="20" />
        </Stack>
      ) : stats.data.length === 0 ? (
        <Stack gap="3" align="start" data-testid="stats-empty">
          <Text color="fg.muted">{canAsk ? t('assistant.statsEmpty') : t('assistant.statsEmptyNoChat')}</Text>
          {canAsk ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={ability.can('view', 'chat') ? '/keyai' : '/keyai/business-intelligence'}>{t('assistant.openAssistant')}</RouterLink>
            </Button>
          ) : null}
        </Stack>
      ) : (
        <Stack gap="3" maxW="4xl" data-testid="stats-list">
          {stats.data.map((s) => (
            <StatRow key={s.id} stat={s} />
          ))}
        </Stack>
      )}
    </Page>
  )
}

function StatRow({ stat }: { stat: StatListItem }) {
  const { t, lang } = useLanguage()
  const deleteStat = useDeleteStat()
  const remove = () => deleteStat(stat)
  return (
    <Card.Root size="sm" data-testid="stat-item" data-stat={stat.name}>
      <Card.Body>
        <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
          <Stack gap="1" minW="0">
            <Link asChild fontWeight="semibold">
              <RouterLink to={`/keyai/stats/${stat.id}`}>{stat.name}</RouterLink>
            </Link>
            <Text fontSize="sm" color="fg.muted">
              {stat.mine ? t('assistant.mine') : `${t('assistant.owner')}: ${stat.owner.name}`} · {t('assistant.updated')} {formatDate(stat.updatedAt, lang)}
            </Text>
            <HStack gap="1" flexWrap="wrap">
              <Text fontSize="sm">{t('assistant.sharedWith')}:</Text>
              {stat.roles.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('assistant.notShared')}
                </Text>
              ) : (
                stat.roles.map((r) => (
                  <Badge key={r.id} variant="subtle">
                    {roleName(t, r.key, r.name)}
                  </Badge>
                ))
              )}
            </HStack>
          </Stack>
          {stat.mine ? (
            <Button size="xs" variant="ghost" colorPalette="red" onClick={() => void remove()} data-testid="stat-delete">
              {t('assistant.delete')}
            </Button>
          ) : null}
        </HStack>
      </Card.Body>
    </Card.Root>
  )
}
