import { and, asc, desc, eq, exists, gte, inArray, lte, sql } from 'drizzle-orm'
import { DOUBLE_WINDOW_MAX_DAYS, daysApart, shiftDay } from '../../../shared/rules/double-sales'
import type { Db } from '../../db/client'
import { type SaleRow } from './double-sales.context'
import type { DoubleSalesContext } from './double-sales.context'

/**
 * The finding of a sale's possible doubles: earlier sales of the same customer and product within the window, each
 * pair once.
 */
export function doubleSaleFinder(ctx: DoubleSalesContext) {
  const { t, write, later, d } = ctx
  const neighbourColumns = {
    id: t.sales.id,
    sellDate: t.sales.sellDate,
    soldAt: t.sales.soldAt,
    providerId: t.sales.providerId,
    sellerId: t.sales.sellerId,
    teamId: t.sales.teamId,
    officeId: t.sales.officeId,
  }
  type Neighbour = Pick<SaleRow, keyof typeof neighbourColumns>

  return {
    /**
     * The pairs `sale` makes with its neighbours: the nearest earlier and the nearest later sale of its customer and
     * provider sharing one of its products, within the longest window (decision 056). Each pair is stored once (a
     * second look, after a correction, adds only new ones). At most two reads of one index row each and two rows
     * written, however many sales the customer has: a housing association's thousandth order costs what its
     * first did, and its orders form a chain of pairs back office walks through.
     */
    async find(tx: Db, sale: SaleRow, productIds: readonly string[], at: number): Promise<number> {
      if (!sale.customerKey || productIds.length === 0) return 0
      const position = sql`(${t.sales.sellDate}, ${t.sales.soldAt}, ${t.sales.id})`
      const own = sql`(${sql.placeholder('sellDate')}, ${sql.placeholder('soldAt')}, ${sql.placeholder('id')})`
      const products = productIds.map((_, i) => sql.placeholder(`p${i}`))
      const values: Record<string, unknown> = {
        key: sale.customerKey,
        provider: sale.providerId,
        from: shiftDay(sale.sellDate, -DOUBLE_WINDOW_MAX_DAYS),
        to: shiftDay(sale.sellDate, DOUBLE_WINDOW_MAX_DAYS),
        sellDate: sale.sellDate,
        soldAt: sale.soldAt,
        id: sale.id,
        ...Object.fromEntries(productIds.map((id, i) => [`p${i}`, id])),
      }
      // Prepared once per side and number of products: it runs for every sale a device pushes.
      const nearest = async (side: 'earlier' | 'later') => {
        const earlier = side === 'earlier'
        const [row] = await write.rows(
          tx,
          `doubles.nearest.${side}.${productIds.length}`,
          (db) =>
            db
              // Only what a pair stores: a read of every column costs SQLite about twice as much (bench:sync).
              .select(neighbourColumns)
              .from(t.sales)
              .where(
                and(
                  eq(t.sales.customerKey, sql.placeholder('key')),
                  eq(t.sales.providerId, sql.placeholder('provider')),
                  earlier ? gte(t.sales.sellDate, sql.placeholder('from')) : lte(t.sales.sellDate, sql.placeholder('to')),
                  // A row value comparison on the index's own columns: a walk from this sale outwards, one row at a time.
                  earlier ? sql`${position} < ${own}` : sql`${position} > ${own}`,
                  exists(
                    db
                      .select({ one: sql`1` })
                      .from(t.saleLines)
                      .where(and(eq(t.saleLines.saleId, t.sales.id), inArray(t.saleLines.productId, products))),
                  ),
                ),
              )
              .orderBy(
                ...(earlier ? [desc(t.sales.sellDate), desc(t.sales.soldAt), desc(t.sales.id)] : [asc(t.sales.sellDate), asc(t.sales.soldAt), asc(t.sales.id)]),
              )
              .limit(1),
          values,
        )
        return row as Neighbour | undefined
      }
      const neighbours = [await nearest('earlier'), await nearest('later')].filter((x): x is Neighbour => x !== undefined)
      if (neighbours.length === 0) return 0
      const pairs = neighbours.map((other) => {
        const [a, b]: [Neighbour, Neighbour] = later(sale, other) ? [sale, other] : [other, sale]
        return {
          id: crypto.randomUUID(),
          saleId: a.id,
          otherSaleId: b.id,
          customerKey: sale.customerKey!,
          providerId: a.providerId,
          sellerId: a.sellerId,
          teamId: a.teamId,
          officeId: a.officeId,
          daysApart: daysApart(a.sellDate, b.sellDate),
          detectedAt: at,
          state: 'open' as const,
          pending: 1,
        }
      })
      await tx
        .insert(d)
        .values(pairs)
        .onConflictDoNothing({ target: [d.saleId, d.otherSaleId] })
      return pairs.length
    },
  }
}
