import { leadsKeys } from './leads-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listLeadFormats, listLeadLists, listLeadSources } from './leads-api'

/** The leads feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useLeadFormats() {
  return useQuery({ queryKey: leadsKeys.formats, queryFn: ({ signal }) => listLeadFormats(signal) })
}

export function useLeadSources() {
  return useQuery({ queryKey: leadsKeys.sources, queryFn: ({ signal }) => listLeadSources(signal) })
}

export function useLeadLists() {
  return useQuery({ queryKey: leadsKeys.lists(''), queryFn: ({ signal }) => listLeadLists('', signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshLeadsFormats() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: leadsKeys.formats })
}

export function useRefreshLeadsLists() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof leadsKeys.lists>) => queryClient.invalidateQueries({ queryKey: leadsKeys.lists(...args) })
}

export function useRefreshLeadsSources() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: leadsKeys.sources })
}
