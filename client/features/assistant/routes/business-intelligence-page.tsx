import { Box, Link, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { useAbility } from '../../../lib/session'
import { Conversation } from '../components/conversation'
import { useStats } from '../api/assistant-queries'

/**
 * /keyai/business-intelligence (docs/decisions/053): the same conversation as the chat, with the person's saved
 * statistics views beside it on a wide screen, so a view can be opened while asking.
 */
export default function BusinessIntelligencePage() {
  const { t } = useTranslation()
  const ability = useAbility()
  return (
    <Conversation
      storageKey="assistant:bi"
      title={t('routes.keyai-business-intelligence')}
      subtitle={t('assistant.intro')}
      aside={ability.can('view', 'stats') ? <SavedStats /> : undefined}
    />
  )
}

function SavedStats() {
  const { t } = useTranslation()
  const stats = useStats()
  return (
    <Box w="64" flexShrink={0} display={{ base: 'none', lg: 'block' }} borderWidth="1px" rounded="lg" p="3" overflowY="auto" data-testid="bi-stats">
      <Text fontWeight="semibold" mb="2">
        {t('assistant.statsTitle')}
      </Text>
      {stats.isPending ? (
        <Skeleton h="20" />
      ) : stats.isError ? (
        <Text color="fg.error" fontSize="sm">
          {t('assistant.error')}
        </Text>
      ) : stats.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('assistant.statsEmpty')}
        </Text>
      ) : (
        <Stack gap="1">
          {stats.data.map((s) => (
            <Link key={s.id} asChild fontSize="sm">
              <RouterLink to={`/keyai/stats/${s.id}`}>{s.name}</RouterLink>
            </Link>
          ))}
        </Stack>
      )}
    </Box>
  )
}
