import { useStoreQuery } from '../../../lib/device-store'
import type { LocalPromise, OfflineDb } from '../../../lib/offline-db'

/** A promise on the seller's list: their own, or a come-back recorded at a door that has not reached the server yet. */
export type ListedPromise = LocalPromise

/** How far back the list keeps what was closed: today's and yesterday's, for looking back. */
const KEEP_CLOSED_MS = 36 * 3_600_000

/**
 * The seller's promises on the device, soonest first (decision 097): their own from the server and those made here,
 * and the come-backs recorded at doors while offline (the server makes each a promise with the visit's id).
 */
export function useMyPromises(db: OfflineDb): ListedPromise[] | undefined {
  return useStoreQuery(db, async () => {
    const now = Date.now()
    const promises = await db.promises.orderBy('dueAt').toArray()
    const known = new Set(promises.map((p) => p.id))
    const doors = (await db.visits.where('sync').equals('pending').toArray())
      .filter((v) => v.outcome === 'comeBack' && v.comeBackAt !== null && !known.has(v.id))
      .map((v): ListedPromise => ({
        id: v.id,
        kind: 'comeBack',
        customerName: null,
        phone: null,
        address: [v.address, v.city].filter(Boolean).join(', '),
        note: v.note,
        dueAt: v.comeBackAt!,
        state: 'open',
        closedAt: null,
        bookedBy: null,
        taken: false,
        sync: 'pending',
      }))
    return [...promises, ...doors].filter((p) => p.state === 'open' || (p.closedAt ?? p.dueAt) > now - KEEP_CLOSED_MS).sort((a, b) => a.dueAt - b.dueAt)
  }, [])
}
