import { AsyncLocalStorage } from 'node:async_hooks'
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import { drizzle as drizzleProxy } from 'drizzle-orm/sqlite-proxy'
import pg from 'pg'
import { Mutex } from './mutex'
import * as pgSchema from './schema/pg'
import * as sqliteSchema from './schema/sqlite'
import { log } from '../lib/log'
import { backgroundCheckpoints } from './checkpoints'

/**
 * The data layer's one entry point. The same repository code runs on both dialects:
 * it is typed against the SQLite schema and receives the dialect's own table objects as `t`.
 *
 * SQLite runs through drizzle's async proxy driver on one better-sqlite3 connection, so every
 * query is awaited exactly as on PostgreSQL. better-sqlite3 cannot hold a transaction open across
 * awaits while other requests use the same connection, so `transaction()` takes a FIFO lock:
 * statements issued from inside the transaction (tracked with AsyncLocalStorage) run at once,
 * statements from anywhere else wait until it has committed or rolled back.
 */

export type Schema = typeof sqliteSchema
/**
 * Drizzle is opened without its relational query API (no `schema` option): the code reads through the query
 * builder only, and with a schema drizzle builds a query object for every table (about 150) at each transaction
 * and each savepoint, a quarter of the event dispatcher's time (bench:events, docs/benchmarks.md).
 */
export type Db = BaseSQLiteDatabase<'async', unknown>
export type Dialect = 'sqlite' | 'pg'

export type Database = {
  dialect: Dialect
  /** for single statements and reads; writes that belong together go through transaction() */
  db: Db
  t: Schema
  /**
   * `readOnly`: a read in one consistent snapshot that writes nothing (a device's pull). On PostgreSQL it runs
   * REPEATABLE READ, READ ONLY: a snapshot is all such a read needs, and SERIALIZABLE would take a predicate lock
   * on everything it reads — under a burst of pulls PostgreSQL ran out of them (53200, bench:burst).
   * `indexScans`: a short write by key among many like it at once (a device's push). On PostgreSQL the planner is
   * told not to read whole tables (`SET LOCAL enable_seqscan = off`): SERIALIZABLE locks all of a table a sequential
   * scan reads, and on small tables (a new database's devices, the month deltas) concurrent pushes then failed each
   * other as serialization pivots — 17 of 200 pushes on a fresh database, none with index scans (bench:burst,
   * docs/benchmarks.md). SQLite has nothing to tell.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>, options?: { readOnly?: boolean; indexScans?: boolean }): Promise<T>
  /**
   * Runs `fn` once the transaction the caller is in has committed (never when it rolls back). For work that
   * must not see, or act on, what is not yet durable: waking the event dispatcher, for one. Outside a
   * transaction it throws.
   */
  afterCommit(fn: () => void): void
  /**
   * A read made once per transaction: the first call with `key` in a transaction runs `load`, later calls in the same
   * transaction (its savepoints included) answer the same result. For data the transaction reads again and again but
   * does not change — a catalogue, a template, a setting, read for each sale of a push or each event of a batch;
   * whatever writes such data in a transaction that may have read it calls `forget`. Outside a transaction `load`
   * runs each time.
   */
  reuse<T>(key: string, load: () => Promise<T>): Promise<T>
  /** Drops what `reuse` kept in this transaction under keys starting with `prefix` (after writing that data). */
  forget(prefix: string): void
  /**
   * A row to insert when the transaction the caller is in is about to commit, with the others appended under the same
   * `key` in one statement (`flush` writes them): for what a transaction only adds and never reads back in it — its
   * events, history and log lines — so a push of a hundred sales writes each kind once, not a hundred times. Rows
   * appended in a savepoint that fails are dropped with it (`savepoint`, and database.transaction inside a
   * transaction). Outside a transaction `flush` runs at once on `outside`.
   */
  appendAtCommit<R>(key: string, row: R, flush: (tx: Db, rows: R[]) => Promise<unknown>, outside: Db): Promise<void>
  /** `fn` in a savepoint of the transaction `tx`: when it fails, what it wrote is undone and what it appended dropped. */
  savepoint<T>(tx: Db, fn: (sp: Db) => Promise<T>): Promise<T>
  ping(): Promise<boolean>
  /**
   * Watches every statement sent to the database (the metrics' statement times, the traces' statement spans):
   * `hook` is called as a statement starts and answers what to call when it ends (`failed` when it threw).
   * Nothing is watched until a hook is added.
   */
  onStatement(hook: StatementHook): void
  /** Work to end before the database closes (a timer that would use it, a run to wait for): awaited by close(). */
  onClose(fn: () => void | Promise<void>): void
  close(): Promise<void>
  /** a human description for start-up logs (no secrets) */
  describe: string
  /** the raw driver handle, for migrations only */
  raw: { kind: 'sqlite'; sqlite: BetterSqlite3.Database } | { kind: 'pg'; pool: pg.Pool }
}

