import { createHash } from 'node:crypto'
import { sql, type AnyColumn, type Placeholder, type Table } from 'drizzle-orm'
import type { Database, Db } from './client'

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

type PreparedWrite = { run?: (values: Record<string, unknown>) => Promise<unknown>; execute?: (values: Record<string, unknown>) => Promise<unknown> }

/**
 * Write statements of the hot write path (a device's sale), built once per key with placeholders and run again
 * with new values inside the caller's transaction. Building a statement is most of its cost in drizzle on SQLite
 * (issue 40: about half of a sale's push). On SQLite the statement is prepared once on the one connection every
 * transaction runs on, so it runs inside whichever transaction is open. On PostgreSQL a transaction holds a
 * connection of its own: the statement is built once too (on the pool) and each run is bound to the transaction's
 * connection (`onConnection`), named by its key so that PostgreSQL parses it once per connection. The key must name
 * everything that changes the SQL text.
 */
/**
 * A PostgreSQL statement name for a key: PostgreSQL keeps 63 bytes of a name, so a longer key (an event's
 * deliveries name every subscriber) would be cut and two statements could share a name. A digest of the key is
 * short and the same for the same key in every process.
 */
export function statementName(key: string): string {
  return `sk_w_${createHash('sha256').update(key).digest('base64url').slice(0, 32)}`
}

export function preparedWrites(database: Database) {
  const cache = new Map<string, PreparedWrite>()
  const statement = (tx: Db, key: string, build: (db: Db) => Preparable): PreparedWrite => {
    let stmt = cache.get(key)
    if (!stmt) {
      const query = build(database.db) as unknown as { prepare: (name?: string) => PreparedWrite }
      stmt = database.dialect === 'pg' ? query.prepare(statementName(key)) : query.prepare()
      cache.set(key, stmt)
    }
    return database.dialect === 'pg' ? onConnection(stmt, tx) : stmt
  }
  /** Runs a statement that answers nothing (an insert, update or delete without RETURNING). */
  function write(tx: Db, key: string, build: (db: Db) => Preparable, values: Record<string, unknown>): Promise<unknown> {
    const stmt = statement(tx, key, build)
    return database.dialect === 'pg' ? stmt.execute!(values) : stmt.run!(values)
  }
  /** Runs a statement that answers rows (a select, or a write with RETURNING). */
  write.rows = function rows<Q extends Preparable>(tx: Db, key: string, build: (db: Db) => Q, values: Record<string, unknown>): Promise<Awaited<Q>> {
    const stmt = statement(tx, key, build) as PreparedWrite & { all?: (values: Record<string, unknown>) => Promise<unknown> }
    return (database.dialect === 'pg' ? stmt.execute!(values) : stmt.all!(values)) as Promise<Awaited<Q>>
  }
  return write
}

/**
 * A PostgreSQL statement prepared on the pool, run on the connection of the transaction `tx`: a view of the prepared
 * statement (its text, placeholders, result mapping and name are shared) whose client is the transaction's. drizzle's
 * node-postgres statement runs on `this.client`, and a transaction's session holds the connection it began on; both
 * are checked, so a drizzle upgrade that moves either fails here, loudly, rather than running outside the transaction.
 */
function onConnection(stmt: PreparedWrite, tx: Db): PreparedWrite {
  const client = (tx as unknown as { session?: { client?: unknown } }).session?.client
  if (!client || !('client' in stmt)) throw new Error('preparedWrites: cannot bind a PostgreSQL statement to the transaction (drizzle internals moved)')
  const bound = Object.create(stmt) as PreparedWrite & { client: unknown }
  bound.client = client
  return bound
}

/** `sql.placeholder(name)` for every key of `values`: the values object of an insert prepared once. */
export function placeholdersOf<T extends Record<string, unknown>>(values: T): { [K in keyof T]: Placeholder<K & string> } {
  return Object.fromEntries(Object.keys(values).map((name) => [name, sql.placeholder(name)])) as { [K in keyof T]: Placeholder<K & string> }
}

/**
 * Several rows of one insert prepared once per row count: each row's placeholders named with its position
 * (`quantity_0`, `quantity_1` …), and the values to run it with. One statement for a sale's lines instead of one a
 * line; the statement's key must name the row count.
 */
export function placeholderRows(rows: ReadonlyArray<Record<string, unknown>>): {
  placeholders: Array<Record<string, unknown>>
  values: Record<string, unknown>
} {
  const values: Record<string, unknown> = {}
  const placeholders = rows.map((row, i) =>
    Object.fromEntries(
      Object.entries(row).map(([name, value]) => {
        values[`${name}_${i}`] = value
        return [name, sql.placeholder(`${name}_${i}`)]
      }),
    ),
  )
  return { placeholders, values }
}

/** The most rows one prepared multi-row insert takes: a longer list is inserted a chunk at a time. */
const ROWS_PER_INSERT = 100

/**
 * Rows inserted into `table` by statements prepared once per row count (at most 100 rows each, so at most 100
 * statements a table): for what a transaction appends in bulk as it commits (a push's events, history and log lines),
 * where building a hundred rows' insert anew costs as much as the hundred single inserts it replaces. Every row must
 * have the same keys. `returning`: the columns to answer, for each inserted row.
 */
export async function insertRows<R extends Record<string, unknown>>(
  write: ReturnType<typeof preparedWrites>,
  tx: Db,
  key: string,
  table: Table,
  rows: readonly R[],
  returning?: Record<string, AnyColumn>,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = []
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = placeholderRows(rows.slice(i, i + ROWS_PER_INSERT))
    const shape = `${key}.${chunk.placeholders.length}`
    if (returning) {
      const answered = await write.rows(
        tx,
        shape,
        (db) =>
          db
            .insert(table)
            .values(chunk.placeholders)
            .returning(returning as never),
        chunk.values,
      )
      out.push(...(answered as Array<Record<string, unknown>>))
    } else {
      await write(tx, shape, (db) => db.insert(table).values(chunk.placeholders), chunk.values)
    }
  }
  return out
}
