import type { Schema } from '../../db/client'
import { ownedPullSource, type PullSource } from '../../lib/sync-contract'

/** A seller's monthly budgets travel to their device (the dashboard's budget and forecast work offline). */
export function budgetsPullSource(t: Schema): PullSource {
  return ownedPullSource(t.salesBudgets, (r) => ({ op: 'put', table: 'budgets', key: r.id, value: { id: r.id, month: r.month, amountOre: r.amountOre } }))
}
