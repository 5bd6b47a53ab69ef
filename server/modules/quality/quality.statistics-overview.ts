import { count, eq, sql } from 'drizzle-orm'
import type {
  QualityStatsAll,
  QualityStatsFilter,
  QualityStatsGrades,
  QualityStatsMonthly,
  QualityStatsRegret,
  SurveyChannel,
} from '../../../shared/schemas/quality'
import { REGRET_PRODUCTS, REGRET_REASONS } from '../../../shared/schemas/quality'
import {
  Actor,
  Sums,
  Totals,
  emptyTotals,
  totalsOf,
  addTotals,
  ratio,
  monthsBetween,
  yearBefore,
  type QualityStatisticsContext,
} from './quality.statistics-context'

/** A period's totals by day, added up to months. */
function byMonth(days: Array<Sums & { day: string }>) {
  const months = new Map<string, Totals>()
  for (const d of days) {
    const month = d.day.slice(0, 7)
    let into = months.get(month)
    if (!into) months.set(month, (into = emptyTotals()))
    addTotals(into, totalsOf(d))
  }
  return months
}

/** The statistics screens' totals: all of a period, by grade, by month, and the regrets by reason and product. */
export function statisticsOverview(ctx: QualityStatisticsContext) {
  const { ports, db, srv, of, sums, where, thresholds, figures } = ctx
  return {
    async all(actor: Actor, f: QualityStatsFilter): Promise<QualityStatsAll> {
      // One pass over the period's surveys, by provider and channel; the total, the providers' and the channels'
      // figures are sums of those groups.
      const [grades, groups] = await Promise.all([
        thresholds(f.providerId),
        db
          .select({ providerId: srv.providerId, channel: srv.channel, ...sums })
          .from(srv)
          .where(where(actor, f))
          .groupBy(srv.providerId, srv.channel),
      ])
      const byProvider = new Map<string, Totals>()
      const total = emptyTotals()
      const answeredBy = new Map<SurveyChannel | null, number>()
      for (const g of groups) {
        const add = totalsOf(g)
        addTotals(total, add)
        let provider = byProvider.get(g.providerId)
        if (!provider) byProvider.set(g.providerId, (provider = emptyTotals()))
        addTotals(provider, add)
        answeredBy.set(g.channel, (answeredBy.get(g.channel) ?? 0) + add.answered)
      }
      const names = await ports.providerNames(db, [...byProvider.keys()])
      return {
        filter: f,
        total: figures(total, grades),
        byProvider: [...byProvider.entries()]
          .map(([id, sums]) => ({ provider: { id, name: names.get(id) ?? '' }, figures: figures(sums, grades) }))
          .sort((a, b) => b.figures.surveys - a.figures.surveys || a.provider.name.localeCompare(b.provider.name, 'sv')),
        byChannel: (['call', 'link', 'qr'] as const satisfies readonly SurveyChannel[]).map((channel) => ({
          channel,
          answered: answeredBy.get(channel) ?? 0,
        })),
      }
    },

    async grades(actor: Actor, f: QualityStatsFilter): Promise<QualityStatsGrades> {
      // Counted by condition, not filtered by status: the period's range is then the only way in (a status index
      // would read every answered survey of all time).
      const rows = await db
        .select({
          grade: srv.grade,
          n: of('answered'),
          scoreSum: sql<string | number | null>`sum(case when ${srv.status} = ${'answered'} then ${srv.scoreTenths} end)`,
        })
        .from(srv)
        .where(where(actor, f))
        .groupBy(srv.grade)
      const answered = rows.reduce((a, r) => a + Number(r.n), 0)
      const graded = rows.filter((r) => r.grade !== null)
      return {
        filter: f,
        grades: graded
          .map((r) => ({ grade: r.grade!, surveys: Number(r.n), share: ratio(Number(r.n), answered) ?? 0, mean: Number(r.scoreSum ?? 0) / Number(r.n) }))
          .sort((a, b) => b.mean - a.mean || a.grade.localeCompare(b.grade))
          .map(({ grade, surveys, share }) => ({ grade, surveys, share })),
        ungraded: Number(rows.find((r) => r.grade === null)?.n ?? 0),
        answered,
      }
    },

    async monthly(actor: Actor, f: QualityStatsFilter): Promise<QualityStatsMonthly> {
      const before = { from: yearBefore(f.from), to: yearBefore(f.to) }
      // By day, in the date index's own order (no sort), added up to months here.
      const byDay = (period: { from: string; to: string }) =>
        db
          .select({ day: srv.sellDate, ...sums })
          .from(srv)
          .where(where(actor, f, period))
          .groupBy(srv.sellDate)
      const [grades, now, then] = await Promise.all([thresholds(f.providerId), byDay(f), byDay(before)])
      const [current, previous] = [byMonth(now), byMonth(then)]
      const shift = (m: string) => `${Number(m.slice(0, 4)) - 1}${m.slice(4)}`
      return {
        filter: f,
        months: monthsBetween(f.from, f.to).map((m) => ({
          month: m,
          figures: figures(current.get(m), grades),
          previous: figures(previous.get(shift(m)), grades),
        })),
      }
    },

    /**
     * Regret by product, from the sales summary (a product's sales of the period, absence not counted, and how many
     * ended in regret, whether through a call or back office), and by the reason customers gave in regret surveys.
     */
    async regret(actor: Actor, f: QualityStatsFilter): Promise<QualityStatsRegret> {
      // Every regret survey of the period once, grouped by its reason whatever its case ('' for none): the groups
      // add up to the regret surveys.
      const reasonKey = sql<string>`lower(trim(coalesce(${srv.regretReason}, '')))`
      const [statuses, reasonGroups] = await Promise.all([
        ports.productStatuses(actor.ability, f),
        db
          .select({ key: reasonKey, reason: sql<string>`min(trim(coalesce(${srv.regretReason}, '')))`, n: count() })
          .from(srv)
          .where(where(actor, f, f, eq(srv.status, 'regret')))
          .groupBy(reasonKey),
      ])
      const reasons = reasonGroups.filter((r) => r.key !== '')
      const surveys = { n: reasonGroups.reduce((n, r) => n + Number(r.n), 0) }
      const products = new Map<string, { sold: number; regret: number }>()
      for (const row of statuses) {
        if (row.status === 'absence') continue
        const p = products.get(row.productId) ?? { sold: 0, regret: 0 }
        p.sold += row.lines
        if (row.status === 'regret') p.regret += row.lines
        products.set(row.productId, p)
      }
      const top = [...products.entries()]
        .sort(([a, x], [b, y]) => y.regret - x.regret || (ratio(y.regret, y.sold) ?? 0) - (ratio(x.regret, x.sold) ?? 0) || a.localeCompare(b))
        .slice(0, REGRET_PRODUCTS)
      const names = await ports.productNames(
        db,
        top.map(([id]) => id),
      )
      const regretSurveys = surveys.n
      const sortedReasons = reasons
        .map((r) => ({ reason: r.reason, regret: Number(r.n) }))
        .sort((a, b) => b.regret - a.regret || a.reason.localeCompare(b.reason, 'sv'))
      const shown = sortedReasons.slice(0, REGRET_REASONS)
      return {
        filter: f,
        byProduct: top.map(([id, p]) => ({ product: { id, name: names.get(id) ?? '' }, sold: p.sold, regret: p.regret, regretShare: ratio(p.regret, p.sold) })),
        moreProducts: Math.max(0, products.size - top.length),
        byReason: shown.map((r) => ({ ...r, share: ratio(r.regret, regretSurveys) ?? 0 })),
        otherReasons: sortedReasons.slice(REGRET_REASONS).reduce((n, r) => n + r.regret, 0),
        regretSurveys,
      }
    },
  }
}
