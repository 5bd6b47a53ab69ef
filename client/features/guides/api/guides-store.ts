import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import type { GuidesOffline, GuideSummary } from '../../../../shared/schemas/guides'
import { enqueue, offlineDb, withDb, type OfflineDb } from '../../../lib/offline-db'
import { useUserData } from '../../../lib/session'
import { syncEngine } from '../../../lib/sync'
import { call, NetworkError, rpc } from '../../../lib/api-client'

/**
 * The guides on the device (docs/decisions/069): the last snapshot the server gave, read when there is no network,
 * and the acknowledgements made on the device, which the sync takes to the server. Screens read the device store
 * through this module only.
 */

/** The cache the guides' images are kept in (the service worker reads the same one). */
const GUIDE_IMAGES_CACHE = 'saljkraft-guide-images'

export type GuidesStore = { db: OfflineDb; userId: string; acknowledgeOffline: (guideId: string, number: number) => Promise<void> }

export function useGuidesStore(): GuidesStore {
  const user = useUserData()
  const userId = user?.id ?? 'anonymous'
  return useMemo(() => {
    const db = offlineDb(userId)
    return {
      db,
      userId,
      async acknowledgeOffline(guideId: string, number: number) {
        const at = Date.now()
        await enqueue(db, 'acknowledgeGuide', { guideId, number, at }, { table: 'guideAcks', record: { id: guideId, number, at, sync: 'pending' } })
        syncEngine(userId).afterLocalWrite()
      },
    }
  }, [userId])
}

/** The stored snapshot, `null` when there is none yet (`undefined` while it is read). */
export function useStoredGuides(db: OfflineDb): GuidesOffline | null | undefined {
  return useLiveQuery(() => withDb(db, async () => (await db.guides.get('snapshot'))?.snapshot ?? null), [db])
}

/** The acknowledgements made on this device that the server has not refused: guide id → version. */
export function useLocalAcks(db: OfflineDb): Map<string, number> {
  const rows = useLiveQuery(() => withDb(db, () => db.guideAcks.toArray()), [db])
  return useMemo(() => new Map((rows ?? []).filter((r) => r.sync !== 'rejected').map((r) => [r.id, r.number])), [rows])
}

/**
 * Asks the server for the reader's snapshot and keeps it, with the images its guides show (the service worker keeps
 * those), so the guides open with no network. Answers the snapshot.
 */
export async function refreshStoredGuides(db: OfflineDb, signal?: AbortSignal): Promise<GuidesOffline> {
  const snapshot = (await call(rpc.guides.offline.$get({}, { init: { signal } }))) as unknown as GuidesOffline
  const before = await withDb(db, () => db.guides.get('snapshot'))
  if (before?.snapshot.tag !== snapshot.tag) {
    await withDb(db, () => db.guides.put({ key: 'snapshot', snapshot }))
    const images = new Set<string>()
    for (const g of snapshot.guides) JSON.stringify(g.body).replace(/"src":"(\/api\/files\/[0-9a-f-]{36})"/g, (_m, src: string) => (images.add(src), ''))
    // The service worker answers these addresses from this cache (sw/sw.ts): the images show offline too.
    if ('caches' in window) {
      const cache = await caches.open(GUIDE_IMAGES_CACHE)
      await Promise.allSettled([...images].map(async (src) => ((await cache.match(src)) ? undefined : cache.add(src))))
    }
  }
  return snapshot
}

/** A guide as the device knows it: acknowledged when an acknowledgement made here covers its version. */
export function withLocalAck<T extends GuideSummary>(g: T, acks: Map<string, number>): T {
  const mine = acks.get(g.id)
  if (!g.mustRead || mine === undefined || mine < g.number || g.acknowledged) return g
  return { ...g, acknowledged: true, newVersion: false }
}

/** How much room the stored guides take on the device, in bytes (what the dashboard tells the reader). */
export function storedSize(snapshot: GuidesOffline): number {
  return new Blob([JSON.stringify(snapshot)]).size
}

/**
 * A server answer, or — when the network is not there — the same thing from the stored snapshot, with the time it
 * was saved (`savedAt` is null for a live answer). With no snapshot either, the network's error stands.
 */
export async function orFromDevice<T>(
  db: OfflineDb,
  ask: () => Promise<T>,
  fromSnapshot: (s: GuidesOffline) => T,
): Promise<{ value: T; savedAt: number | null }> {
  try {
    return { value: await ask(), savedAt: null }
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err
    const stored = await withDb(db, () => db.guides.get('snapshot'))
    if (!stored) throw err
    return { value: fromSnapshot(stored.snapshot), savedAt: stored.snapshot.savedAt }
  }
}
