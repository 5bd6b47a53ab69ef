import { createHash } from 'node:crypto'
import { and, asc, gt, inArray, lte, min } from 'drizzle-orm'
import { commissionMove } from '../../../shared/rules/pay'
import { businessMonth } from '../../../shared/rules/work'
import type { Database, Db } from '../../db/client'

const SALES_PER_STEP = 2000

/**
 * The commission ledger filled from the sale reports' status history already stored (docs/decisions/029), as the
 * pay area's subscriber would have built it from their events: the first approval pays, a regret of a paid sale
 * takes it back. For data written without the sales service (the seeds' bulk inserts). Lines get negative event
 * ids, which no recorded event has. Sales that already have lines are left as they are.
 */
export async function fillCommissionFromHistory(
  database: Database,
  tx: Db = database.db,
  /** how the lines are written: through the query builder, or the seed's bulk loader */
  insert: (rows: Array<Database['t']['commissionLines']['$inferInsert']>) => Promise<void> = async (rows) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(database.t.commissionLines).values(rows.slice(i, i + 500))
  },
  /** sales read a step (a test makes it small, to cross many steps) */
  perStep = SALES_PER_STEP,
): Promise<number> {
  const { t } = database
  const h = t.saleStatusHistory
  const [first] = await tx.select({ n: min(t.commissionLines.eventId) }).from(t.commissionLines)
  let eventId = Math.min(0, first?.n ?? 0)
  let after = ''
  let written = 0
  for (;;) {
    const sales = await tx
      .select({ id: t.sales.id, sellerId: t.sales.sellerId, soldAt: t.sales.soldAt, commission: t.sales.sellerCommissionOre })
      .from(t.sales)
      .where(gt(t.sales.id, after))
      .orderBy(asc(t.sales.id))
      .limit(perStep)
    if (!sales.length) break
    // The step's sales as a range of ids (its first and last): their history and lines are read by the index's range,
    // not by a list of 2,000 ids (on PostgreSQL 2.5× the seed's time for this fill).
    const from = after
    after = sales.at(-1)!.id
    const ofStep = <C extends typeof h.saleId | typeof t.commissionLines.saleId>(column: C) => and(gt(column, from), lte(column, after))
    // Lines already there (a database filled before): only looked for when there were any to begin with.
    const had = new Set(
      first?.n === null || first?.n === undefined
        ? []
        : (await tx.selectDistinct({ id: t.commissionLines.saleId }).from(t.commissionLines).where(ofStep(t.commissionLines.saleId))).map((r) => r.id),
    )
    const moves = await tx
      .select({ saleId: h.saleId, status: h.status, at: h.at })
      .from(h)
      .where(and(ofStep(h.saleId), inArray(h.status, ['approved', 'regret'])))
      .orderBy(asc(h.saleId), asc(h.at))
    const bySale = new Map(sales.map((s) => [s.id, s]))
    const paid = new Map<string, number>()
    const lines: Array<typeof t.commissionLines.$inferInsert> = []
    for (const m of moves) {
      if (had.has(m.saleId)) continue
      const sale = bySale.get(m.saleId)!
      const move = commissionMove(paid.get(m.saleId) ?? 0, m.status, sale.commission)
      if (!move) continue
      paid.set(m.saleId, (paid.get(m.saleId) ?? 0) + move.amountOre)
      lines.push({
        id: uuidOf(`${m.saleId}:${m.status}:${m.at}`),
        eventId: --eventId,
        saleId: m.saleId,
        userId: sale.sellerId,
        month: businessMonth(m.at),
        kind: move.kind,
        amountOre: move.amountOre,
        soldAt: sale.soldAt,
        at: m.at,
      })
    }
    await insert(lines)
    written += lines.length
  }
  return written
}

/** A UUID-shaped id derived from its text, so the same data set gets the same ids every time it is built. */
function uuidOf(text: string): string {
  const h = createHash('sha256').update(text).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 3) | 8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`
}
