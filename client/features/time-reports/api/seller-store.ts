import { openSickOccasion } from '../../../../shared/rules/checkout'
import { useStoreQuery } from '../../../lib/device-store'
import type { OfflineDb } from '../../../lib/offline-db'

/** The seller's days on the device store: time reports, attested months, checkouts, sick notices (lib/device-store.ts). */

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

/** The day's checkout (null: not checked out) with what it sums: the day's sales on the device and its time report. */
export function useCheckoutDay(db: OfflineDb, date: string) {
  return useStoreQuery(db, async () => {
    const [sales, report, checkout] = await Promise.all([
      db.sales.where('sellDate').equals(date).toArray(),
      db.timeReports.where('date').equals(date).first(),
      db.checkouts.where('date').equals(date).first(),
    ])
    return { sales, report: report ?? null, checkout: checkout ?? null }
  }, [date])
}
