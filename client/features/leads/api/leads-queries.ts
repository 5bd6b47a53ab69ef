import { listLeadFormats, listLeadLists, listLeadSources } from './leads-api'
import { leadsKeys } from './leads-keys'
import { useQuery } from '@tanstack/react-query'

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
