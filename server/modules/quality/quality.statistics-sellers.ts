import { count, eq, gte, lte, sum, type SQL } from 'drizzle-orm'
import { periodReads } from '../../../shared/rules/work'
import type { QualitySellerRow, QualitySellerStatsQuery, QualityStatsFilter, QualityStatsSellers } from '../../../shared/schemas/quality'
import { accessFilter, withAccess } from '../../db/conditions'
import { plainRows } from '../../db/plain-rows'
import { Actor, type QualityStatisticsContext } from './quality.statistics-context'

/** The statistics by seller (the screen's table and one seller's row), and the NKI answers by seller, team, office or provider that profitability reads. */
export function statisticsBySeller(ctx: QualityStatisticsContext) {
  const { database, ports, db, t, srv, where, providerMonthsWhere, sellerFigures } = ctx
  return {
    /**
     * The satisfaction index's answers by seller, team, office or provider (profitability, docs/decisions/051): how
     * many surveys of the period's sales have an NKI and its sum in tenths, within the reader's sale reports.
     */
    async nkiBy(
      actor: Actor,
      f: QualityStatsFilter,
      by: 'seller' | 'team' | 'office' | 'provider',
    ): Promise<Map<string, { answers: number; tenthsSum: number }>> {
      const out = new Map<string, { answers: number; tenthsSum: number }>()
      const add = (rows: Array<{ key: string | null; answers: number | string | null; tenthsSum: number | string | null }>, sign: 1 | -1) => {
        for (const r of rows) {
          const key = r.key ?? ''
          const sum = out.get(key) ?? { answers: 0, tenthsSum: 0 }
          sum.answers += sign * Number(r.answers ?? 0)
          sum.tenthsSum += sign * Number(r.tenthsSum ?? 0)
          out.set(key, sum)
        }
      }
      const surveysOf = (period: { from: string; to: string }) => {
        const key = { seller: srv.sellerId, team: srv.teamId, office: srv.officeId, provider: srv.providerId }[by]
        return plainRows(
          database,
          db
            .select({ key, answers: count(srv.nkiTenths), tenthsSum: sum(srv.nkiTenths) })
            .from(srv)
            .where(where(actor, f, period))
            .groupBy(key),
        )
      }
      // Whole months from a by-month table, minus or plus days from the surveys (periodReads): this month so far is the
      // month less the days to come. By provider: the table by provider and office, when neither the reader's rules
      // nor the filter name a team or seller. Otherwise the table by seller (under the same rules: it has the seller,
      // team and office), which has no provider: answers asked for one provider are read from the surveys.
      const plan = periodReads(f.from, f.to)
      const byProvider = by === 'provider' && plan.months ? providerMonthsWhere(actor, f, plan.months) : null
      if (byProvider) {
        const P = t.qualityMonthProviderNki
        add(
          await db
            .select({ key: P.providerId, answers: sum(P.answers), tenthsSum: sum(P.nkiTenthsSum) })
            .from(P)
            .where(byProvider)
            .groupBy(P.providerId),
          1,
        )
        for (const days of plan.add) add(await surveysOf(days), 1)
        for (const days of plan.subtract) add(await surveysOf(days), -1)
      } else if (by === 'provider' || f.providerId || !plan.months) add(await surveysOf(f), 1)
      else {
        const N = t.qualityMonthNki
        const key = { seller: N.sellerId, team: N.teamId, office: N.officeId }[by]
        const own: SQL[] = [gte(N.month, plan.months.from), lte(N.month, plan.months.to)]
        if (f.officeId) own.push(eq(N.officeId, f.officeId))
        if (f.teamId) own.push(eq(N.teamId, f.teamId))
        if (f.sellerId) own.push(eq(N.sellerId, f.sellerId))
        const columns = { sellerId: N.sellerId, teamId: N.teamId, officeId: N.officeId }
        add(
          await plainRows(
            database,
            db
              .select({ key, answers: sum(N.answers), tenthsSum: sum(N.nkiTenthsSum) })
              .from(N)
              .where(withAccess(accessFilter(actor.ability, 'view', 'sale_reports', columns, { inline: true }), ...own))
              .groupBy(key),
          ),
          1,
        )
        for (const days of plan.add) add(await surveysOf(days), 1)
        for (const days of plan.subtract) add(await surveysOf(days), -1)
      }
      for (const [key, n] of out) if (n.answers === 0) out.delete(key)
      return out
    },

    /**
     * Per seller and team (a seller who moved counts in each team they sold for), sorted and paged here: the means
     * sort the same on both databases, a seller without a mean last whichever way.
     */
    async sellers(actor: Actor, f: QualityStatsFilter, q: QualitySellerStatsQuery): Promise<QualityStatsSellers> {
      let all = await sellerFigures(actor, f)
      const needle = q.q?.toLocaleLowerCase('sv')
      const names = q.sortBy === 'name' || needle ? await ports.names(db, [...new Set(all.map((r) => r.sellerId))]) : null
      if (needle) all = all.filter((r) => (names!.get(r.sellerId) ?? '').toLocaleLowerCase('sv').includes(needle))
      const key = (r: (typeof all)[number]): number | string | null =>
        q.sortBy === 'name' ? (names!.get(r.sellerId) ?? '') : q.sortBy === 'regretShare' ? r.figures.regretShare : r.figures[q.sortBy]
      const dir = q.orderBy === 'asc' ? 1 : -1
      all.sort((a, b) => {
        const [x, y] = [key(a), key(b)]
        if (x === null || y === null) return x === y ? a.sellerId.localeCompare(b.sellerId) : x === null ? 1 : -1
        const c = typeof x === 'string' ? x.localeCompare(y as string, 'sv') : x - (y as number)
        return c !== 0 ? c * dir : a.sellerId.localeCompare(b.sellerId) || (a.teamId ?? '').localeCompare(b.teamId ?? '')
      })
      const page = all.slice((q.page - 1) * q.itemsPerPage, q.page * q.itemsPerPage)
      const [people, teams] = await Promise.all([
        names ?? ports.names(db, [...new Set(page.map((r) => r.sellerId))]),
        ports.teamNames(db, [...new Set(page.map((r) => r.teamId).filter((x): x is string => !!x))]),
      ])
      const items: QualitySellerRow[] = page.map((r) => ({
        id: `${r.sellerId}:${r.teamId ?? ''}`,
        seller: { id: r.sellerId, name: people.get(r.sellerId) ?? '' },
        team: r.teamId ? { id: r.teamId, name: teams.get(r.teamId) ?? '' } : null,
        figures: r.figures,
      }))
      return { filter: f, items, total: all.length, page: q.page, itemsPerPage: q.itemsPerPage }
    },

    /** Each seller's surveys, mean grade and regrets in a period and team, as the reader may see them (the coach dashboard). */
    async bySeller(actor: Actor, f: QualityStatsFilter): Promise<Map<string, { surveys: number; averageGrade: string | null; regret: number }>> {
      const rows = await sellerFigures(actor, f)
      return new Map(rows.map((r) => [r.sellerId, { surveys: r.figures.surveys, averageGrade: r.figures.averageGrade, regret: r.figures.regret }]))
    },
  }
}
