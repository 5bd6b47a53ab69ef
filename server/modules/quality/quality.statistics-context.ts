import { and, count, desc, eq, gte, isNull, lte, sql, sum, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { gradeOf } from '../../../shared/rules/quality'
import type { GradeThreshold, QualityFigures, QualityStatsFilter } from '../../../shared/schemas/quality'
import { accessFilter, UnsupportedConditionError, withAccess } from '../../db/conditions'
import type { Deps } from '../../platform/deps'
import type { QualityPorts } from './quality.ports'

export type Actor = { id: string; ability: AppAbility }

/** One group's sums as the database gives them (PostgreSQL answers sums as text). */
export type Sums = {
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
export type Totals = { [K in keyof Sums]: number }
export const SUM_KEYS = ['surveys', 'queued', 'answered', 'unreached', 'regret', 'scored', 'scoreSum', 'nkiSample', 'nkiSum'] as const satisfies ReadonlyArray<
  keyof Sums
>
export const emptyTotals = (): Totals => ({ surveys: 0, queued: 0, answered: 0, unreached: 0, regret: 0, scored: 0, scoreSum: 0, nkiSample: 0, nkiSum: 0 })
export function totalsOf(s: Sums): Totals {
  const out = emptyTotals()
  for (const k of SUM_KEYS) out[k] = Number(s[k] ?? 0)
  return out
}
export function addTotals(into: Totals, add: Totals) {
  for (const k of SUM_KEYS) into[k] += add[k]
}

export const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null)
export const tenthsMean = (total: number, n: number) => (n > 0 ? Math.round(total / n) / 10 : null)

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

/** What the statistics' parts share: the tables, the filter's conditions within the reader's rules, the sums and the figures built from them. */
export function qualityStatisticsContext(
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

  return { database, ports, db, t, srv, tpl, ver, conditionColumns, of, sums, where, providerMonthsWhere, thresholds, figures, sellerFigures }
}
export type QualityStatisticsContext = ReturnType<typeof qualityStatisticsContext>
