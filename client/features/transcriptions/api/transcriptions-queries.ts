import { transcriptionsKeys } from './transcriptions-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listScripts, transcriptionSettings } from './transcriptions-api'

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
