import { and, count, desc, eq, gte, isNull, lte, sql, sum, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { gradeOf } from '../../../shared/rules/quality'
import { periodReads } from '../../../shared/rules/work'
import type {
  GradeThreshold,
  QualityFigures,
  QualitySellerRow,
  QualitySellerStatsQuery,
  QualityStatsAll,
  QualityStatsFilter,
  QualityStatsGrades,
  QualityStatsMonthly,
  QualityStatsRegret,
  QualityStatsSellers,
  SurveyChannel,
} from '../../../shared/schemas/quality'
import { REGRET_PRODUCTS, REGRET_REASONS } from '../../../shared/schemas/quality'
import { accessFilter, UnsupportedConditionError, withAccess } from '../../db/conditions'
import type { Deps } from '../../platform/deps'
import type { QualityPorts } from './quality.ports'
import { plainRows } from '../../db/plain-rows'

type Actor = { id: string; ability: AppAbility }

/** One group's sums as the database gives them (PostgreSQL answers sums as text). */
type Sums = {
  surveys: number | string
  queued: number | string | null
  answered: number | string | null
  unreached: number | string | null
  regret: number | string | null
  scored: number | string
  scoreSum: number | string | null
  nkiSample: number | string
  nkiSum: number | string | null
}

/** A group's sums as numbers, to add groups up. */
type Totals = { [K in keyof Sums]: number }
const SUM_KEYS = ['surveys', 'queued', 'answered', 'unreached', 'regret', 'scored', 'scoreSum', 'nkiSample', 'nkiSum'] as const satisfies ReadonlyArray<
  keyof Sums
>
const emptyTotals = (): Totals => ({ surveys: 0, queued: 0, answered: 0, unreached: 0, regret: 0, scored: 0, scoreSum: 0, nkiSample: 0, nkiSum: 0 })
function totalsOf(s: Sums): Totals {
  const out = emptyTotals()
  for (const k of SUM_KEYS) out[k] = Number(s[k] ?? 0)
  return out
}
function addTotals(into: Totals, add: Totals) {
  for (const k of SUM_KEYS) into[k] += add[k]
}

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null)
const tenthsMean = (total: number, n: number) => (n > 0 ? Math.round(total / n) / 10 : null)

/** Months from the first day's to the last day's, as YYYY-MM, oldest first. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = []
  let [y, m] = [Number(from.slice(0, 4)), Number(from.slice(5, 7))]
  const last = to.slice(0, 7)
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`
    out.push(month)
    if (month >= last) return out
    m += 1
    if (m > 12) [y, m] = [y + 1, 1]
  }
}

/** The same calendar day a year earlier (29 February becomes 28 February). */
export function yearBefore(day: string): string {
  const y = Number(day.slice(0, 4)) - 1
  const rest = day.slice(5) === '02-29' ? '02-28' : day.slice(5)
  return `${y}-${rest}`
}

/**
 * The quality statistics (docs/decisions/045, "Statistics"): the surveys of the sales sold in a period, counted by
 * status, with the mean score, the grade it reaches, the satisfaction index and the shares of the calls that ended,
 * for the whole period, by provider, by grade, by month beside the year before, and by seller. A reader counts the
 * surveys of the sale reports they may see (a coach their teams', a manager their office's).
 */
