import { useLiveQuery } from 'dexie-react-hooks'
import { useMemo } from 'react'
import { compareText } from '../../../../shared/format'
import { openSickOccasion } from '../../../../shared/rules/checkout'
import { businessDay, businessMonth } from '../../../../shared/rules/work'
import { offlineDb, withDb, type LocalBudget, type LocalRun, type LocalSale, type LocalVisit, type OfflineDb, type OutboxRow } from '../../../lib/offline-db'
import { useUserData } from '../../../lib/session'
import { syncEngine } from '../../../lib/sync'
import type { SyncEngine } from '../../../lib/sync-engine'
import { checkoutBlockingAt } from './local-actions'

/**
 * The seller screens' one way into the device store: every read is a live query through `withDb`, which
 * reopens a connection the browser closed under us (Safari does that to a page in the background) instead of
 * failing the screen. Screens never query Dexie themselves (lint keeps them out of dexie and offline-db).
 */

export type SellerStore = { userId: string; db: OfflineDb; engine: SyncEngine }

/** The signed-in seller's device store and sync engine. The seller screens only render for a signed-in user. */
export function useSellerStore(): SellerStore {
  const user = useUserData()
  const userId = user?.id ?? 'anonymous'
  return useMemo(() => ({ userId, db: offlineDb(userId), engine: syncEngine(userId) }), [userId])
}

/** A live query on the device store, guarded against a closed connection; `undefined` while loading. */
function useStoreQuery<T>(db: OfflineDb, query: () => Promise<T>, deps: unknown[]): T | undefined {
  return useLiveQuery(() => withDb(db, query), [db, ...deps])
}

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

export function useToday() {
  const now = Date.now()
  return { today: businessDay(now), month: businessMonth(now) }
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

/** Sales of a business day range (inclusive), newest first, kept current; `undefined` while loading. */
export function useSalesBetween(db: OfflineDb, from: string, to: string): LocalSale[] | undefined {
  return useStoreQuery(db, () => salesBetween(db, from, to), [from, to])
}

/** Every sale on the device, newest first. */
export function useAllSales(db: OfflineDb): LocalSale[] | undefined {
  return useStoreQuery(db, () => db.sales.orderBy('soldAt').reverse().toArray(), [])
}

/** One sale (null: not on this device). */
export function useSale(db: OfflineDb, id: string) {
  return useStoreQuery(db, async () => (await db.sales.get(id)) ?? null, [id])
}

/** The checklist file kept on the device for a sale until it is sent (null: none, or sent). */
export function useLocalFile(db: OfflineDb, fileId: string | null | undefined) {
  return useStoreQuery(db, async () => (fileId ? ((await db.files.get(fileId)) ?? null) : null), [fileId])
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

/** The day's time report (null: none yet). */
export function useTimeReportOn(db: OfflineDb, date: string | null) {
  return useStoreQuery(db, async () => (date ? ((await db.timeReports.where('date').equals(date).first()) ?? null) : null), [date])
}

/** A month's time reports (YYYY-MM), by date. */
export function useTimeReportsOfMonth(db: OfflineDb, month: string) {
  return useStoreQuery(db, () => db.timeReports.where('date').startsWith(month).sortBy('date'), [month])
}

/** Whether the month (YYYY-MM) is attested: locked for the seller until payroll reopens it (docs/decisions/029). */
export function useMonthAttested(db: OfflineDb, month: string) {
  return useStoreQuery(db, async () => {
    const row = await db.attestations.where('month').equals(month).first()
    return !!row && row.attestedAt !== null
  }, [month])
}

/** The month's extra income (YYYY-MM), as back office set it. */
export function useExtraIncomeOfMonth(db: OfflineDb, month: string) {
  return useStoreQuery(db, () => db.extraIncomes.where('month').equals(month).toArray(), [month])
}

/** The day's checkout (null: not checked out). */
export function useCheckoutOn(db: OfflineDb, date: string) {
  return useStoreQuery(db, async () => (await db.checkouts.where('date').equals(date).first()) ?? null, [date])
}

/** The checkout that blocks a new sale now, if the seller has checked out today. */
export function useCheckoutBlockingNow(db: OfflineDb) {
  return useStoreQuery(db, () => checkoutBlockingAt(db, Date.now()), [])
}

/** The sick occasion still open (null: none), with the notice that opened it. */
export function useOpenSickNotice(db: OfflineDb) {
  return useStoreQuery(db, async () => {
    const [notices, reports] = await Promise.all([db.sickNotices.toArray(), db.timeReports.toArray()])
    const occasion = openSickOccasion(
      notices.filter((n) => n.sync !== 'rejected'),
      reports.filter((r) => r.sync !== 'rejected'),
    )
    return occasion ? (notices.find((n) => n.date === occasion.date && n.sentAt === occasion.sentAt) ?? null) : null
  }, [])
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
