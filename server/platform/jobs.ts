import { and, asc, count, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Recurrence } from '../../shared/schemas/recurrence'
import type { Database, Db } from '../db/client'
import { defaultBackoff } from './events'
import { DEFAULT_TIMEZONE, nextOccurrence } from './recurrence'
import { workLoop } from './work-loop'

/**
 * Durable jobs and recurring schedules (docs/decisions/020). A job is a row: it survives a restart, is leased by
 * one instance at a time (a conditional UPDATE that re-checks the lease on the row it locks, so two instances
 * never hold it at once), kept alive by a heartbeat while it runs, retried with backoff when it fails, and run
 * again when the process running it dies (its lease runs out; the attempt counts, so a job that kills its
 * process every time is given up). Handlers report progress a screen can show.
 *
 * A schedule turns each due occurrence into one job: the instance that moves the schedule's next run wins, and
 * the job's unique key (schedule + occurrence) makes a second one impossible. A schedule that fell due while
 * every server was down runs once at the next start, not once per missed occurrence.
 */

export type JobContext<P> = {
  id: string
  name: string
  payload: P
  /** 1 on the first run */
  attempt: number
  /** no retry follows if this run fails */
  lastAttempt: boolean
  /** how far it has come, for a screen; written at most every few hundred ms */
  progress(done: number, total?: number): Promise<void>
}
export type JobHandler<P = Record<string, unknown>> = (job: JobContext<P>) => Promise<Record<string, unknown> | void>

export type JobRunnerOptions = {
  instanceId?: string
  pollMs?: number
  /** how long a claimed job is ours without a heartbeat */
  leaseMs?: number
  heartbeatMs?: number
  /** jobs run at once in this process */
  concurrency?: number
  backoffMs?: (attempts: number) => number
  defaultMaxAttempts?: number
}

