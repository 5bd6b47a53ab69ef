import { spawn } from 'node:child_process'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { nextOccurrence } from './recurrence'
import { createTestDatabase, testDb } from '../test/harness'
import { jobRunner } from './jobs'

const { database, env, openAnother } = await createTestDatabase()
const { db, t } = database
const fast = { pollMs: 20, backoffMs: () => 5 }

describe('durable jobs', () => {
  it('run once committed, report progress a screen can read, and keep their result', async () => {
    const runner = jobRunner(database, fast)
    const seen: number[] = []
    runner.define<{ rows: number }>('count', async (job) => {
      for (let i = 1; i <= job.payload.rows; i++) await job.progress(i, job.payload.rows)
      seen.push(job.attempt)
      return { counted: job.payload.rows }
    })
    runner.start()
    const id = await database.transaction((tx) => runner.enqueue(tx, 'count', { rows: 3 }))
    await runner.settled()
    await runner.stop()
    expect(seen).toEqual([1])
    expect(await runner.get(id)).toMatchObject({ status: 'done', attempts: 1, progressDone: 3, progressTotal: 3, result: { counted: 3 }, lastError: null })
  })

  it('enqueued in a transaction that rolls back never run; a unique key enqueues once', async () => {
    const runner = jobRunner(database, fast)
    let runs = 0
    runner.define('once', async () => void runs++)
    await expect(
      database.transaction(async (tx) => {
        await runner.enqueue(tx, 'once', {}, { uniqueKey: 'export:1' })
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    const a = await runner.enqueue(db, 'once', {}, { uniqueKey: 'export:1' })
    const b = await runner.enqueue(db, 'once', {}, { uniqueKey: 'export:1' })
    expect(b).toBe(a)
    runner.start()
    await runner.settled()
    await runner.stop()
    expect(runs).toBe(1)
  })

  it('a failing job is retried with backoff and given up after its attempts, with the last error kept', async () => {
    const runner = jobRunner(database, fast)
    let tries = 0
    runner.define('flaky', async () => {
      tries++
      throw new Error(`failure ${tries}`)
    })
    runner.start()
    const id = await runner.enqueue(db, 'flaky', {}, { maxAttempts: 3 })
    await runner.settled()
    await runner.stop()
    expect(tries).toBe(3)
    expect(await runner.get(id)).toMatchObject({ status: 'dead', attempts: 3, lastError: 'failure 3' })
  })

  // A child server process starts under tsx: on a busy host that alone takes tens of seconds (hence the long bound).
  it('a job whose process was killed while running it is run again by the next one', async () => {
    const id = await jobRunner(database).enqueue(db, 'hang', {})
    // Another server process takes the job and is killed (SIGKILL: no clean-up) while running it.
    // node itself (not npx), so SIGKILL reaches the process that holds the job.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/job-worker.ts'], {
      // eslint-disable-next-line no-restricted-properties -- the child needs PATH and the test's database
      env: { ...process.env, DATA_DIR: env.dataDir, DATABASE_URL: env.databaseUrl ?? '' },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('running') && resolve())
      child.on('exit', (code) => reject(new Error(`worker exited early (${code})`)))
    })
    child.removeAllListeners('exit')
    const exited = new Promise((r) => child.on('exit', r))
    child.kill('SIGKILL')
    await exited
    expect(await jobRunner(database).get(id)).toMatchObject({ status: 'running', lockedBy: 'doomed', attempts: 1 })

    const next = jobRunner(database, { ...fast, leaseMs: 400 })
    next.define('hang', async () => ({ finished: true }))
    next.start()
    await expect.poll(async () => (await next.get(id))?.status, { timeout: 10_000 }).toBe('done')
    await next.stop()
    expect(await next.get(id)).toMatchObject({ attempts: 2, result: { finished: true } })
  }, 120_000)

  it('a process never takes again a job it is still running, even when its lease lapsed (a stalled event loop)', async () => {
    // No heartbeat in time: the lease runs out while the job still runs, as on a host too busy to fire timers.
    const runner = jobRunner(database, { ...fast, leaseMs: 50, heartbeatMs: 60_000, concurrency: 2 })
    let runs = 0
    runner.define('slow', async () => {
      runs++
      await new Promise((r) => setTimeout(r, 400))
      return { runs }
    })
    const id = await runner.enqueue(db, 'slow', {})
    runner.start()
    await expect.poll(async () => (await runner.get(id))?.status, { timeout: 10_000 }).toBe('done')
    await runner.stop()
    expect(runs).toBe(1)
    expect(await runner.get(id)).toMatchObject({ attempts: 1, result: { runs: 1 } })
  })

  it.runIf(testDb === 'pg')('two instances on PostgreSQL never run the same job twice', async () => {
    const second = await openAnother()
    const ranBy = new Map<string, string[]>()
    const runners = [database, second].map((d, i) => {
      const runner = jobRunner(d, { ...fast, concurrency: 3, instanceId: `instance-${i}` })
      runner.define('work', async (job) => {
        ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), `instance-${i}`])
        await new Promise((r) => setTimeout(r, 2))
      })
      return runner
    })
    const ids: string[] = []
    for (let i = 0; i < 60; i++) ids.push(await runners[0]!.enqueue(db, 'work', { i }))
    for (const r of runners) r.start()
    for (const r of runners) await r.settled()
    for (const r of runners) await r.stop()
    expect([...ranBy.keys()].sort()).toEqual([...ids].sort())
    expect([...ranBy.values()].filter((by) => by.length !== 1)).toEqual([])
    expect(new Set([...ranBy.values()].flat()).size).toBe(2)
  })
})

