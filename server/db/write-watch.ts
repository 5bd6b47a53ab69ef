import type { Database } from './client'

/**
 * For tests that must prove a request wrote nothing: a trigger on every table of the database (read from the
 * database's own catalogue, so a table no schema file names is watched too) adds one to a counter for each row
 * inserted, updated or deleted. Reading the counter is one statement, where comparing the whole database before
 * and after a request read every table twice. A write that is rolled back rolls its count back with it.
 *
 * `except` names tables a refused request may still write by design (a failed sign-in's counter, a session's
 * last-seen time). Only for a test's own database: it adds a table and triggers to it.
 */
export async function watchWrites(database: Database, except: readonly string[]): Promise<() => Promise<number>> {
  const skip = new Set([...except, WATCH_TABLE])
  if (database.raw.kind === 'sqlite') {
    const sqlite = database.raw.sqlite
    // Ordinary tables only: a virtual table (full-text search) takes no trigger, and its shadow tables are written
    // by the module for the rows of an ordinary table, whose writes are counted.
    const tables = (
      sqlite.prepare("select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%'").all() as Array<{
        name: string
      }>
    )
      .map((r) => r.name)
      .filter((name) => !skip.has(name))
    sqlite.exec(`create table ${WATCH_TABLE} (n integer not null); insert into ${WATCH_TABLE} values (0);`)
    for (const name of tables)
      for (const op of ['insert', 'update', 'delete'])
        sqlite.exec(`create trigger "${WATCH_TABLE}_${op}_${name}" after ${op} on ${quote(name)} for each row begin update ${WATCH_TABLE} set n = n + 1; end;`)
    const read = sqlite.prepare(`select n from ${WATCH_TABLE}`)
    return async () => (read.get() as { n: number }).n
  }
  const pool = database.raw.pool
  const { rows } = await pool.query<{ name: string; schema: string }>(
    "select table_name as name, table_schema as schema from information_schema.tables where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')",
  )
  await pool.query(`create table ${WATCH_TABLE} (n bigint not null); insert into ${WATCH_TABLE} values (0);
    create function ${WATCH_TABLE}_bump() returns trigger language plpgsql as $$ begin update ${WATCH_TABLE} set n = n + 1; return null; end $$;`)
  for (const { name, schema } of rows) {
    if (skip.has(name)) continue
    await pool.query(
      `create trigger ${WATCH_TABLE}_bump after insert or update or delete on ${quote(schema)}.${quote(name)} for each row execute function ${WATCH_TABLE}_bump()`,
    )
  }
  return async () => Number((await pool.query<{ n: string }>(`select n from ${WATCH_TABLE}`)).rows[0]!.n)
}

const WATCH_TABLE = 'test_write_watch'

function quote(name: string): string {
  return `"${name.replace(/"/g, '""')}"`
}
