import { eq } from 'drizzle-orm'
import { buildAbility } from '../shared/permissions/ability'
import { bootDatabase } from '../server/boot'
import type { Database } from '../server/db/client'
import { parseEnv } from '../server/env'
import type { authService } from '../server/modules/auth/auth.service'

/**
 * What the database benchmarks share (bench:backoffice, bench:admin, bench:quality): the database the server is
 * configured for, timing a call RUNS times, and the plan of every statement a call ran.
 */

/**
 * `BENCH_SMOKE=1` (`npm run bench:smoke`, which CI runs): every benchmark at a tiny size, in seconds, so one that
 * breaks fails CI. Its figures say nothing of a target: a target not met is printed but does not fail the run.
 */
// eslint-disable-next-line no-restricted-properties -- a benchmark's mode
export const SMOKE = process.env.BENCH_SMOKE === '1'
/** A benchmark's size: the real one, or the smoke run's. */
export const sized = (real: number, smoke: number) => (SMOKE ? smoke : real)

// eslint-disable-next-line no-restricted-properties -- a benchmark's size
export const RUNS = Number(process.env.BENCH_RUNS ?? sized(30, 2))

/** Prints the targets not met and fails the run (not a smoke run); or the line that says all were met. */
export function reportTargets(notMet: readonly string[], allMet: string) {
  if (!notMet.length) {
    console.log(`\n${allMet}`)
    return
  }
  console.log(`\nNot met${SMOKE ? ' (a smoke run: its sizes say nothing of a target)' : ''}:\n  ${notMet.join('\n  ')}`)
  if (!SMOKE) process.exitCode = 1
}
// eslint-disable-next-line no-restricted-properties -- a benchmark: which of its cases to run
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : null

/** The cases whose name matches `BENCH_ONLY` (a regular expression), or all of them. */
export const onlyChosen = <C extends readonly [string, ...unknown[]]>(cases: C[]): C[] => (ONLY ? cases.filter(([name]) => ONLY.test(name)) : cases)

/** The database the server would use: `DATABASE_URL` for PostgreSQL, else SQLite in `DATA_DIR` (default data). */
export async function benchDatabase() {
  // eslint-disable-next-line no-restricted-properties -- a benchmark: which database to measure
  const databaseUrl = process.env.DATABASE_URL ?? ''
  // eslint-disable-next-line no-restricted-properties -- a benchmark: which database to measure
  const dataDir = process.env.DATA_DIR ?? 'data'
  const env = parseEnv({ NODE_ENV: 'production', DEMO_MODE: 'false', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, SESSION_SECRET: 'bench'.repeat(8) })
  return { env, database: await bootDatabase(env) }
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!

/** p50 and p95 of `runs` calls, after two to warm the statements and the cache. */
export async function timeRuns(fn: () => Promise<unknown>, runs = RUNS) {
  await fn()
  await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

/** A demo account as a route would see it: its id and the ability its session carries. */
export async function actorOf(database: Database, auth: ReturnType<typeof authService>, email: string) {
  const { db, t } = database
  const [user] = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email))
  if (!user) throw new Error(`No user ${email}: seed the data set first (npm run seed -- --scale large).`)
  const answer = await auth.signIn.sessionAnswerFor(user.id)
  return { id: user.id, ability: buildAbility(answer!.userAbilityRules) }
}

/**
 * Records every statement the driver runs while `recording` is on, with its parameters, so its plan can be asked
 * for (EXPLAIN). Wraps better-sqlite3's prepare, or the PostgreSQL pool's queries and transactions' clients.
 */
