import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { AppAbility } from '../../../shared/permissions/ability'
import { SALE_STATUSES, type SaleStatus } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import { bucketCount, bucketKey, bucketsOf, chartFor, isoWeekOf, MAX_BUCKETS, resolvePeriod, UNIT_OF } from '../../../shared/rules/assistant'
import {
  BI_ENTITY_KINDS,
  BI_GRANULARITIES,
  BI_MAX_LIMIT,
  biQuerySchema,
  type BiAnswer,
  type BiChoice,
  type BiEntityKind,
  type BiGranularity,
  type BiMeasure,
  type BiPartial,
  type BiQuery,
  type BiReply,
  type BiScope,
} from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import { ApiError } from '../../lib/errors'
import type { Db } from '../../db/client'
import type { AnalyticsKey, AnalyticsResult, AnalyticsSlice } from '../../db/analytics'
import type { Deps } from '../../platform/deps'
import { parseQuestion, measuresFor, type VocabularyEntry } from './parser'
import { llmEngine } from './llm'

type Language = 'sv' | 'en' | 'fi'

/** The signed-in person asking: their rules, where they belong (the scope an answer names), the answer's language. */
export type AssistantActor = { id: string; ability: AppAbility; teamIds: string[]; officeId: string | null; language: Language }

/** What the assistant asks other areas (answered in server/composition/areas.ts): their summaries' slices, and names. */
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

type Engine = 'parser' | 'llm' | 'direct'

const PLAIN: Record<BiGranularity, AnalyticsKey> = { day: 'day', week: 'week', month: 'month', quarter: 'month', year: 'month' }

/**
 * The BI assistant (issue 21, docs/decisions/053): a question becomes a `BiQuery` (the built-in parser, or an
 * OpenAI-compatible chat API when configured), the query becomes reads of the areas' summaries within the asker's
 * rules, and the figures become an answer — a chart's labels and series, the query in words, the scope and the
 * statements run. Questions are counted per person and minute in the database (every instance shares the count).
 */
