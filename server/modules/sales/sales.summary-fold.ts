import { and, eq, lte, sql, type AnyColumn } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { log } from '../../lib/log'

/** A pending row's columns in one order, so rows of both kinds make the same statement. */
export const PENDING_ORDER = {
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
            .groupBy(W.month, W.teamId, W.officeId, W.providerId, W.status),
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
            .groupBy(W.month, W.providerId, W.productId, W.status),
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
    /**
     * Folds what waits now (one fold at a time in this process; a fold asked for meanwhile waits for it, then runs).
     */
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
        fold.run().catch((err: unknown) => log.error({ err }, '[sales.summary] the month fold failed; the next read or change tries again'))
      }, FOLD_AFTER_MS)
      timer.unref()
    },
  }
  return fold
}
