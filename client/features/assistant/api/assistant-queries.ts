import { assistantKeys } from './assistant-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getAssistantSettings, getShareRoles, getStats } from './assistant-api'

/** The assistant feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useAssistantSettings() {
  return useQuery({ queryKey: assistantKeys.settings(), queryFn: ({ signal }) => getAssistantSettings(signal), staleTime: Infinity })
}

export function useShareRoles() {
  return useQuery({ queryKey: assistantKeys.shareRoles(), queryFn: ({ signal }) => getShareRoles(signal) })
}

export function useStats() {
  return useQuery({ queryKey: assistantKeys.stats(), queryFn: ({ signal }) => getStats(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshAssistantStats() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof assistantKeys.stats>) => queryClient.invalidateQueries({ queryKey: assistantKeys.stats(...args) })
}