export function assistantService(
  { database, env }: Pick<Deps, 'database' | 'env'>,
  ports: AssistantPorts,
  opts: { now?: () => number; fetch?: typeof fetch } = {},
) {
  const { db } = database
  const now = opts.now ?? Date.now
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: database.t.rateLimits,
    keyPrefix: 'assistant',
    points: env.assistant.quotaPerMinute,
    duration: 60,
    clearExpiredByTimeout: false,
  })
  const llm = env.assistant.llm ? llmEngine(env.assistant.llm, opts.fetch ?? fetch) : null

  /** One question of the person's quota; over it, 429 with the spec's words. */
  async function spend(actor: AssistantActor) {
    try {
      await limiter.consume(actor.id)
    } catch (err) {
      if (!(err instanceof RateLimiterRes)) throw err
      const seconds = Math.max(1, Math.ceil(err.msBeforeNext / 1000))
      throw new ApiError(429, 'assistant_quota', { headers: { 'Retry-After': String(seconds) } })
    }
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

  const describePeriod = (q: BiQuery, t: Translator, language: Language, from: string, to: string) => {
    const p = q.period
    const dates = t('assistant.period.dates', { from: formatDay(from, language), to: formatDay(to, language) })
    let words: string
    switch (p.kind) {
      case 'relative':
        words =
          p.offset === 0
            ? t(`assistant.period.this.${p.unit}`)
            : p.offset === -1
              ? t(`assistant.period.previous.${p.unit}`)
              : t('assistant.period.ago', { count: -p.offset, unit: t(`assistant.granularity.${p.unit}`) })
        break
      case 'last':
        words = t(`assistant.period.last.${p.unit}`, { count: p.count })
        break
      case 'month':
        words = new Intl.DateTimeFormat(LOCALES[language], { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          new Date(`${from.slice(0, 7)}-01T00:00:00Z`),
        )
        break
      case 'week': {
        const w = isoWeekOf(from)
        words = t('assistant.period.week', { week: w.week, year: w.year })
        break
      }
      case 'quarter':
        words = t('assistant.period.quarter', { quarter: p.quarter, year: from.slice(0, 4) })
        break
      case 'year':
        words = String(p.year)
        break
      case 'range':
        return dates
    }
    return `${words} (${dates})`
  }

  /** The query in words, in the person's language: the measure, the split, the period, the top, the filters. */
  async function describe(q: BiQuery, t: Translator, language: Language, from: string, to: string): Promise<string> {
    const parts = [t(`assistant.measure.${q.measure}`)]
    for (const d of q.groupBy)
      parts.push(t('assistant.per', { what: d === 'time' ? t(`assistant.granularity.${q.granularity!}`) : t(`assistant.dimension.${d}`) }))
    parts.push(describePeriod(q, t, language, from, to))
    if (q.limit) parts.push(t(q.order === 'asc' ? 'assistant.bottom' : 'assistant.top', { count: q.limit }))
    else if (q.order && q.groupBy.some((d) => d !== 'time')) parts.push(t(q.order === 'asc' ? 'assistant.lowestFirst' : 'assistant.highestFirst'))
    const names: string[] = []
    for (const kind of ['seller', 'team', 'office', 'region', 'provider', 'product'] as const) {
      const ids = q.filters[kind]
      if (!ids?.length) continue
      const found = await ports.names(db, kind, ids)
      names.push(...ids.map((id) => found.get(id) ?? t('assistant.none')))
    }
    if (names.length) parts.push(t('assistant.filtered', { names: names.join(', ') }))
    if (q.filters.status?.length) parts.push(t('assistant.statusFilter', { names: q.filters.status.map((s) => t(`sales.status.${s}`)).join(', ') }))
    return parts.join(', ')
  }

  /**
   * Runs a query within the person's rules and makes the answer. A filter naming something the person may not see —
   * or nothing at all — is refused before anything runs, as the chat API's is: its name would otherwise be told in
   * the answer's words ("för Sara Nyström") even though the figures stay empty.
   */
  async function run(
    actor: AssistantActor,
    query: BiQuery,
    t: Translator,
    engine: Engine,
    legacy: boolean,
    vocabulary?: readonly VocabularyEntry[],
  ): Promise<BiReply> {
    if (BI_ENTITY_KINDS.some((kind) => query.filters[kind]?.length)) {
      const known = new Set((vocabulary ?? (await ports.vocabulary(db, actor))).map((v) => `${v.kind}:${v.id}`))
      if (BI_ENTITY_KINDS.some((kind) => (query.filters[kind] ?? []).some((id) => !known.has(`${kind}:${id}`)))) return invalid(t)
    }
    const today = businessDay(now())
    const resolved = resolvePeriod(query.period, today)
    const from = resolved.from
    let to = resolved.to
    let legacyCutoff: string | null = null
    if (legacy) {
      const cutoff = env.assistant.legacyCutoff
      if (from >= cutoff) return invalid(t, t('assistant.legacyOnly', { date: formatDay(cutoff, actor.language) }))
      if (to >= cutoff) {
        to = dayBefore(cutoff)
        legacyCutoff = cutoff
      }
    }
    const granularity = query.granularity
    if (granularity && bucketCount(granularity, from, to) > MAX_BUCKETS) {
      const coarser = BI_GRANULARITIES.filter(
        (g) => BI_GRANULARITIES.indexOf(g) > BI_GRANULARITIES.indexOf(granularity) && bucketCount(g, from, to) <= MAX_BUCKETS,
      )
      return {
        kind: 'clarify',
        message: t('assistant.clarifyGranularity'),
        understood: await describe(query, t, actor.language, from, to),
        choices: coarser.map((g) => ({ label: t(`assistant.granularity.${g}`), query: { ...query, granularity: g } })),
      }
    }
    const category = query.groupBy.find((d) => d !== 'time') as Exclude<BiQuery['groupBy'][number], 'time'> | undefined
    const keys: AnalyticsKey[] = []
    if (granularity) keys.push(PLAIN[granularity])
    if (category) keys.push(category === 'region' ? 'office' : category)
    const filters: AnalyticsSlice['filters'] = {}
    for (const kind of ['seller', 'team', 'office', 'provider', 'product'] as const) if (query.filters[kind]) filters[kind] = [...query.filters[kind]!]
    if (query.filters.status) filters.status = [...query.filters.status]
    let regions: Map<string, string> | null = null
    if (category === 'region' || query.filters.region) {
      regions = await ports.regionsOfOffices(db)
      if (query.filters.region) {
        const wanted = new Set(query.filters.region)
        const offices = [...regions].filter(([, region]) => wanted.has(region)).map(([office]) => office)
        const within = filters.office ? filters.office.filter((o) => offices.includes(o)) : offices
        // No office of the region: a filter nothing meets (an id no office has).
        filters.office = within.length > 0 ? within : ['-']
      }
    }
    const slice: AnalyticsSlice = { from, to, keys, filters }
    let result: AnalyticsResult
    try {
      result =
        query.measure === 'hours'
          ? await ports.hourFigures(actor.ability, actor.id, slice)
          : query.measure === 'averageGrade'
            ? await ports.qualityFigures(actor.ability, slice)
            : await ports.saleFigures(actor.ability, slice, query.measure)
    } catch (error) {
      console.error('assistant: a query failed', error)
      return { kind: 'noData', message: t('assistant.chartFailed'), query, description: await describe(query, t, actor.language, from, to), sql: [] }
    }
    const description = await describe(query, t, actor.language, from, to)
    if (result.rows.length === 0) return { kind: 'noData', message: t('assistant.chartFailed'), query, description, sql: result.sql }

    // Added up per bucket and category (a quarter's months, a region's offices), then the measure from the sums.
    const timeIndex = granularity ? 0 : -1
    const categoryIndex = category ? (granularity ? 1 : 0) : -1
    const sums = new Map<string, Map<string, Record<string, number>>>()
    const categoryTotals = new Map<string, Record<string, number>>()
    const all: Record<string, number> = {}
    const addTo = (target: Record<string, number>, values: Record<string, number>) => {
      for (const [k, v] of Object.entries(values)) target[k] = (target[k] ?? 0) + v
    }
    for (const row of result.rows) {
      const rawTime = timeIndex >= 0 ? row.keys[timeIndex]! : ''
      const bucket = granularity ? bucketKey(granularity, rawTime.length === 7 ? `${rawTime}-01` : rawTime) : ''
      let cat = categoryIndex >= 0 ? row.keys[categoryIndex]! : ''
      if (category === 'region') cat = regions!.get(cat) ?? ''
      const byBucket = sums.get(cat) ?? new Map<string, Record<string, number>>()
      const cell = byBucket.get(bucket) ?? {}
      addTo(cell, row.values)
      byBucket.set(bucket, cell)
      sums.set(cat, byBucket)
      const catTotal = categoryTotals.get(cat) ?? {}
      addTo(catTotal, row.values)
      categoryTotals.set(cat, catTotal)
      addTo(all, row.values)
    }
    const valueOf = (v: Record<string, number> | undefined) => measureValue(query.measure, v)

    // The categories: by their figure (or the statuses' order), the top or bottom N, at most 50 (10 lines over time).
    let categories = [...categoryTotals.keys()]
    if (category === 'status') categories.sort((a, b) => SALE_STATUSES.indexOf(a as SaleStatus) - SALE_STATUSES.indexOf(b as SaleStatus))
    else {
      const sign = query.order === 'asc' ? 1 : -1
      categories.sort((a, b) => sign * ((valueOf(categoryTotals.get(a)) ?? 0) - (valueOf(categoryTotals.get(b)) ?? 0)) || a.localeCompare(b))
    }
    const cap = query.limit ?? (granularity && category ? 10 : BI_MAX_LIMIT)
    categories = categories.slice(0, cap)
    const names = category && category !== 'status' ? await ports.names(db, category, categories.filter(Boolean)) : new Map<string, string>()
    const categoryLabel = (id: string) => (category === 'status' ? t(`sales.status.${id}`) : (names.get(id) ?? t('assistant.none')))

    let labels: string[]
    let series: BiAnswer['series']
    const language = actor.language
    if (granularity) {
      const buckets = bucketsOf(granularity, from, to)
      labels = buckets.map((b) => bucketLabel(granularity, b, t, language))
      const lines = category ? categories : ['']
      // An empty bucket counts as 0 (a rate or a score has no figure there: 0 too, so the line stays drawn).
      series = lines.map((cat) => ({
        label: category ? categoryLabel(cat) : t(`assistant.measure.${query.measure}`),
        values: buckets.map((b) => round(valueOf(sums.get(cat)?.get(b)) ?? 0)),
      }))
    } else if (category) {
      labels = categories.map(categoryLabel)
      series = [{ label: t(`assistant.measure.${query.measure}`), values: categories.map((c) => round(valueOf(categoryTotals.get(c)) ?? 0)) }]
    } else {
      labels = [t('assistant.total')]
      series = [{ label: t(`assistant.measure.${query.measure}`), values: [round(valueOf(all) ?? 0)] }]
    }
    const total = valueOf(all)
    const answer: BiAnswer = {
      kind: 'answer',
      query,
      description,
      scope: await scopeOf(actor),
      from,
      to,
      chart: chartFor(query, labels),
      unit: UNIT_OF[query.measure],
      labels,
      series,
      total: total === null ? null : round(total),
      sql: result.sql,
      engine,
      legacyCutoff,
    }
    return answer
  }

  function invalid(t: Translator, message = t('assistant.invalidPrompt')): BiReply {
    return {
      kind: 'invalid',
      message,
      examples: (['a', 'b', 'c', 'd'] as const).map((k) => t(`assistant.examples.${k}`)),
    }
  }

  /** A partial query completed with a measure, if the schema takes it. */
  const complete = (partial: BiPartial, patch: Partial<BiQuery>): BiQuery | null => {
    const parsed = biQuerySchema.safeParse({ ...partial, ...patch })
    return parsed.success ? parsed.data : null
  }

  async function understoodText(partial: BiPartial, t: Translator, language: Language): Promise<string> {
    const bits: string[] = []
    if (partial.measure) bits.push(t(`assistant.measure.${partial.measure}`))
    for (const d of partial.groupBy ?? [])
      bits.push(t('assistant.per', { what: d === 'time' ? t(`assistant.granularity.${partial.granularity ?? 'month'}`) : t(`assistant.dimension.${d}`) }))
    if (partial.period) {
      const { from, to } = resolvePeriod(partial.period, businessDay(now()))
      bits.push(describePeriod({ ...(partial as BiQuery), period: partial.period }, t, language, from, to))
    }
    return t('assistant.understood', { what: bits.join(', ') })
  }

  return {
    /** A question in words: counted, understood (or asked about), run within the person's rules. */
    async ask(actor: AssistantActor, input: { question: string; previous?: BiQuery; legacy?: boolean }, t: Translator): Promise<BiReply> {
      await spend(actor)
      const vocabulary = await ports.vocabulary(db, actor)
      const today = businessDay(now())
      let engine: Engine = 'parser'
      let parsed = parseQuestion(input.question, { today, vocabulary, previous: input.previous })
      if (llm && input.question.trim().length > 0 && input.question.length <= 500) {
        const answer = await llm.ask(input.question, { today, vocabulary, previous: input.previous, language: actor.language })
        if (answer.kind === 'query') {
          engine = 'llm'
          parsed = { kind: 'query', query: answer.query, language: actor.language }
        } else if (answer.kind === 'refused') return invalid(t)
        // 'unavailable': the built-in parser's answer stands
      }
      switch (parsed.kind) {
        case 'invalid':
          return invalid(t)
        case 'clarify': {
          if (parsed.reason === 'measure') {
            const choices: BiChoice[] = measuresFor(parsed.partial).flatMap((measure) => {
              const query = complete(parsed.partial, { measure })
              return query ? [{ label: t(`assistant.measure.${measure}`), query }] : []
            })
            return { kind: 'clarify', message: t('assistant.clarifyMeasure'), understood: await understoodText(parsed.partial, t, actor.language), choices }
          }
          const choices: BiChoice[] = parsed.candidates.flatMap((candidate) => {
            const filters = { ...(parsed.partial.filters ?? {}), [candidate.kind]: [candidate.id] }
            const query = complete(parsed.partial, { measure: parsed.measure, filters })
            return query ? [{ label: `${candidate.name} (${t(`assistant.dimension.${candidate.kind}`)})`, query }] : []
          })
          return {
            kind: 'clarify',
            message: t('assistant.clarifyEntity', { text: parsed.text }),
            understood: await understoodText(parsed.partial, t, actor.language),
            choices,
          }
        }
        case 'query':
          return run(actor, parsed.query, t, engine, input.legacy ?? false, vocabulary)
      }
    },

    /** A structured query as it is (a choice offered, a saved statistic): counted and scoped like a question. */
    async runQuery(actor: AssistantActor, query: BiQuery, t: Translator, opts: { legacy?: boolean } = {}): Promise<BiReply> {
      await spend(actor)
      return run(actor, query, t, 'direct', opts.legacy ?? false)
    },

    legacyCutoff: env.assistant.legacyCutoff,
  }
}

export type AssistantService = ReturnType<typeof assistantService>

/** A measure's figure from its sums: kronor from öre, a rate in per cent, a score from its tenths; null without data. */
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

const round = (n: number) => Math.round(n * 100) / 100

const LOCALES = { sv: 'sv-SE', en: 'en-GB', fi: 'fi-FI' } as const

function formatDay(day: string, language: 'sv' | 'en' | 'fi'): string {
  return new Intl.DateTimeFormat(LOCALES[language], { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`))
}

function dayBefore(day: string): string {
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
