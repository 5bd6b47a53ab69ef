import { guidesKeys } from './guides-keys'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError } from '../../../lib/api-client'
import type { GuideView } from '../../../../shared/schemas/guides'
import type { OfflineDb } from '../../../lib/offline-db'
import {
  acknowledgeGuide,
  getAckReport,
  getAdminGuide,
  getEmbedHosts,
  getGuide,
  getGuideVersion,
  getGuidesDashboard,
  getSearchIndex,
  listAdminGuides,
  listAudienceRoles,
  listCategories,
  listEmbeds,
  openEmbed,
  remindGuide,
} from './guides-api'
import { orFromDevice, refreshStoredGuides } from './guides-store'

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

/** The reader's guides: from the server, or with no network from the device as they were last saved. */
export function useGuidesDashboard(db: OfflineDb) {
  return useQuery({
    queryKey: guidesKeys.dashboard,
    networkMode: 'always',
    queryFn: ({ signal }) =>
      orFromDevice(
        db,
        () => getGuidesDashboard(signal),
        (s) => s.dashboard,
      ),
  })
}

/** The guides' search index (asked for once someone searches), from the device with no network. */
export function useGuidesSearchIndex(db: OfflineDb, enabled: boolean) {
  return useQuery({
    queryKey: guidesKeys.searchIndex,
    networkMode: 'always',
    queryFn: ({ signal }) =>
      orFromDevice(
        db,
        () => getSearchIndex(signal),
        (s) => ({ tag: s.tag, index: s.index }),
      ),
    enabled,
  })
}

/** A guide to read: from the server, or with no network from the device (a guide not there is a 404, not retried). */
export function useGuide(db: OfflineDb, id: string) {
  return useQuery({
    queryKey: guidesKeys.guide(id),
    networkMode: 'always',
    retry: false,
    queryFn: ({ signal }) =>
      orFromDevice(
        db,
        () => getGuide(id, signal),
        (s): GuideView => {
          const found = s.guides.find((g) => g.id === id)
          if (!found) throw new ApiClientError(404, null)
          return found
        },
      ),
  })
}

/** After a guide was acknowledged: the guide and the reader's guides. */
export function useRefreshGuideRead() {
  const queryClient = useQueryClient()
  return (id: string) => Promise.all([guidesKeys.guide(id), guidesKeys.dashboard].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

type Outcome<R> = { onSuccess?: (answer: R) => void; onError?: (err: unknown) => void }

/**
 * The reader acknowledges a guide's version: a seller's acknowledgement goes with their other changes (`offline`, so
 * it works with no network), anyone else's at once.
 */
export function useAcknowledgeGuide(offline: ((guideId: string, number: number) => Promise<void>) | null, outcome: Outcome<void>) {
  return useMutation({
    networkMode: 'always',
    mutationFn: async (guide: { id: string; number: number }) =>
      offline ? offline(guide.id, guide.number) : acknowledgeGuide(guide.id, guide.number).then(() => undefined),
    ...outcome,
  })
}

/** Reminds those of a guide's audience who have not acknowledged it. */
export function useRemindGuide(outcome: Outcome<{ reminded: number }>) {
  return useMutation({ mutationFn: (guideId: string) => remindGuide(guideId), ...outcome })
}

/** A signed embed's address for this reader, renewed `renewBeforeMs` before it expires (never while offline). */
export function useEmbedSession(embedId: string, enabled: boolean, renewBeforeMs: number) {
  return useQuery({
    queryKey: guidesKeys.embedSession(embedId),
    queryFn: () => openEmbed(embedId),
    enabled,
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (q) => (q.state.data ? Math.max(5_000, q.state.data.expiresAt - Date.now() - renewBeforeMs) : false),
  })
}

/** A guide for its editor, read afresh whatever the cache holds (the editor starts from the guide as it is now). */
export function useFreshAdminGuide() {
  const queryClient = useQueryClient()
  return (id: string) => queryClient.fetchQuery({ queryKey: guidesKeys.admin.guide(id), queryFn: ({ signal }) => getAdminGuide(id, signal), staleTime: 0 })
}
