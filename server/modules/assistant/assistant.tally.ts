import { bucketKey } from '../../../shared/rules/assistant'
import type { BiQuery } from '../../../shared/schemas/assistant'
import type { AnalyticsKey, AnalyticsSlice } from '../../db/analytics'
import { PLAIN, type AssistantActor, type AssistantBase, type Tally } from './assistant.context-base'

/** The category a query splits by, if any (time aside). */
export const categoryOf = (query: BiQuery) => query.groupBy.find((d) => d !== 'time') as Exclude<BiQuery['groupBy'][number], 'time'> | undefined

/** Counting a query's figures within the person's rules (the run, a comparison's other period, an overview's measures). */
export function assistantTally(ctx: Pick<AssistantBase, 'ports' | 'db'>) {
  const { ports, db } = ctx
  return tally

  /** A query's figures over some days, added up per bucket and category (a quarter's months, a region's offices). */
  async function tally(actor: AssistantActor, query: BiQuery, from: string, to: string): Promise<Tally> {
    const granularity = query.granularity
    const category = categoryOf(query)
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
    const result =
      query.measure === 'hours'
        ? await ports.hourFigures(actor.ability, actor.id, slice)
        : query.measure === 'averageGrade'
          ? await ports.qualityFigures(actor.ability, slice)
          : await ports.saleFigures(actor.ability, slice, query.measure)
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
    return { result, sums, categoryTotals, all }
  }
}
