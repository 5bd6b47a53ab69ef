import type { BuildColumns } from 'drizzle-orm'
import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'

/**
 * Each table is written once and built for both databases (docs/decisions/068): its columns are the kinds below,
 * which say what a column holds (a time in epoch milliseconds, a flag, JSON), and each kind is the right type on
 * each database. The PostgreSQL tables take the SQLite ones' place at run time (server/db/client.ts), so the code
 * is typed by the SQLite build; schema-parity.test.ts checks at run time that both builds have the same columns,
 * data types, nullability, defaults, keys and indexes.
 */

/** The column kinds, typed as their SQLite columns (the PostgreSQL kit below builds the same kinds). */
const sqliteKit = {
  /** A text UUID primary key. */
  id: () => s.text('id').primaryKey(),
  createdAt: () => s.integer('created_at').notNull(),
  updatedAt: () => s.integer('updated_at').notNull(),
  text: s.text,
  /** A count or an amount that fits 32 bits. */
  integer: (name: string) => s.integer(name),
  /** An amount that may pass 2^31 (a sum of öre): int8 on PostgreSQL, read as a JavaScript number. */
  bigint: (name: string) => s.integer(name),
  /** A time in epoch milliseconds: int8 on PostgreSQL, read as a JavaScript number. */
  ms: (name: string) => s.integer(name),
  bool: (name: string) => s.integer(name, { mode: 'boolean' }),
  /** A measurement with a fraction (a coordinate in degrees, an accuracy in metres): real / double precision. */
  real: (name: string) => s.real(name),
  /** JSON: text on SQLite, jsonb on PostgreSQL. */
  json: (name: string) => s.text(name, { mode: 'json' }),
  bytes: (name: string) => s.blob(name, { mode: 'buffer' }),
  index: s.index,
  uniqueIndex: s.uniqueIndex,
  primaryKey: s.primaryKey,
  /** A row number the database gives (an append-only log's order): autoincrement on SQLite, an identity on PostgreSQL. */
  serial: (name: string) => s.integer(name).primaryKey({ autoIncrement: true }),
  /** The same, for a log that may pass 2^31 rows (int8 on PostgreSQL). */
  bigserial: (name: string) => s.integer(name).primaryKey({ autoIncrement: true }),
  /** A time kept as a date (the rate limiters' store reads and writes Date objects). */
  date: (name: string) => s.integer(name, { mode: 'timestamp_ms' }),
  /** The table of this build for a table of the SQLite build (a foreign key's target). */
  of: <T>(table: T): T => table,
  /**
   * A text foreign key to another table's `id`: `k.ref('user_id', () => users, 'cascade')`. The table is named
   * lazily (it may be defined later, or be this one) and as its SQLite build: each build finds its own.
   */
  ref: (name: string, target: () => { id: s.AnySQLiteColumn }, onDelete?: OnDelete) => s.text(name).references(() => target().id, onDelete && { onDelete }),
}
export type Kit = typeof sqliteKit
type OnDelete = 'cascade' | 'set null'

const bytea = p.customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' })
const int8 = (name: string) => p.bigint(name, { mode: 'number' })

const pgKit = {
  ref: (name: string, target: () => object, onDelete?: OnDelete) =>
    p.text(name).references(() => (pgTwin(target()) as { id: p.AnyPgColumn }).id, onDelete && { onDelete }),
  id: () => p.text('id').primaryKey(),
  createdAt: () => int8('created_at').notNull(),
  updatedAt: () => int8('updated_at').notNull(),
  text: p.text,
  integer: (name: string) => p.integer(name),
  bigint: int8,
  ms: int8,
  bool: (name: string) => p.boolean(name),
  real: (name: string) => p.doublePrecision(name),
  json: (name: string) => p.jsonb(name),
  bytes: (name: string) => bytea(name),
  index: p.index,
  uniqueIndex: p.uniqueIndex,
  primaryKey: p.primaryKey,
  serial: (name: string) => p.integer(name).primaryKey().generatedByDefaultAsIdentity(),
  bigserial: (name: string) => int8(name).primaryKey().generatedByDefaultAsIdentity(),
  date: (name: string) => p.timestamp(name, { mode: 'date', withTimezone: true, precision: 3 }),
  of: pgTwin,
} as unknown as Kit

/** A SQLite table's PostgreSQL build (a foreign key's target on PostgreSQL). */
function pgTwin(table: object): object {
  const twin = twins.get(table)
  if (!twin) throw new Error('A foreign key names a table not built by table()')
  return twin
}

/** Each SQLite table's PostgreSQL build, for `of`. */
const twins = new WeakMap<object, object>()

/**
 * A table for both databases: `[sqliteTable, pgTable]`. `columns` and `extras` (indexes, keys) are called once per
 * database with that database's kit.
 */
export function table<TName extends string, TColumns extends Record<string, s.SQLiteColumnBuilderBase>>(
  name: TName,
  columns: (k: Kit) => TColumns,
  extras?: (t: BuildColumns<TName, TColumns, 'sqlite'>, k: Kit) => s.SQLiteTableExtraConfigValue[],
) {
  const sqlite = s.sqliteTable(name, columns(sqliteKit), extras && ((t) => extras(t, sqliteKit)))
  const pg = p.pgTable(
    name,
    columns(pgKit) as unknown as Record<string, p.PgColumnBuilderBase>,
    extras && ((t) => extras(t as never, pgKit) as unknown as p.PgTableExtraConfigValue[]),
  ) as unknown as typeof sqlite
  twins.set(sqlite, pg)
  return [sqlite, pg] as const
}