/** Called as a statement starts (its SQL text, never its parameters); answers what to call when it ends. */
export type StatementHook = (text: string) => (failed?: boolean) => void

/** Runs `run` between the hooks' start and end (sync or async). */
function watched<T>(hooks: StatementHook[], text: string, run: () => T): T {
  if (hooks.length === 0) return run()
  const ends = hooks.map((hook) => hook(text))
  const end = (failed?: boolean) => {
    for (const e of ends) e(failed)
  }
  let result: T
  try {
    result = run()
  } catch (err) {
    end(true)
    throw err
  }
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    return (result as unknown as Promise<unknown>).then(
      (value) => {
        end()
        return value
      },
      (err: unknown) => {
        end(true)
        throw err
      },
    ) as T
  }
  end()
  return result
}

export type OpenOptions = {
  databaseUrl?: string
  dataDir: string
  sqliteFile?: string
  /** SQLite: append every statement, its parameters and how it ran to this file as JSON lines (a benchmark's replay) */
  statementLog?: string | null
}

export function openDatabase(opts: OpenOptions): Database {
  return opts.databaseUrl ? openPg(opts.databaseUrl) : openSqlite(opts)
}

/** Whether the database answers a trivial statement (the health check's ping). */
function answers(probe: () => Promise<unknown>): Promise<boolean> {
  return probe().then(
    () => true,
    () => false,
  )
}

function openSqlite(opts: OpenOptions): Database {
  fs.mkdirSync(opts.dataDir, { recursive: true })
  const file = opts.sqliteFile ?? path.join(opts.dataDir, 'saljkraft.sqlite')
  const sqlite = new BetterSqlite3(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // 64 MiB of page cache (the default is 2 MiB): a write touches a dozen tables' pages and their indexes.
  sqlite.pragma('cache_size = -65536')
  sqlite.pragma('temp_store = MEMORY')
  // SQLite's own lower() folds only A–Z: "Öresund" would not be found by "öresund". Searches compare lower() of
  // both sides (conditions.ts), so lower() is JavaScript's here, as PostgreSQL's is Unicode-aware there.
  sqlite.function('lower', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value))
  const checkpointer = backgroundCheckpoints(sqlite, file)

  const statements = new Map<string, BetterSqlite3.Statement>()
  const prepare = (text: string): BetterSqlite3.Statement => {
    let stmt = statements.get(text)
    if (!stmt) {
      stmt = sqlite.prepare(text)
      if (statements.size > 500) statements.clear()
      statements.set(text, stmt)
    }
    return stmt
  }

  const hooks: StatementHook[] = []
  const logFd = opts.statementLog ? fs.openSync(opts.statementLog, 'a') : null
  const execute = (text: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    if (logFd !== null) fs.writeSync(logFd, `${JSON.stringify({ s: text, p: params, m: method })}\n`)
    return watched(hooks, text, () => executeNow(text, params, method))
  }
  const executeNow = (text: string, params: unknown[], method: 'run' | 'all' | 'values' | 'get') => {
    const stmt = prepare(text)
    if (!stmt.reader) {
      stmt.run(...params)
      checkpointer.wrote()
      return { rows: [] }
    }
    if (method === 'get') return { rows: (stmt.raw(true).get(...params) as unknown[] | undefined) ?? [] }
    return { rows: stmt.raw(true).all(...params) as unknown[][] }
  }

  const lock = new Mutex()
  const closing = new Set<() => void | Promise<void>>()
  const inTransaction = new AsyncLocalStorage<TransactionStore>()

  const db = drizzleProxy(async (text, params, method) => {
    if (inTransaction.getStore() || !lock.locked) return execute(text, params, method)
    const release = await lock.acquire()
    try {
      return execute(text, params, method)
    } finally {
      release()
    }
  }) as unknown as Db

  return {
    dialect: 'sqlite',
    db,
    t: sqliteSchema,
    async transaction(fn) {
      const outer = inTransaction.getStore()?.tx
      if (outer) return inSavepoint(inTransaction, outer, fn)
      const release = await lock.acquire()
      // The store is set before BEGIN is sent, so BEGIN, the body and COMMIT all pass the lock they hold.
      const store = newStore()
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await inTransaction.run(store, () =>
          db.transaction(
            async (tx) => {
              store.tx = tx as unknown as Db
              const result = await fn(store.tx)
              await flushAppends(store)
              return result
            },
            { behavior: 'immediate' },
          ),
        )
      } finally {
        release()
      }
      runCommitted(store.committed)
      return result
    },
    afterCommit(fn) {
      const store = inTransaction.getStore()
      if (!store) throw new Error('afterCommit() outside a transaction')
      store.committed.push(fn)
    },
    ...transactionMemo(inTransaction),
    ...transactionAppends(inTransaction),
    ping: () => answers(() => db.run(sql`select 1`)),
    onStatement: (hook) => void hooks.push(hook),
    onClose: (fn) => void closing.add(fn),
    async close() {
      await Promise.all([...closing].map((fn) => fn()))
      await checkpointer.close()
      const release = await lock.acquire()
      try {
        sqlite.close()
        if (logFd !== null) fs.closeSync(logFd)
      } finally {
        release()
      }
    },
    describe: `SQLite ${file}`,
    raw: { kind: 'sqlite', sqlite },
  }
}

