import { getTableColumns, getTableName, type InferInsertModel, type Table } from 'drizzle-orm'
import type { Database } from './client'

/**
 * Bulk loading for data sets (npm run seed): rows go straight to the driver, not through drizzle's query
 * builder or the request path. SQLite runs one prepared single-row INSERT per row inside one transaction per
 * batch (the fastest way better-sqlite3 has); PostgreSQL sends a batch as one INSERT … SELECT FROM unnest(…)
 * with one array parameter per column, so 10,000 rows cost one round trip and one parse. Columns the row leaves
 * undefined get the column's default, or null. Callers write rows of the SQLite schema's shape; times are
 * epoch milliseconds and booleans are booleans on both dialects.
 */
export type BulkLoader = {
  insert<T extends Table>(table: T, rows: Array<InferInsertModel<T>>): Promise<void>
  /** refreshes the planner's statistics once the load is done */
  analyze(): Promise<void>
  /**
   * Drops the tables' secondary indexes and triggers for a load (each row then costs its table's own pages only)
   * and answers the function that builds them again from their definitions, sorted in one pass each — and, on
   * SQLite, rebuilds the full-text tables whose triggers were dropped. Unique indexes and those behind constraints
   * (primary keys, unique constraints) stay: the load and the fills after it may rely on them (ON CONFLICT).
   */
  deferIndexes(tables: Table[]): Promise<() => Promise<void>>
  /** the names of every index and trigger in the database (to check a load left the schema whole) */
  schemaObjects(): Promise<string[]>
}

type Column = { key: string; name: string; sqlType: string; json: boolean; bool: boolean; fallback: unknown }

