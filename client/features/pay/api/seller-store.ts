import { useStoreQuery } from '../../../lib/device-store'
import type { OfflineDb } from '../../../lib/offline-db'

/**
 * A month's (YYYY-MM) sales, time reports and extra income on the device store (lib/device-store.ts), in one query:
 * what the salary calculator's estimate is made of (it sums them; their order does not matter).
 */
export function useSalaryMonth(db: OfflineDb, month: string) {
  return useStoreQuery(db, async () => {
    const [sales, reports, extra] = await Promise.all([
      db.sales.where('sellDate').between(`${month}-01`, `${month}-31`, true, true).toArray(),
      db.timeReports.where('date').startsWith(month).sortBy('date'),
      db.extraIncomes.where('month').equals(month).toArray(),
    ])
    return { sales, reports, extra }
  }, [month])
}
