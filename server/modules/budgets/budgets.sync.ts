import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { PatchOp } from '../../../shared/schemas/sync'
import type { Schema } from '../../db/client'
import type { PullSource } from '../../lib/sync-contract'

/** A seller's monthly budgets travel to their device (the dashboard's budget and forecast work offline). */
export function budgetsPullSource(t: Schema): PullSource {
  const b = t.salesBudgets
  return {
    async pending(tx, userId, since, limit) {
      const rows = await tx.select({ v: b.version }).from(b).where(and(eq(b.userId, userId), gt(b.version, since))).orderBy(asc(b.version)).limit(limit)
      return rows.map((r) => r.v)
    },
    async rows(tx, userId, since, upTo) {
      const rows = await tx.select().from(b).where(and(eq(b.userId, userId), gt(b.version, since), lte(b.version, upTo)))
      return rows.map((r): PatchOp => ({ op: 'put', table: 'budgets', key: r.id, value: { id: r.id, month: r.month, amountOre: r.amountOre } }))
    },
  }
}