/** What a transaction carries beside its handle: work for after its commit, and reads it made once. */
type TransactionStore = { tx: Db | null; committed: Array<() => void>; memo: Map<string, Promise<unknown>>; appends: Append[] }
type Append = { key: string; row: unknown; flush: (tx: Db, rows: unknown[]) => Promise<unknown> }
const newStore = (): TransactionStore => ({ tx: null, committed: [], memo: new Map(), appends: [] })

/** A savepoint of the transaction `outer`: rows appended in it that fail with it are not inserted at commit. */
async function inSavepoint<T>(inTransaction: AsyncLocalStorage<TransactionStore>, outer: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  const store = inTransaction.getStore()
  const mark = store?.appends.length ?? 0
  try {
    return await outer.transaction((tx) => fn(tx as unknown as Db))
  } catch (err) {
    if (store) store.appends.length = mark
    throw err
  }
}

/** The rows appended in a transaction, inserted before it commits: each key's rows together, keys in first-use order. */
async function flushAppends(store: TransactionStore) {
  while (store.appends.length > 0) {
    const appends = store.appends.splice(0)
    const byKey = new Map<string, { flush: Append['flush']; rows: unknown[] }>()
    for (const a of appends) {
      const group = byKey.get(a.key)
      if (group) group.rows.push(a.row)
      else byKey.set(a.key, { flush: a.flush, rows: [a.row] })
    }
    for (const { flush, rows } of byKey.values()) await flush(store.tx!, rows)
  }
}

/** `appendAtCommit` and `savepoint` (see Database) over the transaction store of a dialect. */
function transactionAppends(inTransaction: AsyncLocalStorage<TransactionStore>): Pick<Database, 'appendAtCommit' | 'savepoint'> {
  return {
    async appendAtCommit<R>(key: string, row: R, flush: (tx: Db, rows: R[]) => Promise<unknown>, outside: Db) {
      const store = inTransaction.getStore()
      if (store?.tx) store.appends.push({ key, row, flush: flush as Append['flush'] })
      else await flush(outside, [row])
    },
    savepoint: (tx, fn) => inSavepoint(inTransaction, tx, fn),
  }
}

/** `reuse` and `forget` (see Database) over the transaction store of a dialect. */
function transactionMemo(inTransaction: AsyncLocalStorage<TransactionStore>): Pick<Database, 'reuse' | 'forget'> {
  return {
    reuse<T>(key: string, load: () => Promise<T>): Promise<T> {
      const memo = inTransaction.getStore()?.memo
      if (!memo) return load()
      let value = memo.get(key) as Promise<T> | undefined
      if (!value) {
        // A promise of its own: a query builder is only thenable, and would run again at each await.
        value = Promise.resolve(load())
        memo.set(key, value)
        // A read that failed is not kept: its transaction rolls back, or the caller tries again.
        value.catch(() => memo.delete(key))
      }
      return value
    },
    forget(prefix: string) {
      const memo = inTransaction.getStore()?.memo
      if (!memo) return
      for (const key of memo.keys()) if (key.startsWith(prefix)) memo.delete(key)
    },
  }
}

/** Work registered with afterCommit(): each runs once; a failing one is logged and does not stop the others. */
function runCommitted(callbacks: Array<() => void>) {
  for (const callback of callbacks) {
    try {
      callback()
    } catch (err) {
      log.error({ err }, '[db] an after-commit callback failed')
    }
  }
}

const PG_TX_ATTEMPTS = 30

