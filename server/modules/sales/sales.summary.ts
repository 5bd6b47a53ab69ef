import { and, eq, getTableName, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm'
import type { SaleStatus } from '../../../shared/rules/sale'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import type { Database, Db } from '../../db/client'
import { placeholderRows, preparedWrites } from '../../db/prepared'
import { monthFold, PENDING_ORDER } from './sales.summary-fold'

/**
 * The sales summary (docs/decisions/046): sale reports added up per business day, seller, team, office, provider
 * and status (`sale_day_totals`), and their lines per the same keys and product (`sale_day_products`). The sales
 * service keeps it in the transaction of each change: what a sale counted for before the change is taken away,
 * what it counts for after is added. The month tables every seller's sales share are the exception (decision
 * 063): a change appends its month deltas, and the fold adds them up after the commit and before any read. sales.fill.ts builds it from the sales themselves (the seeds'
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
type MonthKey = Omit<TotalsKey, 'sellDate' | 'sellerId'> & { month: string }
type MonthProductKey = { month: string; providerId: string; productId: string; status: SaleStatus }
type MonthSellerKey = { month: string; sellerId: string; teamId: string; officeId: string }

/** The statuses the month-and-seller table adds up: the sales that stand. */
const STANDING = new Set<SaleStatus>(EARNING_STATUSES)

/** A sell date's calendar month, as the month tables key it (`YYYY-MM`). */
export const monthOf = (sellDate: string) => sellDate.slice(0, 7)

/** Deltas netted per key; listed in the keys' order, so concurrent changes lock shared rows in the same order. */
class Deltas<K extends object, D extends Record<string, number>> {
  private readonly rows = new Map<string, { key: K; delta: D }>()
  constructor(private readonly zero: () => D) {}
  add(key: K, values: D, sign: 1 | -1) {
    const id = JSON.stringify(key)
    const row = this.rows.get(id) ?? { key, delta: this.zero() }
    for (const name of Object.keys(values) as Array<keyof D>) (row.delta[name] as number) += sign * (values[name] as number)
    this.rows.set(id, row)
  }
  changed() {
    return [...this.rows.entries()]
      .filter(([, r]) => Object.values(r.delta).some((v) => v !== 0))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, r]) => r)
  }
}

/**
 * The rows a change adds (+) and takes away (−) in each of the four tables, netted per key: a change that leaves a
 * key as it was (a correction that keeps a product, a move of a day within its month) writes nothing for it. Pure, so
 * the arithmetic is tested on its own.
 */
export function summaryDeltas(before: SummaryEntry | null, after: SummaryEntry | null) {
  return summaryDeltasOf([{ before, after }])
}

/** The netted rows of several changes together (a transaction's sales, written once as it commits). */
export function summaryDeltasOf(changes: ReadonlyArray<{ before: SummaryEntry | null; after: SummaryEntry | null }>) {
  const totals = new Deltas<TotalsKey, TotalsDelta>(() => ({ sales: 0, ...ZERO_AMOUNTS }))
  const products = new Deltas<ProductKey, ProductDelta>(() => ({ lines: 0, quantity: 0, ...ZERO_AMOUNTS }))
  const monthTotals = new Deltas<MonthKey, TotalsDelta>(() => ({ sales: 0, ...ZERO_AMOUNTS }))
  const monthProducts = new Deltas<MonthProductKey, ProductDelta>(() => ({ lines: 0, quantity: 0, ...ZERO_AMOUNTS }))
  const monthSellers = new Deltas<MonthSellerKey, TotalsDelta>(() => ({ sales: 0, ...ZERO_AMOUNTS }))
  const add = (entry: SummaryEntry, sign: 1 | -1) => {
    const key = keysOf(entry.sale)
    const { sellDate, sellerId: _seller, ...place } = key
    const month: MonthKey = { month: monthOf(sellDate), ...place }
    const sale: TotalsDelta = {
      sales: 1,
      orderValueOre: entry.sale.orderValueOre,
      sellerCommissionOre: entry.sale.sellerCommissionOre,
      companyCommissionOre: entry.sale.companyCommissionOre,
      companyCostOre: entry.sale.companyCostOre,
    }
    totals.add(key, sale, sign)
    monthTotals.add(month, sale, sign)
    if (STANDING.has(key.status)) monthSellers.add({ month: month.month, sellerId: key.sellerId, teamId: key.teamId, officeId: key.officeId }, sale, sign)
    for (const line of entry.lines) {
      const figures: ProductDelta = {
        lines: 1,
        quantity: line.quantity,
        orderValueOre: line.priceOre * line.quantity,
        sellerCommissionOre: line.sellerCommissionOre * line.quantity,
        companyCommissionOre: line.companyCommissionOre * line.quantity,
        companyCostOre: line.companyCostOre * line.quantity,
      }
      products.add({ ...key, productId: line.productId }, figures, sign)
      monthProducts.add({ month: month.month, providerId: key.providerId, productId: line.productId, status: key.status }, figures, sign)
    }
  }
  for (const { before, after } of changes) {
    if (before) add(before, -1)
    if (after) add(after, 1)
  }
  return {
    totals: totals.changed(),
    products: products.changed(),
    monthTotals: monthTotals.changed(),
    monthProducts: monthProducts.changed(),
    monthSellers: monthSellers.changed(),
  }
}

