import { compareText } from '../../../../shared/format'
import { useStoreQuery } from '../../../lib/device-store'
import type { LocalBudget, LocalRun, LocalSale, LocalVisit, OfflineDb } from '../../../lib/offline-db'
import { checkoutBlockingAt } from './local-actions'

/** The sales on the device store, for the seller's sale screens (the store's way in: lib/device-store.ts). */

/** The field runs the seller is on from today, soonest first (decision 073): kept on the device, offline too. */
export function useComingRuns(db: OfflineDb, today: string, limit = 3): LocalRun[] | undefined {
  return useStoreQuery(db, async () => (await db.runs.where('date').aboveOrEqual(today).sortBy('date')).slice(0, limit), [today, limit])
}

/** The doors the seller promised to come back to, soonest first (decision 073). */
export function useComeBacks(db: OfflineDb, limit = 5): LocalVisit[] | undefined {
  return useStoreQuery(
    db,
    async () =>
      (
        await db.visits
          .where('comeBackAt')
          .aboveOrEqual(Date.now() - 3600_000)
          .sortBy('comeBackAt')
      )
        .filter((v) => v.outcome === 'comeBack' && v.sync !== 'rejected')
        .slice(0, limit),
    [limit],
  )
}

export function useCatalog(db: OfflineDb) {
  return useStoreQuery(db, async () => {
    const [providers, products] = await Promise.all([db.providers.orderBy('name').toArray(), db.products.toArray()])
    return { providers, products: products.sort((a, b) => compareText(a.name, b.name)) }
  }, [])
}

/** Sales of a business day range (inclusive), newest first. */
export async function salesBetween(db: OfflineDb, from: string, to: string): Promise<LocalSale[]> {
  return (await db.sales.where('sellDate').between(from, to, true, true).toArray()).sort((a, b) => b.soldAt - a.soldAt)
}

/** Every sale on the device, newest first. */
export function useAllSales(db: OfflineDb): LocalSale[] | undefined {
  return useStoreQuery(db, () => db.sales.orderBy('soldAt').reverse().toArray(), [])
}

/** One sale (null: not on this device). */
export function useSale(db: OfflineDb, id: string) {
  return useStoreQuery(db, async () => (await db.sales.get(id)) ?? null, [id])
}

/** The checkout that blocks a new sale now, if the seller has checked out today. */
export function useCheckoutBlockingNow(db: OfflineDb) {
  return useStoreQuery(db, () => checkoutBlockingAt(db, Date.now()), [])
}

export type MonthData = { monthSales: LocalSale[]; budget: LocalBudget | null; checkedOut: boolean }

/** The seller dashboard's month in one query: one redraw when the store answers or changes, not three. */
export function useMonthData(db: OfflineDb, month: string, today: string) {
  return useStoreQuery(db, async (): Promise<MonthData> => {
    const [monthSales, budget, checkouts] = await Promise.all([
      salesBetween(db, `${month}-01`, `${month}-31`),
      db.budgets.where('month').equals(month).first(),
      db.checkouts.where('date').equals(today).count(),
    ])
    return { monthSales, budget: budget ?? null, checkedOut: checkouts > 0 }
  }, [month, today])
}

/** The checklist file kept on the device for a sale until it is sent (null: none, or sent). */
export function useLocalFile(db: OfflineDb, fileId: string | null | undefined) {
  return useStoreQuery(db, async () => (fileId ? ((await db.files.get(fileId)) ?? null) : null), [fileId])
}
