import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { compareText } from '../../../../shared/format'
import { businessDay, businessMonth } from '../../../../shared/rules/work'
import { offlineDb, type LocalSale, type OfflineDb, type OutboxRow } from '../../../lib/offline-db'
import { useUserData } from '../../../lib/session'
import { syncEngine } from '../../../lib/sync'
import type { SyncEngine } from '../../../lib/sync-engine'

export type SellerStore = { userId: string; db: OfflineDb; engine: SyncEngine }

/** The signed-in seller's device store and sync engine. The seller screens only render for a signed-in user. */
export function useSellerStore(): SellerStore {
  const user = useUserData()
  const userId = user?.id ?? 'anonymous'
  return useMemo(() => ({ userId, db: offlineDb(userId), engine: syncEngine(userId) }), [userId])
}

export function useCatalog(db: OfflineDb) {
  return useLiveQuery(async () => {
    const [providers, products] = await Promise.all([db.providers.orderBy('name').toArray(), db.products.toArray()])
    return { providers, products: products.sort((a, b) => compareText(a.name, b.name)) }
  }, [db])
}

/** Sales of a business day range (inclusive), newest first. */
export async function salesBetween(db: OfflineDb, from: string, to: string): Promise<LocalSale[]> {
  return (await db.sales.where('sellDate').between(from, to, true, true).toArray()).sort((a, b) => b.soldAt - a.soldAt)
}

/** Sales of a business day range (inclusive), newest first, kept current; `undefined` while loading. */
export function useSalesBetween(db: OfflineDb, from: string, to: string): LocalSale[] | undefined {
  return useLiveQuery(() => salesBetween(db, from, to), [db, from, to])
}

export function useToday() {
  const now = Date.now()
  return { today: businessDay(now), month: businessMonth(now) }
}

export function useOutbox(db: OfflineDb): OutboxRow[] | undefined {
  return useLiveQuery(() => db.outbox.orderBy('seq').toArray(), [db])
}
