import { sql } from 'drizzle-orm'
import type { Database } from './client'

type Preparable = PromiseLike<unknown>
type PreparedRead = { all?: (values: Record<string, unknown>) => Promise<unknown>; execute?: (values: Record<string, unknown>) => Promise<unknown> }

const MAX_STATEMENTS = 1000
/** PostgreSQL names prepared statements per connection: names are unique across all caches of the process. */
let statementNames = 0

/**
 * Read statements built once per key and run again with new placeholder values. Building SQL is most
 * of a small query's cost in drizzle (bench:api), so hot list queries are prepared per shape: the key
 * names everything that changes the SQL text (filter shape, search on/off, sort), values fill the rest.
 * Reads only, outside transactions.
 */
export function preparedReads(database: Database) {
  const cache = new Map<string, PreparedRead>()
  return function read<Q extends Preparable>(key: string, build: () => Q, values: Record<string, unknown>): Promise<Awaited<Q>> {
    let stmt = cache.get(key)
    if (!stmt) {
      const query = build() as unknown as { prepare: (name?: string) => PreparedRead }
      stmt = database.dialect === 'pg' ? query.prepare(`sk_read_${++statementNames}`) : query.prepare()
      if (cache.size >= MAX_STATEMENTS) cache.clear()
      cache.set(key, stmt)
    }
    return (database.dialect === 'pg' ? stmt.execute!(values) : stmt.all!(values)) as Promise<Awaited<Q>>
  }
}

/**
 * A LIMIT written into the statement instead of bound: SQLite sorts only the top N rows for a constant
 * limit (a bound one measured 42 µs against 23 µs on the users list). Page sizes come from a fixed set,
 * so this adds a handful of statements, never one per request.
 */
export function literalLimit(n: number): number {
  if (!Number.isInteger(n) || n < 1 || n > 100_001) throw new Error(`Bad limit ${n}`)
  return sql.raw(String(n)) as unknown as number
}
