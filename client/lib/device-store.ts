import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { businessDay, businessMonth } from '../../shared/rules/work'
import { offlineDb, withDb, type OfflineDb, type OutboxRow } from './offline-db'
import { useUserData } from './session'
import { syncEngine } from './sync'
import type { SyncEngine } from './sync-engine'

/**
 * The seller screens' one way into the device store: every read is a live query through `withDb`, which
 * reopens a connection the browser closed under us (Safari does that to a page in the background) instead of
 * failing the screen. Screens never query Dexie themselves (lint keeps them out of dexie and offline-db): each
 * area's `api/seller-store.ts` reads its own tables with `useStoreQuery`; what every area shares is here.
 */

export type SellerStore = { userId: string; db: OfflineDb; engine: SyncEngine }

/** The signed-in seller's device store and sync engine. The seller screens only render for a signed-in user. */
export function useSellerStore(): SellerStore {
  const user = useUserData()
  const userId = user?.id ?? 'anonymous'
  return useMemo(() => ({ userId, db: offlineDb(userId), engine: syncEngine(userId) }), [userId])
}

/** A live query on the device store, guarded against a closed connection; `undefined` while loading. */
export function useStoreQuery<T>(db: OfflineDb, query: () => Promise<T>, deps: unknown[]): T | undefined {
  return useLiveQuery(() => withDb(db, query), [db, ...deps])
}

export function useToday() {
  const now = Date.now()
  return { today: businessDay(now), month: businessMonth(now) }
}

export function useOutbox(db: OfflineDb): OutboxRow[] | undefined {
  return useStoreQuery(db, () => db.outbox.orderBy('seq').toArray(), [])
}

/** The changes waiting to be sent (or refused) for one record. */
export function useOutboxFor(db: OfflineDb, recordId: string) {
  return useStoreQuery(db, () => db.outbox.where('recordId').equals(recordId).toArray(), [recordId])
}

/** One waiting change, when a screen opens to fix it (`seq` from the URL). */
export function useOutboxEntry(db: OfflineDb, seq: number | null | undefined) {
  return useStoreQuery(db, async () => (seq ? ((await db.outbox.get(seq)) ?? null) : null), [seq])
}
