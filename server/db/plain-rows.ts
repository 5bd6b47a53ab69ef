import { Column, is, SQL } from 'drizzle-orm'
import type { Database } from './client'

type Read = PromiseLike<Array<Record<string, unknown>>>

/**
 * The rows of a large aggregate read (thousands of rows of sums by seller, team or month), without drizzle's mapping
 * of every field of every row on SQLite: it checks what kind of field each is on every row, about 2 µs a row of six
 * fields — 28 ms of a whole organisation's profitability by seller, the read itself being some 75 ms (bench:dashboards).
 * The driver's arrays are named by the selection instead. On PostgreSQL the query runs as it is.
 *
 * Only for a flat selection of text and number columns and SQL expressions whose driver value is already what the
 * caller wants on SQLite (sums and counts are numbers there): a column of another kind (a boolean, a timestamp, JSON)
 * is refused, as no decoding happens.
 */
export async function plainRows<Q extends Read>(database: Database, query: Q): Promise<Awaited<Q>> {
  if (database.dialect !== 'sqlite') return await query
  // The selection as built (getSelectedFields() wraps it for use as a subquery, which refuses unaliased SQL).
  const read = query as unknown as { config?: { fields?: Record<string, unknown> }; values(): Promise<unknown[][]> }
  const fields = read.config?.fields
  if (!fields) throw new Error('plainRows: not a select query')
  const keys = Object.keys(fields)
  for (const key of keys) {
    const field = fields[key]
    if (is(field, SQL) || is(field, SQL.Aliased)) continue
    if (is(field, Column) && (field.columnType === 'SQLiteText' || field.columnType === 'SQLiteInteger')) continue
    throw new Error(`plainRows: the field ${key} needs decoding; read it through drizzle`)
  }
  const rows = await read.values()
  return rows.map((values) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < keys.length; i++) row[keys[i]!] = values[i]
    return row
  }) as Awaited<Q>
}
