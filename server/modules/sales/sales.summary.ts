import { and, eq, gte, lte, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Database, Db, Schema } from '../../db/client'
import { accessFilter, withAccess } from '../../db/conditions'

/**
 * The sales summary (docs/decisions/046): sale reports added up per business day, seller, team, office, provider
 * and status (`sale_day_totals`), and their lines per the same keys and product (`sale_day_products`). The sales
 * service keeps it in the transaction of each change: what a sale counted for before the change is taken away,
 * what it counts for after is added. server/db/sale-summary-fill.ts builds it from the sales themselves (the seeds'
 * bulk inserts, the migration that introduced it, and the test that checks the kept summary against it).
 */

/** What a sale counts for in the summary: its keys and amounts, and its lines' products, quantities and prices. */
export type SummarySale = {
  sellDate: string
  sellerId: string
  teamId: string | null
  officeId: string | null
  providerId: string
  status: SaleStatus
  orderValueOre: number
  sellerCommissionOre: number
  companyCommissionOre: number
  companyCostOre: number
}
export type SummaryLine = {
  productId: string
  quantity: number
  priceOre: number
  sellerCommissionOre: number
  companyCommissionOre: number
  companyCostOre: number
}
export type SummaryEntry = { sale: SummarySale; lines: readonly SummaryLine[] }

type Amounts = { orderValueOre: number; sellerCommissionOre: number; companyCommissionOre: number; companyCostOre: number }
type TotalsDelta = Amounts & { sales: number }
type ProductDelta = Amounts & { lines: number; quantity: number }

const ZERO_AMOUNTS: Amounts = { orderValueOre: 0, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 }

function keysOf(sale: SummarySale) {
  return {
    sellDate: sale.sellDate,
    sellerId: sale.sellerId,
    teamId: sale.teamId ?? '',
    officeId: sale.officeId ?? '',
    providerId: sale.providerId,
    status: sale.status,
  }
}
type TotalsKey = ReturnType<typeof keysOf>
type ProductKey = TotalsKey & { productId: string }

/**
 * The rows a change adds (+) and takes away (−), netted per key: a change that leaves a key as it was (a correction
 * that keeps a product) writes nothing for it. Pure, so the arithmetic is tested on its own.
 */
export function summaryDeltas(before: SummaryEntry | null, after: SummaryEntry | null) {
  const totals = new Map<string, { key: TotalsKey; delta: TotalsDelta }>()
  const products = new Map<string, { key: ProductKey; delta: ProductDelta }>()
  const add = (entry: SummaryEntry, sign: 1 | -1) => {
    const key = keysOf(entry.sale)
    const id = JSON.stringify(key)
    const total = totals.get(id) ?? { key, delta: { sales: 0, ...ZERO_AMOUNTS } }
    total.delta.sales += sign
    total.delta.orderValueOre += sign * entry.sale.orderValueOre
    total.delta.sellerCommissionOre += sign * entry.sale.sellerCommissionOre
    total.delta.companyCommissionOre += sign * entry.sale.companyCommissionOre
    total.delta.companyCostOre += sign * entry.sale.companyCostOre
    totals.set(id, total)
    for (const line of entry.lines) {
      const productKey = { ...key, productId: line.productId }
      const pid = JSON.stringify(productKey)
      const product = products.get(pid) ?? { key: productKey, delta: { lines: 0, quantity: 0, ...ZERO_AMOUNTS } }
      product.delta.lines += sign
      product.delta.quantity += sign * line.quantity
      product.delta.orderValueOre += sign * line.priceOre * line.quantity
      product.delta.sellerCommissionOre += sign * line.sellerCommissionOre * line.quantity
      product.delta.companyCommissionOre += sign * line.companyCommissionOre * line.quantity
      product.delta.companyCostOre += sign * line.companyCostOre * line.quantity
      products.set(pid, product)
    }
  }
  if (before) add(before, -1)
  if (after) add(after, 1)
  const changed = <D extends Record<string, number>>(d: D) => Object.values(d).some((v) => v !== 0)
  return {
    totals: [...totals.values()].filter((r) => changed(r.delta)),
    products: [...products.values()].filter((r) => changed(r.delta)),
  }
}

