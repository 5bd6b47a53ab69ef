import type { AppAbility } from '../../../shared/permissions/ability'
import { ADDS_UP, isoWeekOf } from '../../../shared/rules/assistant'
import {
  biQuerySchema,
  type BiEntityKind,
  type BiGranularity,
  type BiMeasure,
  type BiPartial,
  type BiQuery,
  type BiScope,
} from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import type { Db } from '../../db/client'
import type { AnalyticsKey, AnalyticsResult, AnalyticsSlice } from '../../db/analytics'
import type { Deps } from '../../platform/deps'
import { type VocabularyEntry } from './parser'
import { llmEngine } from './llm'
import { dbRateLimiter, spendOrRefuse } from '../../platform/rate-limits'

export type Language = 'sv' | 'en' | 'fi'

/** The signed-in person asking: their rules, where they belong (the scope an answer names), the answer's language. */
export type AssistantActor = { id: string; ability: AppAbility; teamIds: string[]; officeId: string | null; language: Language }

/**
 * What the assistant asks other areas (answered in server/composition/areas.ts): their summaries' slices, and names.
 */
export type AssistantPorts = {
  saleFigures(ability: AppAbility, slice: AnalyticsSlice, measure: 'orderValue' | 'orders' | 'quantity' | 'regretRate'): Promise<AnalyticsResult>
  hourFigures(ability: AppAbility, userId: string, slice: AnalyticsSlice): Promise<AnalyticsResult>
  qualityFigures(ability: AppAbility, slice: AnalyticsSlice): Promise<AnalyticsResult>
  /** every name the person may see: people their rules reach, their places (or all), the catalog */
  vocabulary(db: Db, actor: AssistantActor): Promise<VocabularyEntry[]>
  /** names by id of one kind (people, places, the catalog) */
  names(db: Db, kind: BiEntityKind, ids: string[]): Promise<Map<string, string>>
  /** each office's region */
  regionsOfOffices(db: Db): Promise<Map<string, string>>
}

export type Engine = 'parser' | 'llm' | 'direct'

export const PLAIN: Record<BiGranularity, AnalyticsKey> = { day: 'day', week: 'week', month: 'month', quarter: 'month', year: 'month' }

/** The clock and the fetch the chat API is asked with (tests set both). */
export type AssistantOptions = { now?: () => number; fetch?: typeof fetch }

/**
 * A measure's figure from its sums: kronor from öre, a rate in per cent, a score from its tenths; null without data.
 */
export function measureValue(measure: BiMeasure, v: Record<string, number> | undefined): number | null {
  if (!v) return null
  switch (measure) {
    case 'orderValue':
      return (v.orderValueOre ?? 0) / 100
    case 'orders':
      return v.sales ?? 0
    case 'quantity':
      return v.quantity ?? 0
    case 'hours':
      return v.hours ?? 0
    case 'regretRate':
      return v.sales ? (100 * (v.regret ?? 0)) / v.sales : null
    case 'averageGrade':
      return v.scored ? (v.scoreTenthsSum ?? 0) / v.scored / 10 : null
  }
}

export const round = (n: number) => Math.round(n * 100) / 100

/** What a query counted over some days: the statements run, and the figures per category, per bucket and in all. */
export type Tally = {
  result: AnalyticsResult
  sums: Map<string, Map<string, Record<string, number>>>
  categoryTotals: Map<string, Record<string, number>>
  all: Record<string, number>
}

/** The change from one figure to another: in percent for what adds up, in the figure's own points for a rate or score. */
export function changeOf(measure: BiMeasure, value: number | null, before: number | null): number | null {
  if (value === null || before === null) return null
  if (!ADDS_UP[measure]) return round(value - before)
  return before === 0 ? null : Math.round(((value - before) / Math.abs(before)) * 1000) / 10
}

export const LOCALES = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' } as const

export function formatDay(day: string, language: 'sv' | 'en' | 'fi'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

export function dayBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
}

/** A time bucket's label in the person's language: a day, a week, a month, a quarter, a year. */
export function bucketLabel(unit: BiGranularity, key: string, t: Translator, language: 'sv' | 'en' | 'fi'): string {
  const locale = LOCALES[language]
  switch (unit) {
    case 'day':
      return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${key}T00:00:00Z`))
    case 'week': {
      const w = isoWeekOf(key)
      return t('assistant.weekLabel', { week: w.week, year: w.year })
    }
    case 'month':
      return new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${key}-01T00:00:00Z`))
    case 'quarter':
      return t('assistant.quarterLabel', { quarter: key.slice(6), year: key.slice(0, 4) })
    case 'year':
      return key
  }
}

/**
 * The assistant's quota (counted in the database), the chat engine when configured, the asker's scope, and a partial
 * query completed.
 */
export function assistantBase({ database, env }: Pick<Deps, 'database' | 'env'>, ports: AssistantPorts, opts: AssistantOptions = {}) {
  const { db } = database
  const now = opts.now ?? Date.now
  const limiter = dbRateLimiter(database, 'assistant', { points: env.assistant.quotaPerMinute, durationS: 60 })
  const llm = env.assistant.llm ? llmEngine(env.assistant.llm, opts.fetch ?? fetch) : null

  /** One question of the person's quota; over it, 429 with the spec's words. */
  async function spend(actor: AssistantActor) {
    await spendOrRefuse(limiter, actor.id, 'assistant_quota')
  }

  /** Whose data the person's rules give: their own, their teams', their office's, everything, or a mix. */
  async function scopeOf(actor: AssistantActor): Promise<BiScope> {
    const rules = [...actor.ability.rulesFor('view', 'sale_reports'), ...actor.ability.rulesFor('view', 'sales')].filter((r) => !r.inverted)
    if (rules.some((r) => !r.conditions)) return { kind: 'organisation', names: [] }
    const fields = new Set(rules.flatMap((r) => Object.keys(r.conditions ?? {})))
    if (fields.size === 0 || (fields.size === 1 && fields.has('sellerId'))) return { kind: 'own', names: [] }
    if (fields.has('officeId') && !fields.has('teamId') && actor.officeId) {
      const names = await ports.names(db, 'office', [actor.officeId])
      return { kind: 'office', names: [...names.values()] }
    }
    if (fields.has('teamId') && !fields.has('officeId') && actor.teamIds.length > 0) {
      const names = await ports.names(db, 'team', actor.teamIds)
      return { kind: 'teams', names: [...names.values()].sort() }
    }
    return { kind: 'rules', names: [] }
  }

  /** A partial query completed with a measure, if the schema takes it. */
  const complete = (partial: BiPartial, patch: Partial<BiQuery>): BiQuery | null => {
    const parsed = biQuerySchema.safeParse({ ...partial, ...patch })
    return parsed.success ? parsed.data : null
  }

  return { database, env, ports, opts, db, now, limiter, llm, spend, scopeOf, complete }
}
export type AssistantBase = ReturnType<typeof assistantBase>