/** JSON with object keys in one order (PostgreSQL's jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )
}

export type JobStatus = 'queued' | 'running' | 'done' | 'dead'
export type JobRunner = ReturnType<typeof jobRunner>

export function jobRunner(database: Database, options: JobRunnerOptions = {}) {
  const { db, t } = database
  const instanceId = options.instanceId ?? crypto.randomUUID()
  const pollMs = options.pollMs ?? 1000
  const leaseMs = options.leaseMs ?? 60_000
  const heartbeatMs = options.heartbeatMs ?? Math.floor(leaseMs / 3)
  const concurrency = options.concurrency ?? 2
  const backoffMs = options.backoffMs ?? defaultBackoff
  const defaultMaxAttempts = options.defaultMaxAttempts ?? 5

  const handlers = new Map<string, JobHandler<never>>()
  const j = t.jobs
  const s = t.jobSchedules
  const inHand = new Set<Promise<void>>()
  /** the jobs this process is running: never claimed again by it, even when a stalled event loop let a lease lapse */
  const running = new Set<string>()

  const claimable = (now: number) =>
    and(or(and(eq(j.status, 'queued'), lte(j.runAt, now)), and(eq(j.status, 'running'), lt(j.lockedUntil, now))), inArray(j.name, [...handlers.keys()]))

  async function enqueue(tx: Db, name: string, payload: Record<string, unknown>, opts: { runAt?: number; uniqueKey?: string; maxAttempts?: number } = {}) {
    const now = Date.now()
    if (opts.uniqueKey) {
      const [existing] = await tx.select({ id: j.id }).from(j).where(eq(j.uniqueKey, opts.uniqueKey))
      if (existing) return existing.id
    }
    const id = crypto.randomUUID()
    await tx.insert(j).values({
      id,
      name,
      payload,
      status: 'queued',
      attempts: 0,
      maxAttempts: opts.maxAttempts ?? defaultMaxAttempts,
      runAt: opts.runAt ?? now,
      lockedBy: null,
      lockedUntil: null,
      progressDone: 0,
      progressTotal: null,
      result: null,
      lastError: null,
      uniqueKey: opts.uniqueKey ?? null,
      createdAt: now,
      updatedAt: now,
      finishedAt: null,
    })
    try {
      database.afterCommit(loop.wake)
    } catch {
      loop.wake() // enqueued outside a transaction: the row is already committed
    }
    return id
  }

  /** Moves each due schedule to its next occurrence and enqueues one job for the occurrence that fell due. */
  async function fireSchedules(now: number) {
    const due = await db
      .select()
      .from(s)
      .where(and(eq(s.active, true), lte(s.nextRunAt, now)))
    for (const schedule of due) {
      await database.transaction(async (tx) => {
        const next = nextOccurrence(schedule.recurrence as Recurrence, now, schedule.timezone)
        const moved = await tx
          .update(s)
          .set({ nextRunAt: next, lastRunAt: now, updatedAt: now })
          .where(and(eq(s.id, schedule.id), eq(s.nextRunAt, schedule.nextRunAt!)))
          .returning({ id: s.id })
        // Another instance moved it first: that one enqueues.
        if (moved.length === 0) return
        await enqueue(
          tx,
          schedule.jobName,
          { ...schedule.payload, scheduledFor: schedule.nextRunAt },
          { uniqueKey: `schedule:${schedule.id}:${schedule.nextRunAt}` },
        )
      })
    }
  }

  async function claim(max: number) {
    const now = Date.now()
    const free = and(claimable(now), running.size > 0 ? notInArray(j.id, [...running]) : undefined)
    const due = db.select({ id: j.id }).from(j).where(free).orderBy(asc(j.runAt), asc(j.createdAt)).limit(max)
    return db
      .update(j)
      .set({ status: 'running', lockedBy: instanceId, lockedUntil: now + leaseMs, attempts: sql`${j.attempts} + 1`, updatedAt: now })
      .where(and(inArray(j.id, due), free))
      .returning()
  }

  async function run(job: typeof j.$inferSelect) {
    const mine = and(eq(j.id, job.id), eq(j.lockedBy, instanceId))
    const heartbeat = setInterval(() => {
      void db
        .update(j)
        .set({ lockedUntil: Date.now() + leaseMs })
        .where(and(mine, eq(j.status, 'running')))
        .catch((err: unknown) => console.error(`[jobs] heartbeat of ${job.name} ${job.id} failed:`, err))
    }, heartbeatMs)
    heartbeat.unref()
    let lastProgressAt = 0
    try {
      const handler = handlers.get(job.name)!
      const result = await handler({
        id: job.id,
        name: job.name,
        payload: job.payload as never,
        attempt: job.attempts,
        lastAttempt: job.attempts >= job.maxAttempts,
        async progress(done, total) {
          const now = Date.now()
          if (now - lastProgressAt < 250 && done !== total) return
          lastProgressAt = now
          await db
            .update(j)
            .set({ progressDone: done, progressTotal: total ?? null, updatedAt: now })
            .where(mine)
        },
      })
      const now = Date.now()
      await db
        .update(j)
        .set({ status: 'done', result: result ?? null, finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null, updatedAt: now })
        .where(mine)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      const dead = job.attempts >= job.maxAttempts
      console.error(`[jobs] ${job.name} ${job.id} failed (attempt ${job.attempts} of ${job.maxAttempts}${dead ? ', giving up' : ''}):`, message)
      const now = Date.now()
      await db
        .update(j)
        .set({
          status: dead ? 'dead' : 'queued',
          // whole milliseconds: PostgreSQL's bigint takes no fraction
          runAt: now + Math.round(backoffMs(job.attempts)),
          lastError: message.slice(0, 2000),
          lockedBy: null,
          lockedUntil: null,
          finishedAt: dead ? now : null,
          updatedAt: now,
        })
        .where(mine)
    } finally {
      clearInterval(heartbeat)
    }
  }

  /** One round: due schedules become jobs, then jobs are claimed while this process has room for them. */
  const loop = workLoop(
    'jobs',
    async () => {
      await fireSchedules(Date.now())
      while (loop.running && inHand.size < concurrency) {
        const claimed = await claim(concurrency - inHand.size)
        if (claimed.length === 0) break
        for (const job of claimed) {
          // Taken back from a process that died running it, once too often: given up, not run again.
          if (job.attempts > job.maxAttempts) {
            const now = Date.now()
            await db
              .update(j)
              .set({
                status: 'dead',
                lastError: 'stopped with the process running it, every attempt',
                finishedAt: now,
                lockedBy: null,
                lockedUntil: null,
                updatedAt: now,
              })
              .where(and(eq(j.id, job.id), eq(j.lockedBy, instanceId)))
            continue
          }
          // A run whose outcome could not be written (the database gone) is logged; its lease runs out and it runs again.
          running.add(job.id)
          const p: Promise<void> = run(job)
            .catch((err: unknown) => console.error(`[jobs] ${job.name} ${job.id}: its outcome could not be written:`, err))
            .finally(() => {
              running.delete(job.id)
              inHand.delete(p)
              loop.wake()
            })
          inHand.add(p)
        }
      }
    },
    { pollMs },
  )

  return {
    instanceId,

    /** What a job name does; define every job before start(). */
    define<P extends Record<string, unknown>>(name: string, handler: JobHandler<P>) {
      if (handlers.has(name)) throw new Error(`a job named ${name} exists`)
      handlers.set(name, handler as JobHandler<never>)
    },

    /**
     * Enqueues a job, in the caller's transaction (it runs once that commits) or on its own. With a unique key
     * an existing job of that key is answered instead of a new one (a retried request enqueues once).
     */
    enqueue(tx: Db, name: string, payload: Record<string, unknown>, opts?: { runAt?: number; uniqueKey?: string; maxAttempts?: number }) {
      return enqueue(tx, name, payload, opts)
    },

    /**
     * Creates or updates a recurring schedule by its key (idempotent: every instance may declare the same
     * schedules at start). A changed definition starts counting from now.
     */
    async schedule(key: string, jobName: string, recurrence: Recurrence, opts: { payload?: Record<string, unknown>; timezone?: string; now?: number } = {}) {
      const now = opts.now ?? Date.now()
      const timezone = opts.timezone ?? DEFAULT_TIMEZONE
      const payload = opts.payload ?? {}
      await database.transaction(async (tx) => {
        const [existing] = await tx.select().from(s).where(eq(s.key, key))
        const same =
          existing &&
          existing.jobName === jobName &&
          existing.timezone === timezone &&
          canonical(existing.recurrence) === canonical(recurrence) &&
          canonical(existing.payload) === canonical(payload)
        if (same && existing.active) return
        const nextRunAt = nextOccurrence(recurrence, now, timezone)
        if (existing) {
          await tx.update(s).set({ jobName, payload, recurrence, timezone, nextRunAt, active: true, updatedAt: now }).where(eq(s.id, existing.id))
        } else {
          await tx.insert(s).values({
            id: crypto.randomUUID(),
            key,
            jobName,
            payload,
            recurrence,
            timezone,
            nextRunAt,
            lastRunAt: null,
            active: true,
            createdAt: now,
            updatedAt: now,
          })
        }
      })
    },

    /** Removes jobs that finished (done or given up) before `before`; answers how many. */
    async purgeFinished(before: number): Promise<number> {
      const gone = await db
        .delete(j)
        .where(and(inArray(j.status, ['done', 'dead']), lt(j.finishedAt, before)))
        .returning({ id: j.id })
      return gone.length
    },

    /** A job as a screen shows it: status, progress, result or error. */
    async get(id: string) {
      const [row] = await db.select().from(j).where(eq(j.id, id))
      return row ?? null
    },

    /** Starts: what is due now (a previous run's leftovers, missed schedules), then on each enqueue and poll. */
    start: loop.start,

    /** Stops taking work and waits for the jobs in hand. */
    async stop() {
      await loop.stop()
      await Promise.all([...inHand])
    },

    /**
     * Resolves when none of this runner's jobs is running or due within `horizonMs` (a retry's short backoff
     * included, a job set for later not). For tests and benchmarks.
     */
    async settled(timeoutMs = 30_000, horizonMs = 1000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        await loop.idle()
        await Promise.all([...inHand])
        const now = Date.now()
        const mine = inArray(j.name, [...handlers.keys()])
        const [row] = await db
          .select({ n: count() })
          .from(j)
          .where(and(mine, or(and(eq(j.status, 'queued'), lte(j.runAt, now + horizonMs)), eq(j.status, 'running'))))
        const [schedules] = await db
          .select({ n: count() })
          .from(s)
          .where(and(eq(s.active, true), lte(s.nextRunAt, now), inArray(s.jobName, [...handlers.keys()])))
        if ((row?.n ?? 0) === 0 && (schedules?.n ?? 0) === 0) return
        if (Date.now() > until) throw new Error(`jobs not settled within ${timeoutMs} ms`)
        loop.wake()
        await new Promise((r) => setTimeout(r, 10))
      }
    },
  }
}