export function saleSummary(t: Schema) {
  const T = t.saleDayTotals
  const P = t.saleDayProducts
  const plus = (column: AnyColumn, name: string) => sql`${column} + excluded.${sql.identifier(name)}`

  const service = {
    /**
     * Takes away what `before` counted for and adds what `after` counts for, in the caller's transaction: null
     * before for a new sale, the same sale in its old and new state for a move or a correction.
     */
    async change(tx: Db, before: SummaryEntry | null, after: SummaryEntry | null): Promise<void> {
      const { totals, products } = summaryDeltas(before, after)
      for (const { key, delta } of totals) {
        await tx
          .insert(T)
          .values({ ...key, ...delta })
          .onConflictDoUpdate({
            target: [T.sellDate, T.sellerId, T.teamId, T.officeId, T.providerId, T.status],
            set: {
              sales: plus(T.sales, 'sales'),
              orderValueOre: plus(T.orderValueOre, 'order_value_ore'),
              sellerCommissionOre: plus(T.sellerCommissionOre, 'seller_commission_ore'),
              companyCommissionOre: plus(T.companyCommissionOre, 'company_commission_ore'),
              companyCostOre: plus(T.companyCostOre, 'company_cost_ore'),
            },
          })
        if (delta.sales < 0) await tx.delete(T).where(and(keyOf(T, key), eq(T.sales, 0)))
      }
      for (const { key, delta } of products) {
        await tx
          .insert(P)
          .values({ ...key, ...delta })
          .onConflictDoUpdate({
            target: [P.sellDate, P.sellerId, P.teamId, P.officeId, P.providerId, P.productId, P.status],
            set: {
              lines: plus(P.lines, 'lines'),
              quantity: plus(P.quantity, 'quantity'),
              orderValueOre: plus(P.orderValueOre, 'order_value_ore'),
              sellerCommissionOre: plus(P.sellerCommissionOre, 'seller_commission_ore'),
              companyCommissionOre: plus(P.companyCommissionOre, 'company_commission_ore'),
              companyCostOre: plus(P.companyCostOre, 'company_cost_ore'),
            },
          })
        if (delta.lines < 0) await tx.delete(P).where(and(keyOf(P, key), eq(P.productId, key.productId), eq(P.lines, 0)))
      }
    },

    /** A stored sale as the summary counts it (its lines read from the table), for a move that keeps its lines. */
    async entryOf(tx: Db, sale: SummarySale & { id: string }): Promise<SummaryEntry> {
      const lines = await tx
        .select({
          productId: t.saleLines.productId,
          quantity: t.saleLines.quantity,
          priceOre: t.saleLines.priceOre,
          sellerCommissionOre: t.saleLines.sellerCommissionOre,
          companyCommissionOre: t.saleLines.companyCommissionOre,
          companyCostOre: t.saleLines.companyCostOre,
        })
        .from(t.saleLines)
        .where(eq(t.saleLines.saleId, sale.id))
      return { sale, lines }
    },
  }
  return service

  function keyOf(table: typeof T | typeof P, key: TotalsKey) {
    return and(
      eq(table.sellDate, key.sellDate),
      eq(table.sellerId, key.sellerId),
      eq(table.teamId, key.teamId),
      eq(table.officeId, key.officeId),
      eq(table.providerId, key.providerId),
      eq(table.status, key.status),
    )
  }
}

/** What the summary's readers narrow by: the sell dates (inclusive) and, each optional, a place, a seller, a provider. */
export type SummaryFilter = { from: string; to: string; officeId?: string; teamId?: string; sellerId?: string; providerId?: string }

/**
 * Reads of the summary for other areas (through ports): always within the sale reports the reader may see (their
 * `view sale_reports` conditions on the summary's seller, team and office), so a figure never counts a sale its
 * reader could not open.
 */
export function summaryReads(database: Database) {
  const { db, t } = database
  const P = t.saleDayProducts

  function where(ability: AppAbility, table: typeof P | typeof t.saleDayTotals, f: SummaryFilter): SQL | undefined {
    const own: SQL[] = [gte(table.sellDate, f.from), lte(table.sellDate, f.to)]
    if (f.officeId) own.push(eq(table.officeId, f.officeId))
    if (f.teamId) own.push(eq(table.teamId, f.teamId))
    if (f.sellerId) own.push(eq(table.sellerId, f.sellerId))
    if (f.providerId) own.push(eq(table.providerId, f.providerId))
    const columns = { sellerId: table.sellerId, teamId: table.teamId, officeId: table.officeId }
    return withAccess(accessFilter(ability, 'view', 'sale_reports', columns, { inline: true }), ...own)
  }

  return {
    /** Per product and status: the lines (each a sale of the product), their quantity and order value. */
    async productStatuses(ability: AppAbility, f: SummaryFilter) {
      return db
        .select({
          productId: P.productId,
          status: P.status,
          lines: sql<number>`sum(${P.lines})`.mapWith(Number),
          quantity: sql<number>`sum(${P.quantity})`.mapWith(Number),
          orderValueOre: sql<number>`sum(${P.orderValueOre})`.mapWith(Number),
        })
        .from(P)
        .where(where(ability, P, f))
        .groupBy(P.productId, P.status)
    },
  }
}
