import { desc, eq, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { maskPersonalNumber } from '../../../shared/rules/identity'
import { orderListQuerySchema, type OrderDetail, type OrderListItem, type OrderListQuery } from '../../../shared/schemas/orders'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { SearchHit } from '../../../shared/schemas/search'
import { accessFilter, containsPattern, withAccess } from '../../db/conditions'
import { literalLimit } from '../../db/prepared'
import { activityLines, logActivity } from '../../platform/activity-log'
import { cappedCount } from '../../db/list-page'

import { withoutKey, type OrdersContext } from './orders.context'

/** Back office's order registrations: the list, the global search, an order opened and its identity number read. */
export function orderReads(ctx: OrdersContext) {
  const { database, ports, db, itemOf, o, t } = ctx
  const orders = {
    /** The global search's orders (docs/decisions/061): by order number or customer, newest first, within the rules. */
    async search(ability: AppAbility, q: string, limit: number): Promise<{ hits: SearchHit[]; more: boolean }> {
      const answer = await orders.list(ability, orderListQuerySchema.parse({ q, itemsPerPage: limit }))
      return {
        hits: answer.items.map((r) => ({
          kind: 'order' as const,
          id: r.id,
          title: r.externalOrderNumber ?? r.customerName ?? r.providerName,
          details: [r.externalOrderNumber ? r.customerName : null, r.providerName, r.sale?.sellerName ?? null].filter((x): x is string => !!x),
          date: r.orderDate,
        })),
        more: answer.total > answer.items.length,
      }
    },

    /** The order registrations this user may see, newest first, by provider, matched or not, import and text. */
    async list(ability: AppAbility, q: OrderListQuery): Promise<ListAnswer<OrderListItem>> {
      const filter = accessFilter(ability, 'view', 'order_registrations', {})
      const conditions: Array<SQL | undefined> = []
      if (q.providerId) conditions.push(eq(o.providerId, q.providerId))
      if (q.match) conditions.push(eq(o.matched, q.match === 'matched' ? 1 : 0))
      if (q.importId) conditions.push(eq(o.importId, q.importId))
      if (q.q) {
        const pattern = containsPattern(q.q)
        conditions.push(sql`(lower(${o.externalOrderNumber}) like ${pattern} escape '\\' or lower(${o.customerName}) like ${pattern} escape '\\')`)
      }
      const where = withAccess(filter, ...conditions)
      const order =
        q.sortBy === 'orderDate' ? [q.orderBy === 'asc' ? sql`${o.orderDate} asc` : sql`${o.orderDate} desc`, desc(o.id)] : [desc(o.createdAt), desc(o.id)]
      const run = async () => {
        const rowsQ = db
          .select()
          .from(o)
          .where(where)
          .orderBy(...order)
          .limit(literalLimit(q.itemsPerPage))
          .offset((q.page - 1) * q.itemsPerPage)
        const countQ = cappedCount(db, o, where)
        return Promise.all([rowsQ, countQ])
      }
      const [rows, [counted]] = await run()
      const [sales, names] = await Promise.all([
        ports.saleSummaries(
          db,
          rows.map((r) => r.saleId).filter((x): x is string => !!x),
        ),
        ports.providerNames(db, [...new Set(rows.map((r) => r.providerId))]),
      ])
      const n = counted?.n ?? 0
      return {
        items: rows.map((r) => itemOf(r, sales, names)),
        total: Math.min(n, LIST_COUNT_CAP),
        totalCapped: n > LIST_COUNT_CAP,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },

    /**
     * The customer's full identity number of an order this reader sees, for one who may read identity numbers
     * (docs/decisions/058); each reading is logged on the order. Null when there is no such order.
     */
    async identity(actor: { id: string; ability: AppAbility }, id: string, now = Date.now()): Promise<{ number: string | null } | null> {
      const filter = accessFilter(actor.ability, 'view', 'order_registrations', {})
      return database.transaction(async (tx) => {
        const [row] = await tx
          .select({ id: o.id, customerKey: o.customerKey })
          .from(o)
          .where(withAccess(filter, eq(o.id, id)))
        if (!row) return null
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'order_registration', entityId: row.id, action: 'identity_read' })
        return { number: row.customerKey?.slice(1) ?? null }
      })
    },

    /** One order registration with its sale, its customer (masked) and its log; null if none is seen. */
    async detail(ability: AppAbility, id: string): Promise<OrderDetail | null> {
      const filter = accessFilter(ability, 'view', 'order_registrations', {})
      const [row] = await db
        .select()
        .from(o)
        .where(withAccess(filter, eq(o.id, id)))
      if (!row) return null
      const [sales, names, log] = await Promise.all([
        ports.saleSummaries(db, row.saleId ? [row.saleId] : []),
        ports.providerNames(db, [row.providerId]),
        activityLines(database, 'order_registration', id, 50),
      ])
      const number = row.customerKey?.slice(1) ?? null
      return {
        ...itemOf(row, sales, names),
        providerId: row.providerId,
        // Masked for every reader; the full number on request, logged (docs/decisions/058).
        customerNumber: number && row.customerKey!.startsWith('p') ? maskPersonalNumber(number) : number,
        importId: row.importId,
        updatedAt: row.updatedAt,
        // The customer's number is not spelled out in the log (the page shows it, masked where it must be).
        activity: log.map((l) => ({
          at: l.at,
          actorName: l.actor?.name ?? null,
          action: l.action,
          before: withoutKey(l.before),
          after: withoutKey(l.after),
          reason: l.reason,
        })),
      }
    },
  }
  return orders
}