function columnsOf(table: Table): Column[] {
  return Object.entries(getTableColumns(table)).map(([key, col]) => {
    const c = col as unknown as { name: string; getSQLType(): string; dataType: string; columnType: string; default: unknown; hasDefault: boolean }
    const sqlType = c.getSQLType()
    return {
      key,
      name: c.name,
      sqlType,
      json: c.dataType === 'json' || sqlType === 'jsonb' || c.columnType === 'SQLiteTextJson',
      bool: c.dataType === 'boolean',
      fallback: c.hasDefault && typeof c.default !== 'object' && typeof c.default !== 'function' ? c.default : null,
    }
  })
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** A row's value of a column as better-sqlite3 binds it: its default when left out, booleans as 0/1, json as text. */
function sqliteValue(c: Column, row: Record<string, unknown>): unknown {
  const v = row[c.key]
  const given = v === undefined ? c.fallback : v
  return given === null || given === undefined ? null : c.bool ? (given ? 1 : 0) : c.json ? JSON.stringify(given) : given
}

export function bulkLoader(database: Database): BulkLoader {
  const raw = database.raw
  if (raw.kind === 'sqlite') {
    const sqlite = raw.sqlite
    return {
      async insert(table, rows) {
        if (rows.length === 0) return
        const cols = columnsOf(table)
        const stmt = sqlite.prepare(
          `insert into ${quote(getTableName(table))} (${cols.map((c) => quote(c.name)).join(', ')}) values (${cols.map(() => '?').join(', ')})`,
        )
        const values = new Array<unknown>(cols.length)
        sqlite.transaction(() => {
          for (const row of rows as Array<Record<string, unknown>>) {
            for (let i = 0; i < cols.length; i++) values[i] = sqliteValue(cols[i]!, row)
            stmt.run(values)
          }
        })()
      },
      async analyze() {
        sqlite.exec('analyze')
      },
      async schemaObjects() {
        const rows = sqlite.prepare(`select name from sqlite_master where type in ('index', 'trigger') order by name`).all() as Array<{ name: string }>
        return rows.map((r) => r.name)
      },
      async deferIndexes(tables) {
        const names = tables.map((table) => getTableName(table))
        const marks = names.map(() => '?').join(', ')
        const dropped = sqlite
          .prepare(
            `select type, name, sql from sqlite_master where type in ('index', 'trigger') and sql is not null and sql not like 'CREATE UNIQUE INDEX%' and tbl_name in (${marks})`,
          )
          .all(...names) as Array<{ type: 'index' | 'trigger'; name: string; sql: string }>
        // External-content full-text tables fed by a dropped trigger: rebuilt from their content table afterwards.
        const searches = (
          sqlite.prepare(`select name, sql from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%fts5%'`).all() as Array<{
            name: string
            sql: string
          }>
        ).filter((v) => names.some((n) => v.sql.includes(`content='${n}'`)))
        for (const d of dropped) sqlite.exec(`drop ${d.type} ${quote(d.name)}`)
        return async () => {
          for (const d of dropped) sqlite.exec(d.sql)
          for (const v of searches) sqlite.exec(`insert into ${quote(v.name)}(${quote(v.name)}) values ('rebuild')`)
        }
      },
    }
  }
  const pool = raw.pool
  return {
    async insert(table, rows) {
      if (rows.length === 0) return
      const cols = columnsOf(table)
      const arrays = cols.map(() => new Array<unknown>(rows.length))
      ;(rows as Array<Record<string, unknown>>).forEach((row, r) => {
        for (let i = 0; i < cols.length; i++) {
          const c = cols[i]!
          const v = row[c.key]
          arrays[i]![r] = v === undefined ? c.fallback : v === null ? null : c.json ? JSON.stringify(v) : v
        }
      })
      // json columns travel as text arrays and are cast per element; every other type casts as an array.
      const select = cols.map((c, i) => (c.json ? `cast(u.c${i} as ${c.sqlType})` : `u.c${i}`)).join(', ')
      const unnest = cols.map((c, i) => `$${i + 1}::${c.json ? 'text' : c.sqlType}[]`).join(', ')
      const names = cols.map((_, i) => `c${i}`).join(', ')
      await pool.query(
        `insert into ${quote(getTableName(table))} (${cols.map((c) => quote(c.name)).join(', ')}) select ${select} from unnest(${unnest}) as u(${names})`,
        arrays,
      )
    },
    async schemaObjects() {
      const { rows } = await pool.query<{ name: string }>(
        `select indexname as name from pg_indexes where schemaname = current_schema()
         union all select tgname from pg_trigger where not tgisinternal order by name`,
      )
      return rows.map((r) => r.name)
    },
    async deferIndexes(tables) {
      const names = tables.map((table) => getTableName(table))
      const { rows } = await pool.query<{ name: string; definition: string }>(
        `select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = any($1)
            and indexdef not like 'CREATE UNIQUE INDEX%'
            and indexname not in (select conname from pg_constraint where connamespace = current_schema()::regnamespace)`,
        [names],
      )
      for (const index of rows) await pool.query(`drop index ${quote(index.name)}`)
      return async () => {
        for (const index of rows) await pool.query(index.definition)
      }
    },
    async analyze() {
      // VACUUM as well: a freshly loaded table has no visibility map, so every index-only scan (the lists' counts)
      // would read the table's pages too until autovacuum comes round.
      await pool.query('vacuum (analyze)')
    },
  }
}

const sqliteInserts = new WeakMap<object, Map<string, { run(values: unknown[]): unknown }>>()
/** Rows a PostgreSQL statement of insertMany carries: one array parameter a column, so one parse and round trip each. */
const PG_ROWS_PER_STATEMENT = 10_000

/**
 * Many rows into one table inside the caller's transaction `tx`, straight to the driver — for a job that writes tens
 * of thousands of rows (a lead list's numbers), where drizzle's building of multi-row statements is most of the time
 * (450,000 rows: 9 s through the query builder, under a second here). SQLite runs one prepared single-row INSERT a row
 * on its one connection, inside the transaction that connection has open (checked); PostgreSQL sends INSERT … SELECT
 * FROM unnest(…) on the transaction's own connection. `ignoreConflicts`: a row whose key exists is skipped (ON
 * CONFLICT DO NOTHING). Keep each call's rows to what one short transaction should hold.
 */
export async function insertMany<T extends Table>(
  database: Database,
  tx: unknown,
  table: T,
  rows: Array<InferInsertModel<T>>,
  opts: { ignoreConflicts?: boolean } = {},
): Promise<void> {
  if (rows.length === 0) return
  const cols = columnsOf(table)
  const conflict = opts.ignoreConflicts ? ' on conflict do nothing' : ''
  const into = `insert into ${quote(getTableName(table))} (${cols.map((c) => quote(c.name)).join(', ')})`
  const raw = database.raw
  if (raw.kind === 'sqlite') {
    if (!raw.sqlite.inTransaction) throw new Error('insertMany: call it inside the transaction it writes in')
    let statements = sqliteInserts.get(raw.sqlite)
    if (!statements) sqliteInserts.set(raw.sqlite, (statements = new Map()))
    const text = `${into} values (${cols.map(() => '?').join(', ')})${conflict}`
    let stmt = statements.get(text)
    if (!stmt) statements.set(text, (stmt = raw.sqlite.prepare(text)))
    const values = new Array<unknown>(cols.length)
    for (const row of rows as Array<Record<string, unknown>>) {
      for (let i = 0; i < cols.length; i++) values[i] = sqliteValue(cols[i]!, row)
      stmt.run(values)
    }
    return
  }
  // The transaction's own connection (drizzle's node-postgres transaction keeps it on its session, as prepared.ts reads it).
  const client = (tx as { session?: { client?: { query(text: string, values: unknown[]): Promise<unknown> } } }).session?.client
  if (!client) throw new Error('insertMany: cannot find the transaction’s PostgreSQL connection (drizzle internals moved)')
  const select = cols.map((c, i) => (c.json ? `cast(u.c${i} as ${c.sqlType})` : `u.c${i}`)).join(', ')
  const unnest = cols.map((c, i) => `$${i + 1}::${c.json ? 'text' : c.sqlType}[]`).join(', ')
  const text = `${into} select ${select} from unnest(${unnest}) as u(${cols.map((_, i) => `c${i}`).join(', ')})${conflict}`
  for (let from = 0; from < rows.length; from += PG_ROWS_PER_STATEMENT) {
    const some = (rows as Array<Record<string, unknown>>).slice(from, from + PG_ROWS_PER_STATEMENT)
    const arrays = cols.map((c) =>
      some.map((row) => (row[c.key] === undefined ? c.fallback : row[c.key] === null ? null : c.json ? JSON.stringify(row[c.key]) : row[c.key])),
    )
    await client.query(text, arrays)
  }
}
