import { and, gte, inArray, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../shared/permissions/ability'
import type { Subject } from '../../shared/permissions/catalogue'
import { periodReads } from '../../shared/rules/work'
import { mondayOf } from '../../shared/rules/assistant'
import type { Database } from './client'
import { accessFilter, UnsupportedConditionError, type AccessFilter } from './conditions'
import { plainRows } from './plain-rows'

/**
 * Grouped reads of a summary table for the BI assistant (docs/decisions/053): one slice — a period, up to two keys
 * (a time bucket and a category), filters by id — read from an area's own summary, with the reader's rules applied
 * in the WHERE clause. Each area describes its tables (`AnalyticsSource`) and calls `readSlice`; the statements run
 * are returned with their parameters, so the answer can show them. The same SQL on both databases (weeks are days
 * added up here).
 */

export const ANALYTICS_CATEGORIES = ['seller', 'team', 'office', 'provider', 'product', 'status'] as const
export type AnalyticsCategory = (typeof ANALYTICS_CATEGORIES)[number]
export type AnalyticsTime = 'day' | 'week' | 'month'
export type AnalyticsKey = AnalyticsCategory | AnalyticsTime

export type AnalyticsSlice = {
  from: string
  to: string
  keys: AnalyticsKey[]
  filters: Partial<Record<AnalyticsCategory, string[]>>
}
export type AnalyticsRow = { keys: string[]; values: Record<string, number> }
export type AnalyticsStatement = { text: string; params: unknown[] }
export type AnalyticsResult = { rows: AnalyticsRow[]; sql: AnalyticsStatement[] }

/** An area's summary table as a slice reads it: its date (a day's or a month's), its category columns, its sums. */
export type AnalyticsSource = {
  table: Parameters<ReturnType<Database['db']['select']>['from']>[0]
  grain: 'day' | 'month'
  date: AnyColumn
  columns: Partial<Record<AnalyticsCategory, AnyColumn>>
  /** additive sums only: a period's parts are added and taken away */
  values: Record<string, SQL>
  /** the reader's rules and anything else the area always applies */
  where: SQL | undefined
}

/**
 * The reader's rules for several subjects at once (a seller's `view sales` on their own, a coach's `view
 * sale_reports` on their teams): what any of them allows. Null when a rule names a field the table lacks, so the
 * caller reads a table that has it.
 */
export function anyOfRules(ability: AppAbility, subjects: Subject[], columns: Record<string, AnyColumn | SQL>, extra?: SQL): AccessFilter | null {
  const filters: AccessFilter[] = []
  try {
    for (const s of subjects) filters.push(accessFilter(ability, 'view', s, columns, { inline: true }))
  } catch (error) {
    if (error instanceof UnsupportedConditionError) return null
    throw error
  }
  if (filters.some((f) => f.kind === 'all')) return { kind: 'all', shape: 'all', params: {} }
  const wheres = [...filters.flatMap((f) => (f.kind === 'where' ? [f.where] : [])), ...(extra ? [extra] : [])]
  if (wheres.length === 0) return { kind: 'none', shape: 'none', params: {} }
  return { kind: 'where', where: (wheres.length === 1 ? wheres[0] : or(...wheres)) as SQL, shape: '', params: {} }
}

/** An access filter as a condition (false for none, nothing for all). */
export function accessCondition(filter: AccessFilter): SQL | undefined {
  return filter.kind === 'all' ? undefined : filter.kind === 'none' ? sql`1 = 0` : filter.where
}

function keyExpression(database: Database, source: AnalyticsSource, key: AnalyticsKey): SQL {
  switch (key) {
    case 'day':
      if (source.grain !== 'day') throw new Error('a month table has no days')
      return sql`${source.date}`
    case 'week':
      // Grouped by day and added up per week here: cheaper than a date function on every row (and no dialect's own).
      if (source.grain !== 'day') throw new Error('a month table has no weeks')
      return sql`${source.date}`
    case 'month':
      return source.grain === 'day' ? sql`substr(${source.date}, 1, 7)` : sql`${source.date}`
    default: {
      const column = source.columns[key]
      if (!column) throw new Error(`the source has no ${key}`)
      return sql`${column}`
    }
  }
}

/** One grouped read of one table over some dates (a month table's months, given as YYYY-MM). */
async function readOnce(database: Database, source: AnalyticsSource, slice: AnalyticsSlice, dates: { from: string; to: string }) {
  const keys = slice.keys.map((k) => keyExpression(database, source, k))
  const selection: Record<string, SQL> = {}
  keys.forEach((k, i) => (selection[`k${i}`] = sql`${k}`))
  for (const [name, value] of Object.entries(source.values)) selection[name] = sql`${value}`.mapWith(Number) as unknown as SQL
  const filters = (Object.entries(slice.filters) as Array<[AnalyticsCategory, string[] | undefined]>).flatMap(([kind, ids]) => {
    if (!ids || ids.length === 0) return []
    const column = source.columns[kind]
    if (!column) throw new Error(`the source has no ${kind}`)
    return [inArray(column, ids)]
  })
  const query = database.db
    .select(selection)
    .from(source.table)
    .where(and(gte(source.date, dates.from), lte(source.date, dates.to), source.where, ...filters))
    .groupBy(...keys)
  const statement = query.toSQL()
  const rows = (await plainRows(database, query)) as Array<Record<string, unknown>>
  return {
    statement: { text: statement.sql, params: statement.params },
    rows: rows.map((r) => ({
      keys: slice.keys.map((k, i) => (k === 'week' ? mondayOf(String(r[`k${i}`])) : String(r[`k${i}`] ?? ''))),
      values: Object.fromEntries(Object.keys(source.values).map((name) => [name, Number(r[name] ?? 0)])),
    })),
  }
}

/**
 * A slice read from a day table, or — when the keys need no day or week and a month table is given — its whole
 * months from the month table plus or minus days from the day table (periodReads: this month so far is the month
 * less the days to come). Rows are added up per key; a key whose every value is 0 is left out.
 */
export async function readSlice(
  database: Database,
  sources: { day: AnalyticsSource; month?: AnalyticsSource | null },
  slice: AnalyticsSlice,
): Promise<AnalyticsResult> {
  const needsDays = slice.keys.some((k) => k === 'day' || k === 'week')
  const plan = sources.month && !needsDays ? periodReads(slice.from, slice.to) : null
  const reads: Array<{ read: ReturnType<typeof readOnce>; sign: 1 | -1 }> = []
  if (plan?.months) {
    reads.push({ read: readOnce(database, sources.month!, slice, plan.months), sign: 1 })
    for (const d of plan.add) reads.push({ read: readOnce(database, sources.day, slice, d), sign: 1 })
    for (const d of plan.subtract) reads.push({ read: readOnce(database, sources.day, slice, d), sign: -1 })
  } else reads.push({ read: readOnce(database, sources.day, slice, { from: slice.from, to: slice.to }), sign: 1 })
  const merged = new Map<string, AnalyticsRow>()
  const statements: AnalyticsStatement[] = []
  for (const { read, sign } of reads) {
    const { statement, rows } = await read
    statements.push(statement)
    for (const row of rows) {
      const id = row.keys.join('\u0000')
      const sum = merged.get(id) ?? { keys: row.keys, values: {} }
      for (const [name, value] of Object.entries(row.values)) sum.values[name] = (sum.values[name] ?? 0) + sign * value
      merged.set(id, sum)
    }
  }
  return { rows: [...merged.values()].filter((r) => Object.values(r.values).some((v) => v !== 0)), sql: statements }
}