export function qualityStatistics(
  { database }: Pick<Deps, 'database'>,
  ports: Pick<QualityPorts, 'names' | 'teamNames' | 'providerNames' | 'productStatuses' | 'productNames'>,
) {
  const { db, t } = database
  const srv = t.qualitySurveys
  const tpl = t.qualityTemplates
  const ver = t.qualityTemplateVersions
  const conditionColumns = { sellerId: srv.sellerId, teamId: srv.teamId, officeId: srv.officeId }

  const of = (status: string) => sql<string | number | null>`sum(case when ${srv.status} = ${status} then 1 else 0 end)`
  const sums = {
    surveys: count(),
    queued: of('queued'),
    answered: of('answered'),
    unreached: of('unreached'),
    regret: of('regret'),
    scored: count(srv.scoreTenths),
    scoreSum: sum(srv.scoreTenths),
    nkiSample: count(srv.nkiTenths),
    nkiSum: sum(srv.nkiTenths),
  }

  function where(actor: Actor, f: QualityStatsFilter, period: { from: string; to: string } = f, ...more: SQL[]) {
    const own: SQL[] = [gte(srv.sellDate, period.from), lte(srv.sellDate, period.to), ...more]
    if (f.officeId) own.push(eq(srv.officeId, f.officeId))
    if (f.teamId) own.push(eq(srv.teamId, f.teamId))
    if (f.sellerId) own.push(eq(srv.sellerId, f.sellerId))
    if (f.providerId) own.push(eq(srv.providerId, f.providerId))
    return withAccess(accessFilter(actor.ability, 'view', 'sale_reports', conditionColumns, { inline: true }), ...own)
  }

  /** The by-month-and-provider table's condition for the reader and filter, or null when it needs a team or seller. */
  function providerMonthsWhere(actor: Actor, f: QualityStatsFilter, months: { from: string; to: string }): SQL | null {
    if (f.teamId || f.sellerId) return null
    const P = t.qualityMonthProviderNki
    let access
    try {
      access = accessFilter(actor.ability, 'view', 'sale_reports', { officeId: P.officeId }, { inline: true })
    } catch (error) {
      if (error instanceof UnsupportedConditionError) return null
      throw error
    }
    const own = [gte(P.month, months.from), lte(P.month, months.to)]
    if (f.officeId) own.push(eq(P.officeId, f.officeId))
    if (f.providerId) own.push(eq(P.providerId, f.providerId))
    return withAccess(access, ...own) ?? sql`1 = 1`
  }

  /**
   * The thresholds the mean score is graded by: the provider's own template in use when one provider is counted and
   * it has one, else the default template in use; the newest version of it.
   */
  async function thresholds(providerId: string | undefined): Promise<GradeThreshold[]> {
    const templates = await db
      .select({ id: tpl.id, providerId: tpl.providerId })
      .from(tpl)
      .where(and(eq(tpl.active, true), providerId ? sql`(${tpl.providerId} = ${providerId} or ${tpl.providerId} is null)` : isNull(tpl.providerId)))
    const chosen = templates.find((x) => x.providerId !== null) ?? templates[0]
    if (!chosen) return []
    const [row] = await db.select({ content: ver.content }).from(ver).where(eq(ver.templateId, chosen.id)).orderBy(desc(ver.number)).limit(1)
    return row?.content.grades ?? []
  }

  function figures(s: Sums | undefined, grades: GradeThreshold[]): QualityFigures {
    const n = (v: number | string | null | undefined) => Number(v ?? 0)
    const answered = n(s?.answered)
    const unreached = n(s?.unreached)
    const regret = n(s?.regret)
    const ended = answered + unreached + regret
    const scored = n(s?.scored)
    const averageScore = tenthsMean(n(s?.scoreSum), scored)
    const nkiSample = n(s?.nkiSample)
    return {
      surveys: n(s?.surveys),
      queued: n(s?.queued),
      answered,
      unreached,
      regret,
      answeredShare: ratio(answered, ended),
      regretShare: ratio(regret, ended),
      scored,
      averageScore,
      averageGrade: averageScore === null || grades.length === 0 ? null : gradeOf(averageScore, grades),
      nkiSample,
      nki: tenthsMean(n(s?.nkiSum), nkiSample),
    }
  }

  /** Each seller's figures per team they sold for in a period, as the reader may see them. */
  async function sellerFigures(actor: Actor, f: QualityStatsFilter) {
    const [grades, rows] = await Promise.all([
      thresholds(f.providerId),
      db
        .select({ sellerId: srv.sellerId, teamId: srv.teamId, ...sums })
        .from(srv)
        .where(where(actor, f))
        .groupBy(srv.sellerId, srv.teamId),
    ])
    return rows.map((r) => ({ sellerId: r.sellerId, teamId: r.teamId, figures: figures(r, grades) }))
  }

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
      const byMonth = (days: Array<Sums & { day: string }>) => {
        const months = new Map<string, Totals>()
        for (const d of days) {
          const month = d.day.slice(0, 7)
          let into = months.get(month)
          if (!into) months.set(month, (into = emptyTotals()))
          addTotals(into, totalsOf(d))
        }
        return months
      }
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
export type QualityStatistics = ReturnType<typeof qualityStatistics>
