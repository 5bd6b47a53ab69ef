import { useStoreQuery } from '../../../lib/device-store'
import type { OfflineDb } from '../../../lib/offline-db'

/** What the seller's salary estimate is made of, from the device store (lib/device-store.ts), in one query. */

/** The month's extra income (YYYY-MM), as back office set it. */
export function useExtraIncomeOfMonth(db: OfflineDb, month: string) {
  return useStoreQuery(db, () => db.extraIncomes.where('month').equals(month).toArray(), [month])
}

/** A month's (YYYY-MM) sales, time reports and extra income on the device: the salary calculator's month. */
export function useSalaryMonth(db: OfflineDb, month: string) {
  return useStoreQuery(db, async () => {
    const [sales, reports, extra] = await Promise.all([
      db.sales.where('sellDate').between(`${month}-01`, `${month}-31`, true, true).toArray(),
      db.timeReports.where('date').startsWith(month).sortBy('date'),
      db.extraIncomes.where('month').equals(month).toArray(),
    ])
    return { sales: sales.sort((a, b) => b.soldAt - a.soldAt), reports, extra }
  }, [month])
}
