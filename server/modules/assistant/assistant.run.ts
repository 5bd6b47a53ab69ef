import { SALE_STATUSES, type SaleStatus } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import { bucketCount, bucketsOf, chartFor, comparedDays, MAX_BUCKETS, resolvePeriod, UNIT_OF } from '../../../shared/rules/assistant'
import {
  BI_ENTITY_KINDS,
  BI_GRANULARITIES,
  BI_MAX_LIMIT,
  type BiAnswer,
  type BiGranularity,
  type BiQuery,
  type BiReply,
} from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import { type VocabularyEntry } from './parser'
import {
  type AssistantActor,
  type Engine,
  formatDay,
  dayBefore,
  measureValue,
  bucketLabel,
  round,
  changeOf,
  type AssistantBase,
  type Tally,
} from './assistant.context-base'
import type { AssistantWords } from './assistant.words'
import { assistantOverview } from './assistant.overview'
import { assistantTally, categoryOf } from './assistant.tally'
import { log } from '../../lib/log'

/**
 * A query run within the person's rules, made into an answer: its figures, the chart's labels and series, the
 * statements run.
 */
export function assistantRun(ctx: AssistantBase, words: AssistantWords) {
  const { ports, db, now, env, scopeOf } = ctx
  const { describe, describePeriod, invalid } = words
  const tally = assistantTally(ctx)
  const overview = assistantOverview(ctx, words, tally)

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
    if (granularity && bucketCount(granularity, from, to) > MAX_BUCKETS)
      return coarserChoices(query, granularity, t, from, to, await describe(query, t, actor.language, from, to))
    const category = categoryOf(query)
    let tallied: Tally
    try {
      tallied = await tally(actor, query, from, to)
    } catch (error) {
      log.error({ err: error }, '[assistant] a query failed')
      return { kind: 'noData', message: t('assistant.chartFailed'), query, description: await describe(query, t, actor.language, from, to), sql: [] }
    }
    const description = await describe(query, t, actor.language, from, to)
    if (query.overview) return overview({ actor, query, t, engine, from, to, description, legacyCutoff, tallied })
    const { result, sums, categoryTotals, all } = tallied
    // A comparison: the other period, as many days of it as the first has so far.
    let second: Tally | null = null
    let compared: { from: string; to: string } | null = null
    if (query.compare) {
      compared = comparedDays(query.period, query.compare, today)
      if (legacyCutoff && compared.to >= legacyCutoff) compared = { from: compared.from, to: dayBefore(legacyCutoff) }
      try {
        second = await tally(actor, query, compared.from, compared.to)
      } catch (error) {
        log.error({ err: error }, '[assistant] a query failed')
        return { kind: 'noData', message: t('assistant.chartFailed'), query, description, sql: result.sql }
      }
    }
    if (result.rows.length === 0 && (second?.result.rows.length ?? 0) === 0)
      return { kind: 'noData', message: t('assistant.chartFailed'), query, description, sql: [...result.sql, ...(second?.result.sql ?? [])] }

    const valueOf = (v: Record<string, number> | undefined) => measureValue(query.measure, v)

    // The categories: by their figure (or the statuses' order), the top or bottom N, at most 50 (10 lines over time).
    // Compared, a category of either period counts (a team that sold only last month is there with its 0).
    let categories = [...new Set([...categoryTotals.keys(), ...(second?.categoryTotals.keys() ?? [])])]
    if (category === 'status') categories.sort((a, b) => SALE_STATUSES.indexOf(a as SaleStatus) - SALE_STATUSES.indexOf(b as SaleStatus))
    else {
      const sign = query.order === 'asc' ? 1 : -1
      const figure = (c: string) => valueOf(categoryTotals.get(c)) ?? 0
      const before = (c: string) => (second ? (valueOf(second.categoryTotals.get(c)) ?? 0) : 0)
      categories.sort((a, b) => sign * (figure(a) - figure(b)) || sign * (before(a) - before(b)) || a.localeCompare(b))
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
    if (!query.compare || !second) return answer
    // Compared: a bar per period, or a series per period by category; the change from the other period.
    const other = compared!
    const firstLabel = describePeriod(query, t, language, from, to)
    const otherLabel = describePeriod({ period: query.compare }, t, language, other.from, other.to)
    const otherTotal = valueOf(second.all)
    const perPeriod = category
      ? {
          labels: categories.map(categoryLabel),
          series: [
            { label: firstLabel, values: categories.map((c) => round(valueOf(categoryTotals.get(c)) ?? 0)) },
            { label: otherLabel, values: categories.map((c) => round(valueOf(second.categoryTotals.get(c)) ?? 0)) },
          ],
        }
      : { labels: [firstLabel, otherLabel], series: [{ label: t(`assistant.measure.${query.measure}`), values: [round(total ?? 0), round(otherTotal ?? 0)] }] }
    return {
      ...answer,
      ...perPeriod,
      chart: category ? chartFor(query, perPeriod.labels) : 'bar',
      sql: [...result.sql, ...second.result.sql],
      comparison: {
        from: other.from,
        to: other.to,
        label: otherLabel,
        total: otherTotal === null ? null : round(otherTotal),
        change: changeOf(query.measure, total, otherTotal),
      },
    }
  }

  return { run }
}
export type AssistantRun = ReturnType<typeof assistantRun>

/** A time split of more buckets than a chart draws: the coarser splits that fit, to choose from. */
function coarserChoices(query: BiQuery, granularity: BiGranularity, t: Translator, from: string, to: string, understood: string): BiReply {
  const coarser = BI_GRANULARITIES.filter((g) => BI_GRANULARITIES.indexOf(g) > BI_GRANULARITIES.indexOf(granularity) && bucketCount(g, from, to) <= MAX_BUCKETS)
  return {
    kind: 'clarify',
    message: t('assistant.clarifyGranularity'),
    understood,
    choices: coarser.map((g) => ({ label: t(`assistant.granularity.${g}`), query: { ...query, granularity: g } })),
  }
}
