import { and, desc, eq, inArray, isNull, sum } from 'drizzle-orm'
import { commissionMove } from '../../../shared/rules/pay'
import { businessMonth } from '../../../shared/rules/work'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/event-types'
import { type PayContext } from './pay.context'

/** The commission ledger: built from the sales area's events, read by the payroll and the salary estimate. */
export function commissions(ctx: PayContext) {
  const { db, t } = ctx
  return {
    /**
     * The commission ledger from a sale's event (a database subscriber: exactly once, in the delivery's
     * transaction): the first approval pays the seller commission, a regret of a paid sale takes it back, each a
     * line in the month of the move with the sale it belongs to.
     */
    async fromSaleEvent(tx: Db, e: DomainEvent<'sale.statusChanged' | 'sale.created'>) {
      const p = e.payload
      const to = e.name === 'sale.created' ? e.payload.status : e.payload.to
      if (to !== 'approved' && to !== 'regret') return
      const [paid] = await tx
        .select({ ore: sum(t.commissionLines.amountOre).mapWith(Number) })
        .from(t.commissionLines)
        .where(eq(t.commissionLines.saleId, p.saleId))
      const move = commissionMove(paid?.ore ?? 0, to, p.sellerCommissionOre ?? 0)
      if (!move) return
      await tx
        .insert(t.commissionLines)
        .values({
          id: crypto.randomUUID(),
          eventId: e.id,
          saleId: p.saleId,
          userId: p.sellerId,
          month: businessMonth(e.occurredAt),
          kind: move.kind,
          amountOre: move.amountOre,
          soldAt: p.soldAt ?? e.occurredAt,
          at: e.occurredAt,
        })
        .onConflictDoNothing()
    },

    /**
     * These people's money in the month, whatever their hours: net commission (clawback included, so a regret can
     * take it below zero) and extra income, per person. The attestation lists them (time-reports asks through its
     * port), so nobody is paid without a person approving the month (issue 70).
     */
    async payableOf(tx: Db, month: string, userIds: string[]): Promise<Map<string, { commissionOre: number; extraIncomeOre: number }>> {
      const out = new Map<string, { commissionOre: number; extraIncomeOre: number }>()
      const of = (id: string) => out.get(id) ?? out.set(id, { commissionOre: 0, extraIncomeOre: 0 }).get(id)!
      // By the month and person indexes, a page of people at a time: a team's list reads its own people only.
      for (let i = 0; i < userIds.length; i += 500) {
        const ids = userIds.slice(i, i + 500)
        const [commission, extra] = await Promise.all([
          tx
            .select({ userId: t.commissionLines.userId, ore: sum(t.commissionLines.amountOre).mapWith(Number) })
            .from(t.commissionLines)
            .where(and(eq(t.commissionLines.month, month), inArray(t.commissionLines.userId, ids)))
            .groupBy(t.commissionLines.userId),
          tx
            .select({ userId: t.extraIncomes.userId, ore: sum(t.extraIncomes.amountOre).mapWith(Number) })
            .from(t.extraIncomes)
            .where(and(eq(t.extraIncomes.month, month), isNull(t.extraIncomes.removedAt), inArray(t.extraIncomes.userId, ids)))
            .groupBy(t.extraIncomes.userId),
        ])
        for (const c of commission) of(c.userId).commissionOre += c.ore
        for (const x of extra) of(x.userId).extraIncomeOre += x.ore
      }
      return out
    },

    /** A seller's commission lines of a month, each with its sale (traceable), newest first. */
    async commissionLines(userId: string, month: string) {
      return db
        .select()
        .from(t.commissionLines)
        .where(and(eq(t.commissionLines.userId, userId), eq(t.commissionLines.month, month)))
        .orderBy(desc(t.commissionLines.at))
    },
  }
}
