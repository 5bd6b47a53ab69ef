import { comparedDays, periodBefore, UNIT_OF } from '../../../shared/rules/assistant'
import { businessDay } from '../../../shared/rules/work'
import type { BiAnswer, BiMeasure, BiQuery } from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import { changeOf, measureValue, round, type AssistantActor, type AssistantBase, type Engine, type Tally } from './assistant.context-base'
import type { AssistantWords } from './assistant.words'

/** The measures an overview sums up, in the order a sales manager reads them. */
export const OVERVIEW_MEASURES: BiMeasure[] = ['orderValue', 'orders', 'regretRate', 'averageGrade', 'hours']

type Counted = (actor: AssistantActor, query: BiQuery, from: string, to: string) => Promise<Tally>

/**
 * "How are we doing?" (decision 083): the main measures of the period asked about (this month so far when none was
 * said), each beside the period before it — as many days of it — within the asker's rules and the question's filters.
 * A measure the asker may not read, or one that fails, is left out rather than shown as nothing.
 */
export function assistantOverview(ctx: AssistantBase, words: AssistantWords, tally: Counted) {
  const { now, scopeOf } = ctx
  const { describePeriod } = words
  return async function overview(a: {
    actor: AssistantActor
    query: BiQuery
    t: Translator
    engine: Engine
    from: string
    to: string
    description: string
    legacyCutoff: string | null
    tallied: Tally
  }): Promise<BiAnswer> {
    const { actor, query, t, from, to } = a
    const today = businessDay(now())
    const before = comparedDays(query.period, periodBefore(query.period, today), today)
    const sql: BiAnswer['sql'] = []
    const summary: NonNullable<BiAnswer['summary']> = []
    for (const measure of OVERVIEW_MEASURES) {
      const q: BiQuery = { ...query, measure, overview: undefined, filters: filtersFor(measure, query.filters) }
      try {
        const [current, earlier] = await Promise.all([
          measure === query.measure ? a.tallied : tally(actor, q, from, to),
          tally(actor, q, before.from, before.to),
        ])
        sql.push(...current.result.sql, ...earlier.result.sql)
        const value = measureValue(measure, current.all)
        const previous = measureValue(measure, earlier.all)
        summary.push({
          measure,
          unit: UNIT_OF[measure],
          value: value === null ? null : round(value),
          previous: previous === null ? null : round(previous),
          change: changeOf(measure, value, previous),
        })
      } catch {
        // not readable for this person (a seller's quality scores), or failed: left out
      }
    }
    const label = describePeriod({ period: { kind: 'range', ...before } }, t, actor.language, before.from, before.to)
    const main = summary.find((s) => s.measure === query.measure)
    return {
      kind: 'answer',
      query,
      description: a.description,
      scope: await scopeOf(actor),
      from,
      to,
      chart: 'number',
      unit: UNIT_OF[query.measure],
      labels: [t('assistant.total')],
      series: [{ label: t(`assistant.measure.${query.measure}`), values: [main?.value ?? 0] }],
      total: main?.value ?? null,
      sql,
      engine: a.engine,
      legacyCutoff: a.legacyCutoff,
      comparison: { from: before.from, to: before.to, label, total: main?.previous ?? null, change: main?.change ?? null },
      summary,
    }
  }
}

/** The question's filters a measure can take: hours split by people and places only, quality scores by providers too. */
function filtersFor(measure: BiMeasure, filters: BiQuery['filters']): BiQuery['filters'] {
  const { seller, team, office, region, provider } = filters
  const places = { ...(seller ? { seller } : {}), ...(team ? { team } : {}), ...(office ? { office } : {}), ...(region ? { region } : {}) }
  if (measure === 'hours') return places
  if (measure === 'averageGrade') return { ...places, ...(provider ? { provider } : {}) }
  if (measure === 'regretRate') return { ...filters, status: undefined }
  return filters
}
