import { listScripts, transcriptionSettings } from './transcriptions-api'
import { transcriptionsKeys } from './transcriptions-keys'
import { useQuery } from '@tanstack/react-query'

/** The transcriptions feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useScripts() {
  return useQuery({ queryKey: transcriptionsKeys.scripts, queryFn: ({ signal }) => listScripts(signal) })
}

export function useTranscriptionSettings() {
  return useQuery({ queryKey: transcriptionsKeys.settings, queryFn: ({ signal }) => transcriptionSettings(signal) })
}