export function saleSummary(database: Database) {
  const { t } = database
  const write = preparedWrites(database)
  const T = t.saleDayTotals
  const P = t.saleDayProducts
  const MS = t.saleMonthSellers
  const months = monthFold(database)
  const plus = (column: AnyColumn, name: string) => sql`${column} + excluded.${sql.identifier(name)}`
  const amounts = (table: typeof T | typeof P | typeof MS) => ({
    orderValueOre: plus(table.orderValueOre, 'order_value_ore'),
    sellerCommissionOre: plus(table.sellerCommissionOre, 'seller_commission_ore'),
    companyCommissionOre: plus(table.companyCommissionOre, 'company_commission_ore'),
    companyCostOre: plus(table.companyCostOre, 'company_cost_ore'),
  })
  /** The key columns' conditions of one row, for removing it when its count reaches zero. */
  const keyOf = (table: object, key: Record<string, string>) =>
    and(...Object.entries(key).map(([name, value]) => eq((table as Record<string, AnyColumn>)[name]!, value)))

  /**
   * Adds each delta to its row of a summary table, creating the rows that are not there: one statement for all of a
   * change's rows of the table (their keys are distinct, netted by summaryDeltas), prepared once per table and row
   * count, as it runs for every sale a device pushes.
   */
  const upsert = <K extends object, D extends object>(
    tx: Db,
    table: Table,
    rows: ReadonlyArray<{ key: K; delta: D }>,
    target: AnyColumn[],
    set: Record<string, SQL>,
  ) => {
    if (!rows.length) return
    const { placeholders, values } = placeholderRows(rows.map(({ key, delta }) => ({ ...key, ...delta }) as Record<string, unknown>))
    return write(
      tx,
      `summary.${getTableName(table)}.${rows.length}`,
      (db) =>
        db
          .insert(table)
          .values(placeholders)
          .onConflictDoUpdate({ target: target as never, set: set as never }),
      values,
    )
  }
  /** Removes the rows a change took the last sale or line from (a count of zero counts nothing). */
  const dropEmpty = async <K extends Record<string, string>>(
    tx: Db,
    table: Table,
    count: AnyColumn,
    rows: ReadonlyArray<{ key: K; delta: object }>,
    taken: (delta: never) => boolean,
  ) => {
    for (const { key, delta } of rows) if (taken(delta as never)) await tx.delete(table).where(and(keyOf(table, key), eq(count, 0)))
  }

  /** The summary's rows for a transaction's changes, netted: the four tables' upserts and the month deltas. */
  const writeChanges = async (tx: Db, changes: Array<{ before: SummaryEntry | null; after: SummaryEntry | null }>) => {
    const { totals, products, monthTotals, monthProducts, monthSellers } = summaryDeltasOf(changes)
    const sold = (d: { sales: number }) => d.sales < 0
    const lined = (d: { lines: number }) => d.lines < 0
    await upsert(tx, T, totals, [T.sellDate, T.sellerId, T.teamId, T.officeId, T.providerId, T.status], { sales: plus(T.sales, 'sales'), ...amounts(T) })
    await dropEmpty(tx, T, T.sales, totals, sold)
    await upsert(tx, P, products, [P.sellDate, P.sellerId, P.teamId, P.officeId, P.providerId, P.productId, P.status], {
      lines: plus(P.lines, 'lines'),
      quantity: plus(P.quantity, 'quantity'),
      ...amounts(P),
    })
    await dropEmpty(tx, P, P.lines, products, lined)
    // The rows every seller's sales share are not touched here: their deltas wait in their own rows for the fold.
    const pending = [
      ...monthTotals.map(({ key, delta }) => ({ kind: 'totals', ...key, productId: '', lines: 0, quantity: 0, ...delta })),
      ...monthProducts.map(({ key, delta }) => ({ kind: 'products', ...key, teamId: '', officeId: '', sales: 0, ...delta })),
    ]
    if (pending.length) {
      const rows = placeholderRows(pending.map((row) => ({ ...PENDING_ORDER, ...row })))
      await write(tx, `summary.pending.${pending.length}`, (db) => db.insert(t.saleMonthPending).values(rows.placeholders as never), rows.values)
      database.afterCommit(() => months.soon())
    }
    await upsert(tx, MS, monthSellers, [MS.month, MS.sellerId, MS.teamId, MS.officeId], { sales: plus(MS.sales, 'sales'), ...amounts(MS) })
    await dropEmpty(tx, MS, MS.sales, monthSellers, sold)
  }

  const service = {
    /**
     * Takes away what `before` counted for and adds what `after` counts for, in the caller's transaction: null
     * before for a new sale, the same sale in its old and new state for a move or a correction.
     */
    change(tx: Db, before: SummaryEntry | null, after: SummaryEntry | null): Promise<void> {
      // Written as the transaction commits, netted with its other changes: a push of a hundred sales of a seller's
      // day adds to each of its rows once. Nothing reads the summary in the transaction that changes it (the reads
      // are the dashboards' and lists', each in its own).
      return database.appendAtCommit('sales.summary', { before, after }, writeChanges, tx)
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
}
