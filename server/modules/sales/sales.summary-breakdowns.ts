import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { SaleStatus } from '../../../shared/rules/sale'
import { accessFilter, withAccess } from '../../db/conditions'
import { periodReads } from '../../../shared/rules/work'
import { plainRows } from '../../db/plain-rows'
import { type SummaryFilter, type TotalsRow } from './sales.summary-reads-context'
import type { SummaryReadsContext } from './sales.summary-reads-context'

/** Breakdowns of the day table: products by status, a team's sellers by day, totals by provider or office. */
export function summaryBreakdowns(ctx: SummaryReadsContext) {
  const { fold, wholeOrganisation, database, db, P, dayWhere, MP, T } = ctx
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
