import { guidesKeys } from './guides-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import type { OfflineDb } from '../../../lib/offline-db'
import { getAckReport, getEmbedHosts, getGuideVersion, listAdminGuides, listAudienceRoles, listCategories, listEmbeds } from './guides-api'
import { refreshStoredGuides } from './guides-store'

/** The guides feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useAckReport(guideId: string) {
  return useQuery({ queryKey: guidesKeys.acks(guideId), queryFn: ({ signal }) => getAckReport(guideId, undefined, signal) })
}

export function useAudienceRoles() {
  return useQuery({ queryKey: guidesKeys.roles, queryFn: ({ signal }) => listAudienceRoles(signal), staleTime: 60_000 })
}

export function useGuideVersion(guideId: string, number: number) {
  return useQuery({ queryKey: guidesKeys.admin.version(guideId, number), queryFn: ({ signal }) => getGuideVersion(guideId, number, signal) })
}

export function useCategories() {
  return useQuery({ queryKey: guidesKeys.admin.categories, queryFn: ({ signal }) => listCategories(signal) })
}

export function useAdminGuides() {
  return useQuery({ queryKey: guidesKeys.admin.guides, queryFn: ({ signal }) => listAdminGuides(signal) })
}

export function useEmbeds() {
  return useQuery({ queryKey: guidesKeys.embeds, queryFn: ({ signal }) => listEmbeds(signal) })
}

export function useRefreshStoredGuides(storeDb: OfflineDb) {
  return useQuery({ queryKey: guidesKeys.offline, queryFn: ({ signal }) => refreshStoredGuides(storeDb, signal), staleTime: 60_000 })
}

export function useEmbedHosts() {
  return useQuery({ queryKey: guidesKeys.hosts, queryFn: ({ signal }) => getEmbedHosts(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshGuides() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: guidesKeys.all })
}

export function useRefreshGuidesHosts() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: guidesKeys.hosts })
}
