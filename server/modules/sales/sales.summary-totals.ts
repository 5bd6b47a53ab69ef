import { sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { unindexed } from '../../db/conditions'
import { periodReads } from '../../../shared/rules/work'
import { plainRows } from '../../db/plain-rows'
import { monthOf } from './sales.summary'
import { type SummaryFilter, type TotalsRow, Sums } from './sales.summary-reads-context'
import type { SummaryReadsContext } from './sales.summary-reads-context'

/** Sales and order value per status, by team and by day or month (whole months from the month table when allowed). */
export function summaryTotals(ctx: SummaryReadsContext) {
  const { fold, monthTotalsWhere, T, database, db, dayWhere, MT } = ctx
  return {
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
  }
}
