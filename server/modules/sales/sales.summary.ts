import { and, eq, getTableName, gte, inArray, lte, sql, type AnyColumn, type SQL, type Table } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import type { Database, Db } from '../../db/client'
import { accessFilter, unindexed, UnsupportedConditionError, withAccess } from '../../db/conditions'
import { periodReads } from '../../../shared/rules/work'
import { plainRows } from '../../db/plain-rows'
import { placeholderRows, preparedWrites } from '../../db/prepared'
import {
  accessCondition,
  anyOfRules,
  readSlice,
  type AnalyticsCategory,
  type AnalyticsResult,
  type AnalyticsSlice,
  type AnalyticsSource,
} from '../../db/analytics'

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
  if (before) add(before, -1)
  if (after) add(after, 1)
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
          .values(placeholders as never)
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

  const service = {
    /**
     * Takes away what `before` counted for and adds what `after` counts for, in the caller's transaction: null
     * before for a new sale, the same sale in its old and new state for a move or a correction.
     */
    async change(tx: Db, before: SummaryEntry | null, after: SummaryEntry | null): Promise<void> {
      const { totals, products, monthTotals, monthProducts, monthSellers } = summaryDeltas(before, after)
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

/** A pending row's columns in one order, so rows of both kinds make the same statement. */
const PENDING_ORDER = {
  kind: '',
  month: '',
  teamId: '',
  officeId: '',
  providerId: '',
  productId: '',
  status: '',
  sales: 0,
  lines: 0,
  quantity: 0,
  orderValueOre: 0,
  sellerCommissionOre: 0,
  companyCommissionOre: 0,
  companyCostOre: 0,
}

/** How soon after a commit that left month deltas waiting the fold runs (the readers fold first anyway). */
const FOLD_AFTER_MS = 200

const folds = new WeakMap<Database, ReturnType<typeof createMonthFold>>()
/** The month tables' fold of a database (one per database in the process, so its timer is shared). */
export function monthFold(database: Database) {
  let fold = folds.get(database)
  if (!fold) folds.set(database, (fold = createMonthFold(database)))
  return fold
}

/**
 * The fold of the month tables (docs/decisions/063): adds the waiting deltas (`sale_month_pending`) into
 * `sale_month_totals` and `sale_month_products` per key, removes the rows they took the last sale or line from,
 * and deletes the deltas — in one transaction, so a delta counts exactly once. Several folds at once (two instances)
 * are safe: on PostgreSQL SERIALIZABLE lets one of them commit and the other is retried and finds nothing; on SQLite
 * one writer runs at a time. The rows a fold writes are written by folds only, so a sale never waits on them.
 */
function createMonthFold(database: Database) {
  const { t } = database
  const W = t.saleMonthPending
  const MT = t.saleMonthTotals
  const MP = t.saleMonthProducts
  const sum = (column: AnyColumn, name: string) => sql<number>`sum(${column})`.mapWith(Number).as(name)
  const plus = (column: AnyColumn, name: string) => sql`${column} + excluded.${sql.identifier(name)}`
  const amounts = (table: typeof MT | typeof MP) => ({
    orderValueOre: plus(table.orderValueOre, 'order_value_ore'),
    sellerCommissionOre: plus(table.sellerCommissionOre, 'seller_commission_ore'),
    companyCommissionOre: plus(table.companyCommissionOre, 'company_commission_ore'),
    companyCostOre: plus(table.companyCostOre, 'company_cost_ore'),
  })
  const sums = {
    orderValueOre: sum(W.orderValueOre, 'order_value_ore'),
    sellerCommissionOre: sum(W.sellerCommissionOre, 'seller_commission_ore'),
    companyCommissionOre: sum(W.companyCommissionOre, 'company_commission_ore'),
    companyCostOre: sum(W.companyCostOre, 'company_cost_ore'),
  }
  let timer: NodeJS.Timeout | null = null
  let running: Promise<number> | null = null
  let closed = false
  // What waits when the database closes stays in its rows: the next process's first read or change folds it.
  database.onClose(async () => {
    closed = true
    if (timer) clearTimeout(timer)
    await running?.catch(() => undefined)
  })

  async function foldOnce(): Promise<number> {
    return database.transaction(async (tx) => {
      const [last] = await tx.select({ id: sql<number | null>`max(${W.id})` }).from(W)
      if (last?.id == null) return 0
      const upTo = Number(last.id)
      const totals = and(lte(W.id, upTo), eq(W.kind, 'totals'))
      const products = and(lte(W.id, upTo), eq(W.kind, 'products'))
      await tx
        .insert(MT)
        .select(
          tx
            .select({
              month: W.month,
              teamId: W.teamId,
              officeId: W.officeId,
              providerId: W.providerId,
              status: W.status,
              sales: sum(W.sales, 'sales'),
              ...sums,
            })
            .from(W)
            .where(totals)
            .groupBy(W.month, W.teamId, W.officeId, W.providerId, W.status) as never,
        )
        .onConflictDoUpdate({ target: [MT.month, MT.teamId, MT.officeId, MT.providerId, MT.status], set: { sales: plus(MT.sales, 'sales'), ...amounts(MT) } })
      await tx
        .insert(MP)
        .select(
          tx
            .select({
              month: W.month,
              providerId: W.providerId,
              productId: W.productId,
              status: W.status,
              lines: sum(W.lines, 'lines'),
              quantity: sum(W.quantity, 'quantity'),
              ...sums,
            })
            .from(W)
            .where(products)
            .groupBy(W.month, W.providerId, W.productId, W.status) as never,
        )
        .onConflictDoUpdate({
          target: [MP.month, MP.providerId, MP.productId, MP.status],
          set: { lines: plus(MP.lines, 'lines'), quantity: plus(MP.quantity, 'quantity'), ...amounts(MP) },
        })
      // A row counting no sale (or no line) any more is removed, as the day tables' are: only the keys just folded.
      await tx.delete(MT).where(
        and(
          eq(MT.sales, 0),
          sql`(${MT.month}, ${MT.teamId}, ${MT.officeId}, ${MT.providerId}, ${MT.status}) in (${tx
            .select({ month: W.month, teamId: W.teamId, officeId: W.officeId, providerId: W.providerId, status: W.status })
            .from(W)
            .where(and(totals, sql`${W.sales} < 0`))})`,
        ),
      )
      await tx.delete(MP).where(
        and(
          eq(MP.lines, 0),
          sql`(${MP.month}, ${MP.providerId}, ${MP.productId}, ${MP.status}) in (${tx
            .select({ month: W.month, providerId: W.providerId, productId: W.productId, status: W.status })
            .from(W)
            .where(and(products, sql`${W.lines} < 0`))})`,
        ),
      )
      await tx.delete(W).where(lte(W.id, upTo))
      return upTo
    })
  }

  const fold = {
    /** Folds what waits now (one fold at a time in this process; a fold asked for meanwhile waits for it, then runs). */
    async run(): Promise<void> {
      while (running) await running.catch(() => undefined)
      running = foldOnce()
      try {
        await running
      } finally {
        running = null
      }
    },
    /** Before a read of the month tables: folds what waits, so the read counts every committed change. */
    async settle(): Promise<void> {
      const [waiting] = await database.db.select({ id: W.id }).from(W).limit(1)
      if (waiting) await fold.run()
    },
    /** After a change that left deltas waiting: a fold shortly after its commit (one for many changes). */
    soon(): void {
      if (timer || closed) return
      timer = setTimeout(() => {
        timer = null
        fold.run().catch((err: unknown) => console.error('[sales.summary] the month fold failed; the next read or change tries again:', err))
      }, FOLD_AFTER_MS)
      timer.unref()
    },
  }
  return fold
}

/** Sales and order value per status and key (a team, a day or a month), as the totals read gives them. */
export type TotalsRow = { key: string; status: SaleStatus; sales: number; orderValueOre: number }

/** The standing sales' figures of a seller, team, office or provider (profitability, docs/decisions/051). */
export type AmountsRow = {
  key: string
  sales: number
  orderValueOre: number
  sellerCommissionOre: number
  companyCommissionOre: number
  companyCostOre: number
}

/** Figures added up per key and status. */
class Sums {
  private readonly map = new Map<string, TotalsRow>()
  add(key: string, r: { status: SaleStatus; sales: number; orderValueOre: number }, sign: 1 | -1 = 1) {
    const id = `${key}\u0000${r.status}`
    const sum = this.map.get(id)
    if (sum) {
      sum.sales += sign * r.sales
      sum.orderValueOre += sign * r.orderValueOre
    } else this.map.set(id, { key, status: r.status, sales: sign * r.sales, orderValueOre: sign * r.orderValueOre })
  }
  /** The sums that hold a sale (days taken away from a month can leave none). */
  rows(): TotalsRow[] {
    return [...this.map.values()].filter((r) => r.sales !== 0)
  }
}

/** What the summary's readers narrow by: the sell dates (inclusive) and, each optional, a place, a seller, a provider. */
export type SummaryFilter = { from: string; to: string; officeId?: string; teamId?: string; sellerId?: string; providerId?: string }

/**
 * Reads of the summary for other areas (through ports): always within the sale reports the reader may see (their
 * `view sale_reports` conditions on the summary's seller, team and office), so a figure never counts a sale its
 * reader could not open. For a reader who sees the whole organisation and asks for all of it, a period's whole
 * months come from the month table, its ends from the day table; any narrower question reads the day table by the
 * index of its team, office or seller.
 */
export function summaryReads(database: Database) {
  const { db, t } = database
  const fold = monthFold(database)
  const P = t.saleDayProducts
  const MP = t.saleMonthProducts
  const T = t.saleDayTotals
  const MT = t.saleMonthTotals
  const MS = t.saleMonthSellers

  function dayWhere(ability: AppAbility, f: SummaryFilter, days: { from: string; to: string }, table: typeof P | typeof T = P): SQL | undefined {
    const own = [gte(table.sellDate, days.from), lte(table.sellDate, days.to)]
    if (f.officeId) own.push(eq(table.officeId, f.officeId))
    if (f.teamId) own.push(eq(table.teamId, f.teamId))
    if (f.sellerId) own.push(eq(table.sellerId, f.sellerId))
    if (f.providerId) own.push(eq(table.providerId, f.providerId))
    const columns = { sellerId: table.sellerId, teamId: table.teamId, officeId: table.officeId }
    return withAccess(accessFilter(ability, 'view', 'sale_reports', columns, { inline: true }), ...own)
  }

  /** The month totals' condition for the reader and filter, or null when it needs the seller (the table has none). */
  function monthTotalsWhere(ability: AppAbility, f: SummaryFilter, months: { from: string; to: string }): SQL | undefined | null {
    if (f.sellerId) return null
    let access
    try {
      access = accessFilter(ability, 'view', 'sale_reports', { teamId: MT.teamId, officeId: MT.officeId }, { inline: true })
    } catch (error) {
      if (error instanceof UnsupportedConditionError) return null
      throw error
    }
    const own = [gte(MT.month, months.from), lte(MT.month, months.to)]
    if (f.officeId) own.push(eq(MT.officeId, f.officeId))
    if (f.teamId) own.push(eq(MT.teamId, f.teamId))
    if (f.providerId) own.push(eq(MT.providerId, f.providerId))
    return withAccess(access, ...own) ?? sql`1 = 1`
  }

  /** Whether the whole organisation's month table answers: a reader who sees every sale, asking for no place or seller. */
  function wholeOrganisation(ability: AppAbility, f: SummaryFilter): boolean {
    if (f.officeId || f.teamId || f.sellerId) return false
    return accessFilter(ability, 'view', 'sale_reports', { sellerId: P.sellerId, teamId: P.teamId, officeId: P.officeId }).kind === 'all'
  }

  return {
    /** Per product and status: the lines (each a sale of the product), their quantity and order value. */
    async productStatuses(ability: AppAbility, f: SummaryFilter) {
      await fold.settle()
      const whole = wholeOrganisation(ability, f)
      // Whole months from the month table, plus or minus days (periodReads): this month so far is the month less the
      // days to come.
      const parts = whole ? periodReads(f.from, f.to) : { months: null, add: [{ from: f.from, to: f.to }], subtract: [] }
      type Row = { productId: string; status: SaleStatus; lines: number; quantity: number; orderValueOre: number }
      const dayRead = (days: { from: string; to: string }) =>
        plainRows(
          database,
          db
            .select({
              productId: P.productId,
              status: P.status,
              lines: sql<number>`sum(${P.lines})`.mapWith(Number),
              quantity: sql<number>`sum(${P.quantity})`.mapWith(Number),
              orderValueOre: sql<number>`sum(${P.orderValueOre})`.mapWith(Number),
            })
            .from(P)
            .where(dayWhere(ability, f, days))
            .groupBy(P.productId, P.status),
        )
      const reads: Array<{ rows: Promise<Row[]>; sign: 1 | -1 }> = [
        ...parts.add.map((d) => ({ rows: dayRead(d), sign: 1 as const })),
        ...parts.subtract.map((d) => ({ rows: dayRead(d), sign: -1 as const })),
      ]
      if (parts.months) {
        reads.push({
          sign: 1,
          rows: plainRows(
            database,
            db
              .select({
                productId: MP.productId,
                status: MP.status,
                lines: sql<number>`sum(${MP.lines})`.mapWith(Number),
                quantity: sql<number>`sum(${MP.quantity})`.mapWith(Number),
                orderValueOre: sql<number>`sum(${MP.orderValueOre})`.mapWith(Number),
              })
              .from(MP)
              .where(and(gte(MP.month, parts.months.from), lte(MP.month, parts.months.to), f.providerId ? eq(MP.providerId, f.providerId) : undefined))
              .groupBy(MP.productId, MP.status),
          ),
        })
      }
      const merged = new Map<string, Row>()
      for (const { rows, sign } of reads) {
        for (const row of await rows) {
          const id = `${row.productId}\u0000${row.status}`
          const sum = merged.get(id) ?? { productId: row.productId, status: row.status, lines: 0, quantity: 0, orderValueOre: 0 }
          sum.lines += sign * row.lines
          sum.quantity += sign * row.quantity
          sum.orderValueOre += sign * row.orderValueOre
          merged.set(id, sum)
        }
      }
      return [...merged.values()].filter((r) => r.lines !== 0)
    },

    /**
     * Per status, the sales and their order value by team and by period (each day, or each month): whole months from
     * the month totals when neither the reader's rules nor the filter name a seller, plus or minus days from the day
     * totals (periodReads: this month so far is the month less the days to come). Each partial month's days are one
     * read by team, which gives its month's figure as well; by day, the period's days are read by day.
     */
    async totals(ability: AppAbility, f: SummaryFilter, unit: 'day' | 'month'): Promise<{ byTeam: TotalsRow[]; byPeriod: TotalsRow[] }> {
      await fold.settle()
      const split = periodReads(f.from, f.to)
      const monthWhere = split.months ? monthTotalsWhere(ability, f, split.months) : null
      const figures = {
        status: T.status,
        sales: sql<number>`sum(${T.sales})`.mapWith(Number),
        orderValueOre: sql<number>`sum(${T.orderValueOre})`.mapWith(Number),
      }
      const dayRead = (d: { from: string; to: string }, key: SQL) =>
        plainRows(
          database,
          db
            .select({ key: sql<string>`${key}`, ...figures })
            .from(T)
            .where(dayWhere(ability, f, d, T))
            .groupBy(key, T.status),
        )
      const byTeam = new Sums()
      const byPeriod = new Sums()
      // By a team key no index orders: grouped by the column, SQLite walks the index by team and day once per team
      // with a look-up for each row (53 ms for 20 days of the whole organisation) instead of reading the covering
      // index by day (31 ms).
      const teamKey = unindexed(database.dialect, T.teamId)
      const periodRead = (key: SQL) =>
        plainRows(
          database,
          db
            .select({ key: sql<string>`${key}`, ...figures })
            .from(T)
            .where(dayWhere(ability, f, { from: f.from, to: f.to }, T))
            .groupBy(key, T.status),
        )
      if (!monthWhere) {
        // The whole period from the days: once by team, once by day (or month).
        const whole = { from: f.from, to: f.to }
        const [teams, periods] = await Promise.all([
          dayRead(whole, teamKey),
          periodRead(unit === 'day' ? sql`${T.sellDate}` : sql`substr(${T.sellDate}, 1, 7)`),
        ])
        for (const r of teams) byTeam.add(r.key, r)
        for (const r of periods) byPeriod.add(r.key, r)
        return { byTeam: byTeam.rows(), byPeriod: byPeriod.rows() }
      }
      // By team from the months plus or minus days; by month the same, or by day from the days of the whole period.
      const [edges, months, days] = await Promise.all([
        Promise.all(
          [...split.add.map((d) => ({ d, sign: 1 as const })), ...split.subtract.map((d) => ({ d, sign: -1 as const }))].map(async ({ d, sign }) => ({
            month: monthOf(d.from),
            sign,
            rows: await dayRead(d, teamKey),
          })),
        ),
        plainRows(
          database,
          db
            .select({
              month: MT.month,
              teamId: MT.teamId,
              status: MT.status,
              sales: sql<number>`sum(${MT.sales})`.mapWith(Number),
              orderValueOre: sql<number>`sum(${MT.orderValueOre})`.mapWith(Number),
            })
            .from(MT)
            .where(monthWhere)
            .groupBy(MT.month, MT.teamId, MT.status),
        ),
        unit === 'day' ? periodRead(sql`${T.sellDate}`) : Promise.resolve([]),
      ])
      for (const edge of edges) {
        for (const r of edge.rows) {
          byTeam.add(r.key, r, edge.sign)
          if (unit === 'month') byPeriod.add(edge.month, r, edge.sign)
        }
      }
      for (const r of months) {
        byTeam.add(r.teamId, r)
        if (unit === 'month') byPeriod.add(r.month, r)
      }
      for (const r of days) byPeriod.add(r.key, r)
      return { byTeam: byTeam.rows(), byPeriod: byPeriod.rows() }
    },

    /**
     * The standing sales (the statuses earnings count) of a period by seller, team, office or provider: how many, their
     * order value, the sellers' commission, the company's commission and its cost. Whole months from the month totals
     * when neither the reader's rules, the filter nor the grouping name a seller; the rest from the day totals.
     */
    async amountsBy(ability: AppAbility, f: SummaryFilter, by: 'seller' | 'team' | 'office' | 'provider'): Promise<AmountsRow[]> {
      await fold.settle()
      const amounts = <X extends typeof T | typeof MT | typeof MS>(x: X) => ({
        sales: sql<number>`sum(${x.sales})`.mapWith(Number),
        orderValueOre: sql<number>`sum(${x.orderValueOre})`.mapWith(Number),
        sellerCommissionOre: sql<number>`sum(${x.sellerCommissionOre})`.mapWith(Number),
        companyCommissionOre: sql<number>`sum(${x.companyCommissionOre})`.mapWith(Number),
        companyCostOre: sql<number>`sum(${x.companyCostOre})`.mapWith(Number),
      })
      // Whole months from a month table, minus or plus days from the day table (periodReads): this month so far is
      // the month less the days to come.
      const plan = periodReads(f.from, f.to)
      const dayKey = { seller: T.sellerId, team: T.teamId, office: T.officeId, provider: T.providerId }[by]
      // Days at a period's ends (at most half a month) are grouped by a key no index orders: grouped by the column,
      // SQLite walks the index led by it (seller, team) once per seller or team for a few days, 20–40 ms even for
      // days with no rows, where the index by day finds them at once. A whole period keeps the column's order.
      const dayRead = (d: { from: string; to: string }, whole = false) =>
        plainRows(
          database,
          db
            .select({ key: sql<string>`${dayKey}`, ...amounts(T) })
            .from(T)
            .where(and(dayWhere(ability, f, d, T), inArray(T.status, [...EARNING_STATUSES])))
            .groupBy(whole ? dayKey : unindexed(database.dialect, dayKey)),
        )
      let monthRead: Promise<AmountsRow[]> | null = null
      if (plan.months && by === 'seller' && !f.providerId) {
        // By seller: the standing sales per month and seller (it has every column a rule names; no provider, so a
        // provider's sellers are read from the days).
        const own = [gte(MS.month, plan.months.from), lte(MS.month, plan.months.to)]
        if (f.officeId) own.push(eq(MS.officeId, f.officeId))
        if (f.teamId) own.push(eq(MS.teamId, f.teamId))
        if (f.sellerId) own.push(eq(MS.sellerId, f.sellerId))
        const columns = { sellerId: MS.sellerId, teamId: MS.teamId, officeId: MS.officeId }
        monthRead = plainRows(
          database,
          db
            .select({ key: sql<string>`${MS.sellerId}`, ...amounts(MS) })
            .from(MS)
            .where(withAccess(accessFilter(ability, 'view', 'sale_reports', columns, { inline: true }), ...own))
            .groupBy(MS.sellerId),
        )
      } else if (plan.months && by !== 'seller') {
        // By team, office or provider: the month totals, when the reader's rules do not need the seller.
        const monthWhere = monthTotalsWhere(ability, f, plan.months)
        const monthKey = { team: MT.teamId, office: MT.officeId, provider: MT.providerId }[by]
        if (monthWhere)
          monthRead = plainRows(
            database,
            db
              .select({ key: sql<string>`${monthKey}`, ...amounts(MT) })
              .from(MT)
              .where(and(monthWhere, inArray(MT.status, [...EARNING_STATUSES])))
              .groupBy(monthKey),
          )
      }
      const reads: Array<{ rows: Promise<AmountsRow[]>; sign: 1 | -1 }> = monthRead
        ? [
            { rows: monthRead, sign: 1 },
            ...plan.add.map((d) => ({ rows: dayRead(d), sign: 1 as const })),
            ...plan.subtract.map((d) => ({ rows: dayRead(d), sign: -1 as const })),
          ]
        : [{ rows: dayRead({ from: f.from, to: f.to }, true), sign: 1 }]
      const merged = new Map<string, AmountsRow>()
      for (const { rows, sign } of reads) {
        for (const row of await rows) {
          const sum = merged.get(row.key) ?? { key: row.key, sales: 0, orderValueOre: 0, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 }
          sum.sales += sign * row.sales
          sum.orderValueOre += sign * row.orderValueOre
          sum.sellerCommissionOre += sign * row.sellerCommissionOre
          sum.companyCommissionOre += sign * row.companyCommissionOre
          sum.companyCostOre += sign * row.companyCostOre
          merged.set(row.key, sum)
        }
      }
      for (const [key, sum] of merged) if (sum.sales === 0) merged.delete(key)
      return [...merged.values()]
    },

    /**
     * Per seller, team, day and status in some teams: the sales and their order value (the coach dashboard's rows),
     * within the sale reports the reader may see.
     */
    async sellerDays(ability: AppAbility, q: { from: string; to: string; teamIds: string[] }) {
      if (q.teamIds.length === 0) return []
      const columns = { sellerId: T.sellerId, teamId: T.teamId, officeId: T.officeId }
      return plainRows(
        database,
        db
          .select({
            sellerId: T.sellerId,
            teamId: T.teamId,
            sellDate: T.sellDate,
            status: T.status,
            sales: sql<number>`sum(${T.sales})`.mapWith(Number),
            orderValueOre: sql<number>`sum(${T.orderValueOre})`.mapWith(Number),
          })
          .from(T)
          .where(
            withAccess(
              accessFilter(ability, 'view', 'sale_reports', columns, { inline: true }),
              inArray(T.teamId, q.teamIds),
              gte(T.sellDate, q.from),
              lte(T.sellDate, q.to),
            ),
          )
          .groupBy(T.sellerId, T.teamId, T.sellDate, T.status),
      )
    },

    /**
     * Per provider or per office and status over a period of days (a month at most, as the manager dashboard asks):
     * the sales and their order value, within the sale reports the reader may see.
     */
    async dayTotalsBy(ability: AppAbility, f: SummaryFilter, by: 'provider' | 'office'): Promise<TotalsRow[]> {
      const key = by === 'provider' ? T.providerId : T.officeId
      return plainRows(
        database,
        db
          .select({
            key: sql<string>`${key}`,
            status: T.status,
            sales: sql<number>`sum(${T.sales})`.mapWith(Number),
            orderValueOre: sql<number>`sum(${T.orderValueOre})`.mapWith(Number),
          })
          .from(T)
          .where(dayWhere(ability, f, { from: f.from, to: f.to }, T))
          .groupBy(key, T.status),
      )
    },
  }
}

/** What the BI assistant counts from the sales summary (docs/decisions/053). */
export type SaleAnalyticsMeasure = 'orderValue' | 'orders' | 'quantity' | 'regretRate'

/**
 * The BI assistant's reads of the sales summary (docs/decisions/053): a slice by up to two keys within the sales the
 * reader may see — their `view sale_reports` rules or their `view sales` rules (a seller's own), whichever allows —
 * applied in the statement. Values: `sales` (sales, or for products the lines holding one), `orderValueOre`,
 * `quantity` (products only) and `regret` (of those, the ones in regret). Order value, orders and quantity count the
 * sales that stand unless the slice names statuses or splits by them; the regret rate counts every status.
 * Whole months come from a month table when the keys and the reader's rules allow (no day or week, no seller unless the
 * table has one, the products' month table only for the whole organisation).
 */
export function saleAnalytics(database: Database) {
  const { t } = database
  const T = t.saleDayTotals
  const P = t.saleDayProducts
  const MT = t.saleMonthTotals
  const MP = t.saleMonthProducts
  const SUBJECTS = ['sale_reports', 'sales'] as const
  const months = monthFold(database)
  return async function analytics(ability: AppAbility, slice: AnalyticsSlice, measure: SaleAnalyticsMeasure): Promise<AnalyticsResult> {
    await months.settle()
    const named = (k: AnalyticsCategory) => slice.keys.includes(k) || (slice.filters[k]?.length ?? 0) > 0
    const products = measure === 'quantity' || named('product')
    const statuses = slice.filters.status?.length
      ? undefined // the filter names them
      : measure === 'regretRate' || slice.keys.includes('status')
        ? undefined
        : [...EARNING_STATUSES]
    const statusWhere = (column: AnyColumn) => (statuses ? inArray(column, statuses) : undefined)
    const regret = (count: AnyColumn, status: AnyColumn) => sql<number>`sum(case when ${status} = 'regret' then ${count} else 0 end)`
    if (products) {
      const dayAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: P.sellerId, teamId: P.teamId, officeId: P.officeId })!
      const day: AnalyticsSource = {
        table: P,
        grain: 'day',
        date: P.sellDate,
        columns: { seller: P.sellerId, team: P.teamId, office: P.officeId, provider: P.providerId, product: P.productId, status: P.status },
        values: {
          sales: sql`sum(${P.lines})`,
          orderValueOre: sql`sum(${P.orderValueOre})`,
          quantity: sql`sum(${P.quantity})`,
          regret: regret(P.lines, P.status),
        },
        where: and(accessCondition(dayAccess), statusWhere(P.status)),
      }
      const whole = dayAccess.kind === 'all' && !named('seller') && !named('team') && !named('office')
      const month: AnalyticsSource | null = whole
        ? {
            table: MP,
            grain: 'month',
            date: MP.month,
            columns: { provider: MP.providerId, product: MP.productId, status: MP.status },
            values: {
              sales: sql`sum(${MP.lines})`,
              orderValueOre: sql`sum(${MP.orderValueOre})`,
              quantity: sql`sum(${MP.quantity})`,
              regret: regret(MP.lines, MP.status),
            },
            where: statusWhere(MP.status),
          }
        : null
      return readSlice(database, { day, month }, slice)
    }
    const dayAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: T.sellerId, teamId: T.teamId, officeId: T.officeId })!
    const day: AnalyticsSource = {
      table: T,
      grain: 'day',
      date: T.sellDate,
      columns: { seller: T.sellerId, team: T.teamId, office: T.officeId, provider: T.providerId, status: T.status },
      values: { sales: sql`sum(${T.sales})`, orderValueOre: sql`sum(${T.orderValueOre})`, regret: regret(T.sales, T.status) },
      where: and(accessCondition(dayAccess), statusWhere(T.status)),
    }
    // By seller, the sales that stand: the month table by seller has them (no provider, no status, no regret).
    if (named('seller') && statuses && measure !== 'regretRate' && !named('provider')) {
      const MS = t.saleMonthSellers
      const sellerAccess = anyOfRules(ability, [...SUBJECTS], { sellerId: MS.sellerId, teamId: MS.teamId, officeId: MS.officeId })
      if (sellerAccess) {
        const month: AnalyticsSource = {
          table: MS,
          grain: 'month',
          date: MS.month,
          columns: { seller: MS.sellerId, team: MS.teamId, office: MS.officeId },
          values: { sales: sql`sum(${MS.sales})`, orderValueOre: sql`sum(${MS.orderValueOre})`, regret: sql`0` },
          where: accessCondition(sellerAccess),
        }
        return readSlice(database, { day, month }, slice)
      }
    }
    const monthAccess = named('seller') ? null : anyOfRules(ability, [...SUBJECTS], { teamId: MT.teamId, officeId: MT.officeId })
    const month: AnalyticsSource | null = monthAccess
      ? {
          table: MT,
          grain: 'month',
          date: MT.month,
          columns: { team: MT.teamId, office: MT.officeId, provider: MT.providerId, status: MT.status },
          values: { sales: sql`sum(${MT.sales})`, orderValueOre: sql`sum(${MT.orderValueOre})`, regret: regret(MT.sales, MT.status) },
          where: and(accessCondition(monthAccess), statusWhere(MT.status)),
        }
      : null
    return readSlice(database, { day, month }, slice)
  }
}
