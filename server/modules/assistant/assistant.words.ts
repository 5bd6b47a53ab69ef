import { businessDay } from '../../../shared/rules/work'
import { comparedDays, isoWeekOf, resolvePeriod } from '../../../shared/rules/assistant'
import { type BiPartial, type BiQuery, type BiReply } from '../../../shared/schemas/assistant'
import type { Translator } from '../../../shared/i18n'
import { type Language, formatDay, LOCALES, type AssistantBase } from './assistant.context-base'

/** An answer's words: the query and its period told back, and the refusal of a question not understood. */
export function assistantWords(ctx: AssistantBase) {
  const { ports, db, now } = ctx

  const describePeriod = (q: Pick<BiQuery, 'period'>, t: Translator, language: Language, from: string, to: string) => {
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
      case 'holiday':
        words = t(`assistant.period.holiday.${p.holiday}`, { year: from.slice(0, 4) })
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
    if (q.compare) {
      // The other period with the days it counts (as many as the first has so far, when the first is still running).
      const other = comparedDays(q.period, q.compare, businessDay(now()))
      parts.push(t('assistant.compared', { period: describePeriod({ period: q.compare }, t, language, other.from, other.to) }))
    }
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

  function invalid(t: Translator, message = t('assistant.invalidPrompt')): BiReply {
    return {
      kind: 'invalid',
      message,
      examples: (['a', 'b', 'c', 'd'] as const).map((k) => t(`assistant.examples.${k}`)),
    }
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

  return { describePeriod, describe, understoodText, invalid }
}
export type AssistantWords = ReturnType<typeof assistantWords>
