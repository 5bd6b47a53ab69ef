import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { Database, Dialect } from './client'

const here = path.dirname(fileURLToPath(import.meta.url))

export function migrationsFolder(dialect: Dialect): string {
  return path.join(here, 'migrations', dialect)
}

type Journal = { entries: Array<{ idx: number; when: number; tag: string }> }

/** The committed journal, read once per dialect (the readiness check asks for it on every probe). */
const journals = new Map<Dialect, Journal>()
function readJournal(dialect: Dialect): Journal {
  let journal = journals.get(dialect)
  if (!journal) journals.set(dialect, (journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder(dialect), 'meta', '_journal.json'), 'utf8')) as Journal))
  return journal
}

export class SchemaTooNewError extends Error {
  constructor(applied: number, known: number) {
    super(
      `The database schema is newer than this version of Säljkraft: it has ${applied} migration(s) applied, ` +
        `this code knows ${known}. Start the newer version of the application (or restore a matching backup); ` +
        `nothing was changed.`,
    )
    this.name = 'SchemaTooNewError'
  }
}

/**
 * Applies the committed migrations of the database's dialect, forward only.
 * Refuses (SchemaTooNewError) when the database carries migrations this code does not know.
 * On PostgreSQL an advisory lock keeps instances that start together from migrating twice.
 */
export async function runMigrations(database: Database): Promise<{ applied: number }> {
  const journal = readJournal(database.dialect)
  const known = journal.entries.length
  const newestKnown = Math.max(0, ...journal.entries.map((e) => e.when))

  if (database.raw.kind === 'sqlite') {
    const sqlite = database.raw.sqlite
    const table = sqlite.prepare("select name from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get()
    let before = 0
    if (table) {
      const row = sqlite.prepare('select count(*) as n, max(created_at) as newest from __drizzle_migrations').get() as {
        n: number
        newest: number | null
      }
      if ((row.newest ?? 0) > newestKnown || row.n > known) throw new SchemaTooNewError(row.n, known)
      before = row.n
    }
    migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder: migrationsFolder('sqlite') })
    // New indexes on a database with data have no statistics yet, and without them SQLite's planner guesses (an
    // equality on any indexed column "matches ten rows") and may sort a million rows. Only the tables with an
    // index the statistics do not know are analysed, and whole: a sampled ANALYZE (analysis_limit) drops the
    // table's histograms (sqlite_stat4), and without them a range such as a year of sell dates is guessed to be
    // a small part of the table, so a year of a million sales is read through the wrong index.
    if (before > 0 && before < known) analyseNewIndexes(sqlite)
    return { applied: known }
  }

  const client = await database.raw.pool.connect()
  try {
    await client.query("select pg_advisory_lock(hashtext('saljkraft:migrate'))")
    const exists = await client.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as t")
    if (exists.rows[0]?.t) {
      const res = await client.query<{ n: string; newest: string | null }>('select count(*) as n, max(created_at) as newest from drizzle.__drizzle_migrations')
      const n = Number(res.rows[0]?.n ?? 0)
      const newest = Number(res.rows[0]?.newest ?? 0)
      if (newest > newestKnown || n > known) throw new SchemaTooNewError(n, known)
    }
    await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder('pg') })
    return { applied: known }
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('saljkraft:migrate'))").catch(() => undefined)
    client.release()
  }
}

/**
 * Gives the SQLite planner statistics for indexes it has none for (after a migration added them): each table with
 * such an index is analysed whole, the others keep theirs. A database never analysed is analysed whole.
 */
export function analyseNewIndexes(sqlite: BetterSqlite3.Database) {
  const analysed = sqlite.prepare("select 1 from sqlite_master where type = 'table' and name = 'sqlite_stat1'").get()
  if (!analysed) {
    sqlite.exec('analyze')
    return
  }
  const stale = sqlite
    .prepare(
      `select distinct m.tbl_name as name from sqlite_master m
         where m.type = 'index' and m.sql is not null and not exists (select 1 from sqlite_stat1 s where s.idx = m.name)`,
    )
    .all() as Array<{ name: string }>
  for (const { name } of stale) sqlite.exec(`analyze "${name.replace(/"/g, '""')}"`)
}

/** How many of this code's migrations the database has applied (readiness: a database behind the code is not ready). */
export async function migrationState(database: Database): Promise<{ applied: number; known: number }> {
  const known = readJournal(database.dialect).entries.length
  if (database.raw.kind === 'sqlite') {
    const sqlite = database.raw.sqlite
    const table = sqlite.prepare("select name from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get()
    const row = table ? (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }) : { n: 0 }
    return { applied: row.n, known }
  }
  const pool = database.raw.pool
  const exists = await pool.query<{ t: string | null }>("select to_regclass('drizzle.__drizzle_migrations')::text as t")
  if (!exists.rows[0]?.t) return { applied: 0, known }
  const res = await pool.query<{ n: string }>('select count(*) as n from drizzle.__drizzle_migrations')
  return { applied: Number(res.rows[0]?.n ?? 0), known }
}
