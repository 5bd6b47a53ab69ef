import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import { type UnmatchedSale } from '../../../shared/schemas/orders'
import type { Db } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import { PERIOD_LIMIT, type OrdersContext } from './orders.context'

/** Matching an order to a sale by hand and undoing it, and what the sales area asks of orders. */
export function orderMatching(ctx: OrdersContext, { detail }: Pick<ReturnType<typeof import('./orders.reads').orderReads>, 'detail'>) {
  const { database, events, ports, db, o, t, withoutRegistration } = ctx
  /** The order, when the reader may see it; otherwise not found. */
  async function visible(tx: Db, ability: AppAbility, id: string) {
    const [row] = await tx
      .select()
      .from(o)
      .where(withAccess(accessFilter(ability, 'view', 'order_registrations', {}), eq(o.id, id)))
    if (!row) throw notFound()
    return row
  }
  return {
    /**
     * Back office matches an unmatched order to one of its provider's sale reports by hand (decision 026): a report
     * no other order has, not regretted. In one transaction with its log line (the note as its reason) and event;
     * answers the order as it now stands. Two people matching the same order at once: the second is told it is
     * matched already.
     */
    async match(
      actor: { id: string; ability: AppAbility },
      id: string,
      input: { saleId: string; note: string | null },
      translate: Translate,
      now = Date.now(),
    ) {
      await database.transaction(async (tx) => {
        const row = await visible(tx, actor.ability, id)
        if (row.saleId) throw new ApiError(409, 'order_matched')
        const sale = (await ports.saleSummaries(tx, [input.saleId])).get(input.saleId)
        if (!sale) throw validationError({ saleId: [translate('validation.orders.noSuchSale')] })
        if (sale.providerId !== row.providerId) throw validationError({ saleId: [translate('validation.orders.otherProvider')] })
        if (sale.status === 'regret') throw validationError({ saleId: [translate('validation.orders.regret')] })
        const [taken] = await tx.select({ id: o.id }).from(o).where(eq(o.saleId, input.saleId))
        if (taken) throw new ApiError(409, 'sale_has_order')
        await tx.update(o).set({ saleId: input.saleId, matchedBy: 'manual', matched: 1, updatedAt: now }).where(eq(o.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'order_registration',
          entityId: id,
          action: 'matched',
          before: { saleId: null, matchedBy: null },
          after: { saleId: input.saleId, matchedBy: 'manual' },
          reason: input.note,
        })
        await events.record(
          tx,
          'orderRegistration.matched',
          { orderId: id, providerId: row.providerId, saleId: input.saleId, previousSaleId: null },
          { actorId: actor.id, at: now },
        )
      })
      return (await detail(actor.ability, id))!
    },

    /** Back office undoes a match (by hand or by a file), with a reason kept in the log; the sale may be matched again. */
    async unmatch(actor: { id: string; ability: AppAbility }, id: string, reason: string, now = Date.now()) {
      await database.transaction(async (tx) => {
        const row = await visible(tx, actor.ability, id)
        if (!row.saleId) throw new ApiError(409, 'order_unmatched')
        await tx.update(o).set({ saleId: null, matchedBy: null, matched: 0, updatedAt: now }).where(eq(o.id, id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'order_registration',
          entityId: id,
          action: 'unmatched',
          before: { saleId: row.saleId, matchedBy: row.matchedBy },
          after: { saleId: null, matchedBy: null },
          reason,
        })
        await events.record(
          tx,
          'orderRegistration.matched',
          { orderId: id, providerId: row.providerId, saleId: null, previousSaleId: row.saleId },
          { actorId: actor.id, at: now },
        )
      })
      return (await detail(actor.ability, id))!
    },

    /**
     * The "Matched Sale Reports" view's third part: the provider's sales of the period (not regret) that no order
     * registration has, oldest first.
     */
    async unmatchedSales(providerId: string, from: string, to: string): Promise<UnmatchedSale[]> {
      const ids = await ports.salesInPeriod(db, providerId, from, to, PERIOD_LIMIT)
      const missing = await withoutRegistration(db, ids)
      const sales = await ports.saleSummaries(db, missing.slice(0, 500))
      return missing.slice(0, 500).flatMap((id) => {
        const s = sales.get(id)
        return s
          ? [{ id, status: s.status, customerName: s.customerName, sellDate: s.sellDate, sellerName: s.sellerName, externalOrderNumber: s.externalOrderNumber }]
          : []
      })
    },

    /** Quotes sent for e-signing (an e-sign status from the file) with an order date in the period, and the signed. */
    async esignCounts(db: Db, from: string, to: string) {
      const [row] = await db
        .select({
          total: count(),
          signed: sql<number>`coalesce(sum(case when ${o.esignStatus} = 'signed' then 1 else 0 end), 0)`.mapWith(Number),
        })
        .from(o)
        .where(and(isNotNull(o.esignStatus), sql`${o.orderDate} >= ${from}`, sql`${o.orderDate} <= ${to}`))
      return { total: row?.total ?? 0, signed: row?.signed ?? 0 }
    },

    /** The sale report's order registration, for its page (the sales area asks). */
    async ofSale(db: Db, saleId: string) {
      const [row] = await db
        .select({ id: o.id, externalOrderNumber: o.externalOrderNumber, externalStatus: o.externalStatus, esignStatus: o.esignStatus })
        .from(o)
        .where(and(eq(o.saleId, saleId), isNotNull(o.saleId)))
      return row ?? null
    },
  }
}
