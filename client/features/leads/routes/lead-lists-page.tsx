import { Stack, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import type { LeadList } from '../../../../shared/schemas/leads'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { useUrlParams } from '../../../lib/use-url-params'
import { getLeadList } from '../api/leads-api'
import { leadsKeys } from '../api/leads-keys'
import { HistoryCard } from '../components/history-card'
import { ListPanel } from '../components/list-panel'
import { NewListCard } from '../components/new-list-card'
import { useLeadLists, useRefreshLeadsLists } from '../api/leads-queries'

/**
 * /tools/lead-pts-transform (docs/decisions/075): a raw lead list turned into the list the dialer or the sellers
 * use. A new list is read by the server; the open list (in the address, `?list=`) is mapped, given its NIX answer,
 * previewed and run in the background into Downloads; the latest lists below.
 */
export default function LeadListsPage() {
  const { t } = useTranslation()
  const queryClient = useQueryClient()
  const refreshLeadsLists = useRefreshLeadsLists()
  const [params, setParams] = useUrlParams()
  const listId = params.get('list') ?? ''
  const history = useLeadLists()
  const list = useQuery({
    queryKey: leadsKeys.list(listId),
    queryFn: ({ signal }) => getLeadList(listId, signal),
    enabled: !!listId,
    // While the list is being made its progress moves: asked again every second until it is done.
    refetchInterval: (q) => (q.state.data?.status === 'queued' || q.state.data?.status === 'running' ? 1000 : false),
  })
  const changed = (next: LeadList) => {
    queryClient.setQueryData(leadsKeys.list(next.id), next)
    void refreshLeadsLists('')
  }
  const open = (next: LeadList) => {
    changed(next)
    setParams((current) => {
      const p = new URLSearchParams(current)
      p.set('list', next.id)
      return p
    })
  }
  if (
    list.data &&
    (list.data.status === 'done' || list.data.status === 'failed') &&
    history.data?.items.some((i) => i.id === list.data.id && i.status !== list.data.status)
  )
    void refreshLeadsLists('')
  const campaigns = [...new Set((history.data?.items ?? []).map((i) => i.campaign))]
  return (
    <Page title={t('routes.tools-lead-pts-transform')} breadcrumbs={[{ label: t('nav.groups.tools') }]}>
      <Stack gap="5">
        <Text color="fg.muted" maxW="3xl">
          {t('leads.intro')}
        </Text>
        <NewListCard campaigns={campaigns} onUploaded={open} />
        {listId ? <QueryState query={list}>{(data) => <ListPanel key={data.id} list={data} onChanged={changed} />}</QueryState> : null}
        <HistoryCard query={history} />
      </Stack>
    </Page>
  )
}
