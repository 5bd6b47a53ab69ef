import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type pg from 'pg'
import type { Database, Dialect } from './client'
import { oldestReleaseFor } from './compatibility'

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
  constructor(applied: number, known: number, oldestRelease?: number) {
    super(
      `The database schema is newer than this version of Säljkraft: it has ${applied} migration(s) applied, ` +
        `this code knows ${known}` +
        (oldestRelease !== undefined ? ` and the schema needs a release that knows at least ${oldestRelease}` : '') +
        `. Start the newer version of the application (or restore a matching backup); nothing was changed.`,
    )
    this.name = 'SchemaTooNewError'
  }
}

/** What a migration run found: `ahead` migrations of a newer release this code runs beside (decision 085). */
export type MigrationRun = { applied: number; ahead: number }

/** The statements a migration run needs, on either database. */
type Ledger = {
  /** the applied migrations: how many, the newest's time, and whether this code's newest is among them */
  state(newestKnown: number): Promise<{ n: number; newest: number; hasNewestKnown: boolean } | null>
  /** the compatibility row, when the table and the row exist */
  compatibility(): Promise<{ oldestRelease: number; writtenBy: number } | null>
  migrate(): Promise<void>
  writeCompatibility(oldestRelease: number, writtenBy: number): Promise<void>
}

/**
 * Applies the committed migrations of the database's dialect, forward only, and records which releases may run on
 * the result (decision 085: expand, then contract). A database a newer release has migrated is used as it is when
 * that release's migrations only added to what this code knows (its compatibility row says so); otherwise
 * SchemaTooNewError. On PostgreSQL an advisory lock keeps instances that start together from migrating twice.
 */
export async function runMigrations(database: Database): Promise<MigrationRun> {
  if (database.raw.kind === 'sqlite') return migrateWith(database.dialect, sqliteLedger(database.raw.sqlite))
  const client = await database.raw.pool.connect()
  try {
    await client.query("select pg_advisory_lock(hashtext('saljkraft:migrate'))")
    return await migrateWith(database.dialect, pgLedger(client))
  } finally {
    await client.query("select pg_advisory_unlock(hashtext('saljkraft:migrate'))").catch(() => undefined)
    client.release()
  }
}

async function migrateWith(dialect: Dialect, ledger: Ledger): Promise<MigrationRun> {
  const journal = readJournal(dialect)
  const known = journal.entries.length
  const newestKnown = Math.max(0, ...journal.entries.map((e) => e.when))
  const before = await ledger.state(newestKnown)
  if (before && (before.newest > newestKnown || before.n > known)) {
    const compatibility = await ledger.compatibility()
    // This code's migrations must all be there (the newest of them among the applied), and the newer release must
    // have said that releases knowing as many as this one may still run on what it made.
    if (!compatibility || !before.hasNewestKnown || known < compatibility.oldestRelease) {
      throw new SchemaTooNewError(before.n, known, compatibility?.oldestRelease)
    }
    return { applied: known, ahead: before.n - known }
  }
  await ledger.migrate()
  await ledger.writeCompatibility(oldestReleaseFor(journal.entries.map((e) => e.tag)), known)
  return { applied: known, ahead: 0 }
}

function sqliteLedger(sqlite: BetterSqlite3.Database): Ledger {
  const exists = (name: string) => !!sqlite.prepare("select name from sqlite_master where type = 'table' and name = ?").get(name)
  let before = 0
  return {
    async state(newestKnown) {
      if (!exists('__drizzle_migrations')) return null
      const row = sqlite.prepare('select count(*) as n, max(created_at) as newest from __drizzle_migrations').get() as { n: number; newest: number | null }
      before = row.n
      const has = !!sqlite.prepare('select 1 from __drizzle_migrations where created_at = ?').get(newestKnown)
      return { n: row.n, newest: row.newest ?? 0, hasNewestKnown: has }
    },
    async compatibility() {
      if (!exists('schema_compatibility')) return null
      const row = sqlite.prepare("select oldest_release as o, written_by as w from schema_compatibility where id = 'current'").get() as
        { o: number; w: number } | undefined
      return row ? { oldestRelease: row.o, writtenBy: row.w } : null
    },
    async migrate() {
      migrateSqlite(drizzleSqlite(sqlite), { migrationsFolder: migrationsFolder('sqlite') })
      // New indexes on a database with data have no statistics yet, and without them SQLite's planner guesses (an
      // equality on any indexed column "matches ten rows") and may sort a million rows. Only the tables with an
      // index the statistics do not know are analysed, and whole: a sampled ANALYZE (analysis_limit) drops the
      // table's histograms (sqlite_stat4), and without them a range such as a year of sell dates is guessed to be
      // a small part of the table, so a year of a million sales is read through the wrong index.
      const after = (sqlite.prepare('select count(*) as n from __drizzle_migrations').get() as { n: number }).n
      if (before > 0 && before < after) analyseNewIndexes(sqlite)
    },
    async writeCompatibility(oldestRelease, writtenBy) {
      sqlite
        .prepare(
          `insert into schema_compatibility (id, oldest_release, written_by, updated_at) values ('current', ?, ?, ?)
             on conflict (id) do update set oldest_release = excluded.oldest_release, written_by = excluded.written_by, updated_at = excluded.updated_at`,
        )
        .run(oldestRelease, writtenBy, Date.now())
    },
  }
}

function pgLedger(client: pg.PoolClient): Ledger {
  const exists = async (name: string) => !!(await client.query<{ t: string | null }>('select to_regclass($1)::text as t', [name])).rows[0]?.t
  return {
    async state(newestKnown) {
      if (!(await exists('drizzle.__drizzle_migrations'))) return null
      const res = await client.query<{ n: string; newest: string | null; has: boolean }>(
        'select count(*) as n, max(created_at) as newest, bool_or(created_at = $1) as has from drizzle.__drizzle_migrations',
        [newestKnown],
      )
      const row = res.rows[0]
      return { n: Number(row?.n ?? 0), newest: Number(row?.newest ?? 0), hasNewestKnown: !!row?.has }
    },
    async compatibility() {
      if (!(await exists('public.schema_compatibility'))) return null
      const res = await client.query<{ o: number; w: number }>("select oldest_release as o, written_by as w from schema_compatibility where id = 'current'")
      return res.rows[0] ? { oldestRelease: res.rows[0].o, writtenBy: res.rows[0].w } : null
    },
    async migrate() {
      await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder('pg') })
    },
    async writeCompatibility(oldestRelease, writtenBy) {
      await client.query(
        `insert into schema_compatibility (id, oldest_release, written_by, updated_at) values ('current', $1, $2, $3)
           on conflict (id) do update set oldest_release = excluded.oldest_release, written_by = excluded.written_by, updated_at = excluded.updated_at`,
        [oldestRelease, writtenBy, Date.now()],
      )
    },
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
