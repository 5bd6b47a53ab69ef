import { transcriptionsKeys } from './transcriptions-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { TranscriptionDetail } from '../../../../shared/schemas/transcriptions'
import { getTranscription, listScripts, listTranscriptions, transcriptionSettings, type TranscriptionFilters } from './transcriptions-api'

/** The transcriptions feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useScripts() {
  return useQuery({ queryKey: transcriptionsKeys.scripts, queryFn: ({ signal }) => listScripts(signal) })
}

export function useTranscriptionSettings() {
  return useQuery({ queryKey: transcriptionsKeys.settings, queryFn: ({ signal }) => transcriptionSettings(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshTranscriptions() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: transcriptionsKeys.all })
}

/** A page of calls; while one is being transcribed the page is asked again every three seconds. */
export function useTranscriptions(query: ListQuery, filters: TranscriptionFilters) {
  return useQuery({
    queryKey: transcriptionsKeys.list(query, filters),
    queryFn: ({ signal }) => listTranscriptions(query, filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.items.some((d) => d.status === 'transcribing') ? 3000 : false),
  })
}

/** A call with its text; asked again every two seconds while it is being transcribed. */
export function useTranscription(id: string) {
  return useQuery({
    queryKey: transcriptionsKeys.detail(id),
    queryFn: ({ signal }) => getTranscription(id, signal),
    refetchInterval: (q) => (q.state.data?.status === 'transcribing' ? 2000 : false),
  })
}

/** After a call changed (its text edited, sent to the engine again): the call as the server answered, and the list. */
export function useCallChanged() {
  const queryClient = useQueryClient()
  return (next: TranscriptionDetail) => {
    queryClient.setQueryData(transcriptionsKeys.detail(next.id), next)
    return queryClient.invalidateQueries({ queryKey: transcriptionsKeys.all })
  }
}
