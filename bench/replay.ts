import fs from 'node:fs'
import BetterSqlite3 from 'better-sqlite3'

/**
 * The replay limit of bench:sync (issue 72): the statements a server sent to SQLite (its `DB_STATEMENT_LOG`), run
 * again straight through the driver on a copy of the database as it was before them, each distinct statement
 * prepared once — what the same work costs SQLite alone, with nothing of the product around it.
 */

/** A consistent copy of a live SQLite database (the server keeps running). */
export async function snapshot(file: string, to: string): Promise<void> {
  const live = new BetterSqlite3(file, { readonly: true })
  try {
    await live.backup(to)
  } finally {
    live.close()
  }
}

/** The log's size now: where the statements of what follows begin. */
export const logOffset = (log: string) => (fs.existsSync(log) ? fs.statSync(log).size : 0)

type Logged = { s: string; p: unknown[]; m: 'run' | 'all' | 'values' | 'get' }

/** Replays the log's statements between two offsets on `file`: this process's CPU and wall time for them, ms. */
export function replay(file: string, log: string, from: number, to: number): { statements: number; cpuMs: number; wallMs: number } {
  const fd = fs.openSync(log, 'r')
  const buffer = Buffer.alloc(to - from)
  fs.readSync(fd, buffer, 0, buffer.length, from)
  fs.closeSync(fd)
  const revive = (value: unknown) =>
    value && typeof value === 'object' && (value as { type?: string }).type === 'Buffer' ? Buffer.from((value as { data: number[] }).data) : value
  const statements = buffer
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Logged)
    .map((l) => ({ ...l, p: l.p.map(revive) }))
  // The server's settings (server/db/client.ts), so the replay does what the server's statements did.
  const db = new BetterSqlite3(file)
  db.pragma('journal_mode = WAL')
  db.pragma('foreign_keys = ON')
  db.pragma('synchronous = NORMAL')
  db.pragma('cache_size = -65536')
  db.pragma('temp_store = MEMORY')
  db.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value) as never)
  const prepared = new Map<string, BetterSqlite3.Statement>()
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (const { s, p, m } of statements) {
    let stmt = prepared.get(s)
    if (!stmt) prepared.set(s, (stmt = db.prepare(s)))
    if (!stmt.reader) stmt.run(...p)
    else if (m === 'get') stmt.raw(true).get(...p)
    else stmt.raw(true).all(...p)
  }
  const wallMs = performance.now() - started
  const used = process.cpuUsage(cpu)
  db.close()
  return { statements: statements.length, cpuMs: (used.user + used.system) / 1000, wallMs }
}
