import { SALE_STATUSES, type SaleStatus } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import { bucketCount, bucketKey, bucketsOf, chartFor, MAX_BUCKETS, resolvePeriod, UNIT_OF } from '../../../shared/rules/assistant'
import { BI_ENTITY_KINDS, BI_GRANULARITIES, BI_MAX_LIMIT, type BiAnswer, type BiQuery, type BiReply } from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import type { AnalyticsKey, AnalyticsResult, AnalyticsSlice } from '../../db/analytics'
import { type VocabularyEntry } from './parser'
import { type AssistantActor, type Engine, formatDay, dayBefore, PLAIN, measureValue, bucketLabel, round, type AssistantBase } from './assistant.context-base'
import type { AssistantWords } from './assistant.words'

/**
 * A query run within the person's rules, made into an answer: its figures, the chart's labels and series, the
 * statements run.
 */
export function assistantRun(ctx: AssistantBase & AssistantWords) {
  const { ports, db, invalid, now, env, describe, scopeOf } = ctx

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

  return { run }
}
export type AssistantRun = ReturnType<typeof assistantRun>