describe('finished jobs', () => {
  it('are removed once old; queued and running ones never', async () => {
    const runner = jobRunner(database, fast)
    runner.define('quick', async () => ({ ok: true }))
    const done = await runner.enqueue(db, 'quick', {})
    runner.start()
    await runner.settled()
    await runner.stop()
    const waiting = await runner.enqueue(db, 'quick', {}, { runAt: Date.now() + 3_600_000 })
    expect(await runner.purgeFinished(Date.now() - 60_000)).toBe(0)
    expect(await runner.purgeFinished(Date.now() + 1)).toBeGreaterThanOrEqual(1)
    expect(await runner.get(done)).toBeNull()
    expect(await runner.get(waiting)).toMatchObject({ status: 'queued' })
  })
})

describe('recurring schedules', () => {
  it('a schedule that fell due while the server was down runs once at start, and moves on to its next occurrence', async () => {
    const runner = jobRunner(database, fast)
    const runs: unknown[] = []
    runner.define('digest', async (job) => void runs.push(job.payload))
    // Declared three days ago (08:00 every day), then every server was down until now.
    const threeDaysAgo = Date.now() - 3 * 86_400_000
    await runner.schedule('daily-digest', 'digest', { kind: 'daily', time: '08:00' }, { payload: { to: 'coaches' }, now: threeDaysAgo })
    const [before] = await db.select().from(t.jobSchedules).where(eq(t.jobSchedules.key, 'daily-digest'))
    expect(before!.nextRunAt).toBe(nextOccurrence({ kind: 'daily', time: '08:00' }, threeDaysAgo))

    // Two instances start at once: still one run.
    const other = jobRunner(testDb === 'pg' ? await openAnother() : database, fast)
    other.define('digest', async (job) => void runs.push(job.payload))
    runner.start()
    other.start()
    await runner.settled()
    await other.settled()
    await runner.stop()
    await other.stop()
    expect(runs).toEqual([{ to: 'coaches', scheduledFor: before!.nextRunAt }])
    const [after] = await db.select().from(t.jobSchedules).where(eq(t.jobSchedules.key, 'daily-digest'))
    expect(after!.nextRunAt).toBe(nextOccurrence({ kind: 'daily', time: '08:00' }, after!.lastRunAt!))
    expect(after!.nextRunAt!).toBeGreaterThan(Date.now())
  })

  it('declaring the same schedule again at every start changes nothing', async () => {
    const runner = jobRunner(database, fast)
    await runner.schedule('weekly-report', 'digest', { kind: 'weekly', days: [1], time: '07:00' })
    const [first] = await db.select().from(t.jobSchedules).where(eq(t.jobSchedules.key, 'weekly-report'))
    await runner.schedule('weekly-report', 'digest', { kind: 'weekly', days: [1], time: '07:00' }, { now: Date.now() + 86_400_000 })
    const [second] = await db.select().from(t.jobSchedules).where(eq(t.jobSchedules.key, 'weekly-report'))
    expect(second).toEqual(first)
  })
})
