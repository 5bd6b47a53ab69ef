import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { EARNING_STATUSES } from '../../../shared/rules/earnings'
import { accessFilter, unindexed, withAccess } from '../../db/conditions'
import { periodReads } from '../../../shared/rules/work'
import { plainRows } from '../../db/plain-rows'
import type { Db } from '../../db/client'
import { type SummaryFilter, type AmountsRow } from './sales.summary-reads-context'
import type { SummaryReadsContext } from './sales.summary-reads-context'

/** The standing sales' amounts of each seller, team, office or provider (profitability, docs/decisions/051). */
export function summaryAmounts(ctx: SummaryReadsContext) {
  const { fold, T, MT, MS, database, db, dayWhere, monthTotalsWhere } = ctx
  return {
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
     * Each of some sellers' standing sales of a few days (a scheduled message's "this week's order value", decision
     * 071): how many and their order value, from the day totals. No reader's rules: the message's recipient is
     * told their own figures.
     */
    /** Each seller's standing sales and their order value per day from…to (the runs screen, decision 073). */
    async sellerDayFigures(
      db: Db,
      userIds: string[],
      from: string,
      to: string,
    ): Promise<Array<{ sellerId: string; date: string; sales: number; orderValueOre: number }>> {
      await fold.settle()
      const out: Array<{ sellerId: string; date: string; sales: number; orderValueOre: number }> = []
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await db
          .select({
            sellerId: T.sellerId,
            date: T.sellDate,
            sales: sql<number>`sum(${T.sales})`.mapWith(Number),
            orderValueOre: sql<number>`sum(${T.orderValueOre})`.mapWith(Number),
          })
          .from(T)
          .where(and(inArray(T.sellerId, userIds.slice(i, i + 500)), gte(T.sellDate, from), lte(T.sellDate, to), inArray(T.status, [...EARNING_STATUSES])))
          .groupBy(T.sellerId, T.sellDate)
        out.push(...rows)
      }
      return out
    },
    async sellerPeriod(db: Db, userIds: string[], from: string, to: string): Promise<Map<string, { sales: number; orderValueOre: number }>> {
      await fold.settle()
      const out = new Map<string, { sales: number; orderValueOre: number }>()
      for (let i = 0; i < userIds.length; i += 500) {
        const rows = await db
          .select({
            sellerId: T.sellerId,
            sales: sql<number>`sum(${T.sales})`.mapWith(Number),
            orderValueOre: sql<number>`sum(${T.orderValueOre})`.mapWith(Number),
          })
          .from(T)
          .where(and(inArray(T.sellerId, userIds.slice(i, i + 500)), gte(T.sellDate, from), lte(T.sellDate, to), inArray(T.status, [...EARNING_STATUSES])))
          .groupBy(T.sellerId)
        for (const r of rows) out.set(r.sellerId, { sales: r.sales, orderValueOre: r.orderValueOre })
      }
      return out
    },
  }
}