/**
 * Failures after which the whole transaction (rolled back) may succeed when run again: serialization_failure and
 * deadlock_detected; and PostgreSQL's shared lock table full (53200 "out of shared memory"), which under
 * SERIALIZABLE is the predicate locks of the transactions running at that moment (max_pred_locks_per_transaction):
 * they are freed as those finish (decision 064).
 */
export function isRetryablePgError(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown }
    if (code === '40001' || code === '40P01') return true
    if (code === '53200' && typeof message === 'string' && message.includes('shared memory')) return true
  }
  return false
}

function openPg(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 })
  // A broken idle connection must not crash the process; the pool replaces it.
  pool.on('error', (err) => log.warn({ err }, '[db] an idle PostgreSQL connection failed'))
  // Each connection's query() wrapped as it joins the pool (drizzle and pool.query() both send through it): watched,
  // and one statement at a time. A transaction's reads started together (Promise.all on one transaction) would
  // otherwise reach pg while another runs on the same connection, which pg queues with a deprecation warning and
  // pg 9 refuses; here each waits for the one before it, as pg did, without the warning.
  const hooks: StatementHook[] = []
  pool.on('connect', (client) => {
    // pg's own query(), looked up at each call (a wrapper a test puts on pg's prototype later still sees it).
    const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown }
    const query = (...args: unknown[]) => proto.query.apply(client, args)
    let tail: Promise<unknown> = Promise.resolve()
    client.query = ((...args: unknown[]) => {
      const first = args[0] as string | { text?: string; submit?: unknown } | undefined
      const send = () => watched(hooks, typeof first === 'string' ? first : (first?.text ?? ''), () => query(...args))
      // A callback or a submittable (a cursor) answers through itself, not a promise: sent as given.
      if (typeof args.at(-1) === 'function' || (typeof first === 'object' && typeof first?.submit === 'function')) return send()
      const result = tail.then(send, send)
      tail = result.then(
        () => undefined,
        () => undefined,
      )
      return result
    }) as typeof client.query
  })
  const db = drizzlePg(pool) as unknown as Db
  const closing = new Set<() => void | Promise<void>>()
  const safeUrl = new URL(url)
  safeUrl.password = ''
  const inTransaction = new AsyncLocalStorage<TransactionStore>()
  return {
    dialect: 'pg',
    db,
    t: pgSchema as unknown as Schema,
    // SERIALIZABLE gives PostgreSQL the semantics SQLite has (transactions behave as if run one at a time);
    // a serialization failure or deadlock is retried, so `fn` must only touch the database.
    async transaction(fn, options) {
      // Called inside a transaction, as on SQLite: a savepoint of it (the caller's work stays one transaction).
      const outer = inTransaction.getStore()?.tx
      if (outer) return inSavepoint(inTransaction, outer, fn)
      for (let attempt = 1; ; attempt++) {
        // Each attempt collects its own after-commit work: an attempt that rolled back registered nothing.
        const store = newStore()
        try {
          const result = await inTransaction.run(store, () =>
            (db as unknown as PgDatabase<PgQueryResultHKT>).transaction(
              async (tx) => {
                store.tx = tx as unknown as Db
                if (options?.indexScans) await tx.execute(sql`set local enable_seqscan = off`)
                const result = await fn(store.tx)
                await flushAppends(store)
                return result
              },
              options?.readOnly ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : { isolationLevel: 'serializable' },
            ),
          )
          runCommitted(store.committed)
          return result
        } catch (err) {
          if (attempt >= PG_TX_ATTEMPTS || !isRetryablePgError(err)) throw err
          // Tried again, and said so: a burst's log shows whether transactions fail each other, and where.
          const { code, message } = err as { code?: string; message?: string }
          log.warn({ code, attempt, err: message?.slice(0, 300) }, '[db] a transaction failed on a conflict and is tried again')
          await new Promise((r) => setTimeout(r, Math.random() * 10 * 2 ** Math.min(attempt, 6)))
        }
      }
    },
    afterCommit(fn) {
      const store = inTransaction.getStore()
      if (!store) throw new Error('afterCommit() outside a transaction')
      store.committed.push(fn)
    },
    ...transactionMemo(inTransaction),
    ...transactionAppends(inTransaction),
    ping: () => answers(() => pool.query('select 1')),
    onStatement: (hook) => void hooks.push(hook),
    onClose: (fn) => void closing.add(fn),
    async close() {
      await Promise.all([...closing].map((fn) => fn()))
      await pool.end()
    },
    describe: `PostgreSQL ${safeUrl.host}${safeUrl.pathname}`,
    raw: { kind: 'pg', pool },
  }
}
