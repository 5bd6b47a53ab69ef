import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link as RouterLink, useNavigate, useParams } from 'react-router'
import { formatTime } from '../../../../shared/format'
import type { BiReply } from '../../../../shared/schemas/assistant'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { ApiClientError } from '../../../lib/api-client'
import { getStat } from '../api/assistant-api'
import { useDeleteStat } from '../components/delete-stat'
import { AnswerCard, QueryBehind } from '../components/answer-card'
import { StatDialog } from '../components/stat-dialog'
import { assistantKeys } from '../api/assistant-keys'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'

/**
 * /keyai/stats/{id} (docs/decisions/053): a saved statistics view, run again when opened within the opener's own
 * scope. Its owner renames it, shares it with roles or deletes it.
 */
export default function StatPage() {
  const { t, lang } = useLanguage()
  const { id = '' } = useParams()
  const navigate = useNavigate()
  const deleteStat = useDeleteStat()
  const [editing, setEditing] = useState(false)
  const query = useQuery({
    queryKey: assistantKeys.stat(id),
    queryFn: ({ signal }) => getStat(id, signal),
    // A view that is not there, or an address that cannot name one, is not tried again: it says so at once.
    retry: (n, err) => !(err instanceof ApiClientError && (err.status === 404 || err.status === 400)) && n < 2,
  })
  const data = query.data
  const crumbs = [{ label: t('routes.keyai-stats'), to: '/keyai/stats' }]
  if (query.isError && !data) {
    const missing = query.error instanceof ApiClientError && (query.error.status === 404 || query.error.status === 400)
    return (
      <Page title={t('routes.keyai-stats-id')} breadcrumbs={crumbs}>
        {missing ? (
          <Stack gap="3" align="start" data-testid="stat-missing">
            <Text>{t('assistant.notFound')}</Text>
            <Button asChild size="sm" variant="outline">
              <RouterLink to="/keyai/stats">{t('assistant.back')}</RouterLink>
            </Button>
          </Stack>
        ) : (
          <LoadError error={query.error} onRetry={() => void query.refetch()} />
        )}
      </Page>
    )
  }
  if (!data)
    return (
      <Page title={t('routes.keyai-stats-id')} breadcrumbs={crumbs}>
        <Skeleton h="80" aria-busy />
      </Page>
    )
  const { stat } = data
  const answer = data.answer as BiReply
  const remove = async () => {
    if (await deleteStat(stat)) void navigate('/keyai/stats')
  }
  return (
    <Page title={stat.name} breadcrumbs={crumbs}>
      <Stack gap="4" maxW="5xl" data-testid="stat-view">
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching} data-testid="stat-rerun">
            {t('assistant.rerun')}
          </Button>
          {stat.mine ? (
            <>
              <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="stat-edit">
                {t('assistant.edit')}
              </Button>
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => void remove()}>
                {t('assistant.delete')}
              </Button>
            </>
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('assistant.owner')}: {stat.owner.name}
            </Text>
          )}
          <Text fontSize="sm" color="fg.muted">
            {t('assistant.ranAt', { time: formatTime(query.dataUpdatedAt, lang) })}
          </Text>
        </HStack>
        {answer.kind === 'answer' ? (
          <AnswerCard answer={answer} testId="stat-answer" />
        ) : answer.kind === 'noData' ? (
          <Stack gap="2">
            <Notice status="info" data-testid="stat-nodata" title={answer.description} description={answer.message} />
            <QueryBehind answer={answer} />
          </Stack>
        ) : (
          <Notice status="warning" title={answer.message} />
        )}
      </Stack>
      {editing ? (
        <StatDialog
          query={stat.query}
          defaultName={stat.name}
          stat={stat}
          onClose={() => setEditing(false)}
          onSaved={() => void query.refetch()}
          onReload={() => {
            setEditing(false)
            void query.refetch()
          }}
        />
      ) : null}
    </Page>
  )
}