export function statementRecorder(database: Database) {
  const ran: Array<{ text: string; params: unknown[] }> = []
  const state = { recording: false }
  if (database.raw.kind === 'sqlite') {
    const sqlite = database.raw.sqlite
    const prepare = sqlite.prepare.bind(sqlite)
    sqlite.prepare = ((text: string) => {
      const stmt = prepare(text)
      for (const method of ['all', 'get', 'run'] as const) {
        const original = stmt[method].bind(stmt) as (...params: unknown[]) => unknown
        ;(stmt as unknown as Record<string, unknown>)[method] = (...params: unknown[]) => {
          if (state.recording) ran.push({ text, params })
          return original(...params)
        }
      }
      const raw = stmt.raw.bind(stmt)
      stmt.raw = ((toggle?: boolean) => {
        raw(toggle)
        return stmt
      }) as typeof stmt.raw
      return stmt
    }) as typeof sqlite.prepare
  } else {
    const pool = database.raw.pool
    const connect = pool.connect.bind(pool)
    const record = (a: unknown[]) => {
      const config = a[0] as { text?: string; values?: unknown[] } | string
      if (state.recording && typeof config === 'object' && config.text) ran.push({ text: config.text, params: config.values ?? (a[1] as unknown[]) ?? [] })
    }
    const wrap = (client: { query: (...a: unknown[]) => unknown }) => {
      if ((client as { __wrapped?: boolean }).__wrapped) return client
      const query = client.query.bind(client)
      client.query = (...a: unknown[]) => {
        record(a)
        return query(...a)
      }
      ;(client as { __wrapped?: boolean }).__wrapped = true
      return client
    }
    const query = pool.query.bind(pool) as (...a: unknown[]) => unknown
    pool.query = ((...a: unknown[]) => {
      record(a)
      return query(...a)
    }) as typeof pool.query
    // pool.query itself connects with a callback: only the promise form (transactions) is wrapped.
    pool.connect = ((...a: unknown[]) =>
      a.length ? (connect as (...x: unknown[]) => unknown)(...a) : connect().then((client) => wrap(client as never))) as typeof pool.connect
  }

  async function plan(text: string, params: unknown[]): Promise<string[]> {
    if (database.raw.kind === 'sqlite') {
      const rows = database.raw.sqlite.prepare(`explain query plan ${text}`).all(...params) as Array<{ detail: string }>
      return rows.map((r) => r.detail)
    }
    const r = await database.raw.pool.query<{ 'QUERY PLAN': string }>({ text: `explain ${text}`, values: params })
    return r.rows.map((row) => row['QUERY PLAN'])
  }

  return {
    /** The plans of the distinct statements one call of fn runs. */
    async plansOf(fn: () => Promise<unknown>): Promise<string[][]> {
      ran.length = 0
      state.recording = true
      try {
        await fn()
      } finally {
        state.recording = false
      }
      const plans: string[][] = []
      for (const statement of [...new Map(ran.map((r) => [r.text, r])).values()]) plans.push(await plan(statement.text, statement.params))
      return plans
    },
  }
}

/**
 * Times each case (RUNS calls: p50 and p95), prints a line per case with its answer, then every statement's plan;
 * a case at or over `targetMs` at p95 is listed as not met and the process exits with 1. Returns after printing.
 */
export async function runTimedCases(
  cases: ReadonlyArray<readonly [name: string, run: () => Promise<string>]>,
  recorder: ReturnType<typeof statementRecorder>,
  targetMs: number,
  what: string,
): Promise<void> {
  const failures: string[] = []
  const planLines: string[] = []
  for (const [name, run] of cases) {
    let answer = ''
    const m = await timeRuns(async () => void (answer = await run()))
    if (m.p95 >= targetMs) failures.push(`${name}: p95 ${m.p95.toFixed(1)} ms`)
    console.log(`  ${name.padEnd(62)} ${m.p50.toFixed(1).padStart(7)} / ${m.p95.toFixed(1).padStart(7)}   ${answer}`)
    planLines.push(`  ${name}`)
    for (const [i, lines] of (await recorder.plansOf(run)).entries()) {
      planLines.push(`    statement ${i + 1}`)
      for (const l of lines) planLines.push(`      ${l}`)
    }
  }
  console.log('\nPlans:')
  for (const l of planLines) console.log(l)
  reportTargets(failures, `Every ${what} under ${targetMs} ms at p95.`)
}
