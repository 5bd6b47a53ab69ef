import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import type { Dialect } from './client'

/**
 * Backups that restore (issue 71, docs/operations.md). Everything the product keeps is in its database (stored files
 * included), so a backup is the database at one moment, taken while the server runs, with a manifest: the files and
 * their SHA-256, and every table's row count at that moment. SQLite is copied through its online backup API (a
 * consistent copy page by page, never a file copy of a database being written); PostgreSQL through `pg_dump` in
 * its custom format, on a snapshot exported from a transaction that also counts the rows. A restore checks every
 * checksum before it touches anything, goes only into an empty place (unless forced), and afterwards checks the
 * restored tables against the manifest.
 */

export const BACKUP_FORMAT = 'saljkraft-backup'
export const SQLITE_FILE = 'saljkraft.sqlite'
const DUMP_FILE = 'saljkraft.dump'

export type BackupManifest = {
  format: typeof BACKUP_FORMAT
  version: 1
  createdAt: string
  dialect: Dialect
  files: Array<{ name: string; bytes: number; sha256: string }>
  /** rows per table at the backup's moment (PostgreSQL: schema-qualified names) */
  tables: Record<string, number>
}

/** Where a backup comes from or goes to: the embedded database's folder, or a PostgreSQL URL. */
export type BackupPlace = { databaseUrl?: string; dataDir: string }

export class BackupError extends Error {
  constructor(
    readonly reason: 'corrupt' | 'notEmpty' | 'mismatch' | 'failed',
    message: string,
  ) {
    super(message)
    this.name = 'BackupError'
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError('failed', `${command} ended with ${code}: ${stderr.trim().slice(0, 2000)}`))))
  })
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

function sqliteCounts(db: BetterSqlite3.Database): Record<string, number> {
  const names = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").pluck().all() as string[]
  const counts: Record<string, number> = {}
  for (const name of names)
    counts[name] = Number(
      db
        .prepare(`select count(*) from ${quoted(name)}`)
        .pluck()
        .get(),
    )
  return counts
}

async function pgTables(client: pg.ClientBase): Promise<string[]> {
  const res = await client.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1`,
  )
  return res.rows.map((r) => r.name)
}

async function pgCounts(client: pg.ClientBase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await pgTables(client)) {
    const [schema, table] = name.split('.') as [string, string]
    const res = await client.query<{ n: string }>(`select count(*) as n from ${quoted(schema)}.${quoted(table)}`)
    counts[name] = Number(res.rows[0]!.n)
  }
  return counts
}

async function writeManifest(dir: string, dialect: Dialect, fileNames: string[], tables: Record<string, number>) {
  const files = []
  for (const name of fileNames) {
    const full = path.join(dir, name)
    files.push({ name, bytes: fs.statSync(full).size, sha256: await sha256Of(full) })
  }
  const manifest: BackupManifest = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), dialect, files, tables }
  fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
  return manifest
}

/** Takes a backup of the database at `from` into the empty or new folder `dir`, then verifies what it wrote. */
export async function backup(from: BackupPlace, dir: string): Promise<BackupManifest> {
  fs.mkdirSync(dir, { recursive: true })
  if (fs.readdirSync(dir).length > 0) throw new BackupError('notEmpty', `${dir} is not empty: a backup goes into a folder of its own`)
  let manifest: BackupManifest
  if (!from.databaseUrl) {
    const source = new BetterSqlite3(path.join(from.dataDir, SQLITE_FILE), { fileMustExist: true })
    try {
      // SQLite's online backup API, every page in one step: one read transaction, so the copy is the database at
      // one moment while the server goes on writing (WAL lets it). In small steps a busy server's every write would
      // restart the copy, and a large database's might never end.
      await source.backup(path.join(dir, SQLITE_FILE), { progress: () => 0x7fffffff })
    } finally {
      source.close()
    }
    // The copy as one self-contained file (no write-ahead log beside it); the server turns WAL on again at start.
    const own = new BetterSqlite3(path.join(dir, SQLITE_FILE))
    own.pragma('journal_mode = DELETE')
    own.close()
    const copy = new BetterSqlite3(path.join(dir, SQLITE_FILE), { readonly: true })
    try {
      manifest = await writeManifest(dir, 'sqlite', [SQLITE_FILE], sqliteCounts(copy))
    } finally {
      copy.close()
    }
  } else {
    const client = new pg.Client({ connectionString: from.databaseUrl })
    await client.connect()
    try {
      // One snapshot for the dump and the counts: pg_dump reads the database as this transaction sees it.
      await client.query('begin isolation level repeatable read read only')
      const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id
      await run('pg_dump', [
        '--format=custom',
        `--snapshot=${snapshot}`,
        '--no-owner',
        '--no-privileges',
        `--file=${path.join(dir, DUMP_FILE)}`,
        from.databaseUrl,
      ])
      const counts = await pgCounts(client)
      await client.query('commit')
      manifest = await writeManifest(dir, 'pg', [DUMP_FILE], counts)
    } finally {
      await client.end()
    }
  }
  await verify(dir)
  return manifest
}

/** Reads a backup's manifest and checks every file against it: a changed byte is refused (`corrupt`). */
export async function verify(dir: string): Promise<BackupManifest> {
  let manifest: BackupManifest
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest
  } catch {
    throw new BackupError('corrupt', `${dir} holds no readable manifest.json`)
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1) throw new BackupError('corrupt', `${dir} is not a backup this version reads`)
  for (const f of manifest.files) {
    const full = path.join(dir, path.basename(f.name))
    if (!fs.existsSync(full)) throw new BackupError('corrupt', `${f.name} is missing from the backup`)
    if (fs.statSync(full).size !== f.bytes || (await sha256Of(full)) !== f.sha256) {
      throw new BackupError('corrupt', `${f.name} does not match its checksum: the backup is damaged and is not restored`)
    }
  }
  return manifest
}

function compare(expected: Record<string, number>, found: Record<string, number>) {
  const wrong = Object.keys({ ...expected, ...found }).filter((name) => expected[name] !== found[name])
  if (wrong.length > 0) {
    throw new BackupError(
      'mismatch',
      `the restored tables differ from the backup's: ${wrong.map((n) => `${n} ${found[n] ?? 'missing'} of ${expected[n] ?? 'none'}`).join(', ')}`,
    )
  }
}

/**
 * Restores the backup in `dir` into `to`: checked first; only into an empty place unless `force` (which replaces
 * what is there); then the restored rows are counted against the manifest.
 */
export async function restore(dir: string, to: BackupPlace, opts: { force?: boolean } = {}): Promise<BackupManifest> {
  const manifest = await verify(dir)
  if (manifest.dialect === 'sqlite') {
    if (to.databaseUrl) throw new BackupError('failed', 'this backup is of an embedded SQLite database: restore it into a DATA_DIR (unset DATABASE_URL)')
    const target = path.join(to.dataDir, SQLITE_FILE)
    if (fs.existsSync(target) && !opts.force)
      throw new BackupError('notEmpty', `${target} exists: restore into an empty DATA_DIR, or add --force to replace it`)
    fs.mkdirSync(to.dataDir, { recursive: true })
    const partial = `${target}.restoring`
    fs.copyFileSync(path.join(dir, SQLITE_FILE), partial)
    for (const extra of ['-wal', '-shm']) fs.rmSync(`${target}${extra}`, { force: true })
    fs.renameSync(partial, target)
    const restored = new BetterSqlite3(target, { readonly: true })
    try {
      const check = restored.prepare('pragma integrity_check').pluck().get()
      if (check !== 'ok') throw new BackupError('mismatch', `the restored database fails its integrity check: ${String(check)}`)
      compare(manifest.tables, sqliteCounts(restored))
    } finally {
      restored.close()
    }
    return manifest
  }
  if (!to.databaseUrl) throw new BackupError('failed', 'this backup is of a PostgreSQL database: restore it into one (set DATABASE_URL)')
  const client = new pg.Client({ connectionString: to.databaseUrl })
  await client.connect()
  try {
    const existing = await pgTables(client)
    if (existing.length > 0 && !opts.force) {
      throw new BackupError('notEmpty', `the database holds ${existing.length} tables: restore into an empty database, or add --force to replace them`)
    }
    if (existing.length > 0) await client.query('drop schema if exists drizzle cascade; drop schema public cascade; create schema public')
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${to.databaseUrl}`, path.join(dir, DUMP_FILE)])
    compare(manifest.tables, await pgCounts(client))
  } finally {
    await client.end()
  }
  return manifest
}
