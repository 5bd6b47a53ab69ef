import { and, asc, count, eq, inArray, lt, lte, notInArray, or, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import { defaultBackoff } from './events'
import { runJob, type JobHandler, type JobOutcome } from './job-run'
import { jobSchedules } from './job-schedules'
import { workLoop } from './work-loop'
import { log } from '../lib/log'
import { causeOfWork } from './tracing'

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

export type { JobContext, JobHandler } from './job-run'

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
  /** told each run's outcome and its seconds (the metrics count them) */
  onOutcome?: (name: string, outcome: JobOutcome, seconds: number) => void
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

  const schedules = jobSchedules(database, (tx, name, payload, opts) => enqueue(tx, name, payload, opts))

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
      ...causeOfWork(),
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

  /** One round: due schedules become jobs, then jobs are claimed while this process has room for them. */
  const loop = workLoop(
    'jobs',
    async () => {
      await schedules.fireDue(Date.now())
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
          const started = performance.now()
          const p: Promise<void> = runJob(database, job, handlers.get(job.name)!, { instanceId, leaseMs, heartbeatMs, backoffMs })
            .then((outcome) => options.onOutcome?.(job.name, outcome, (performance.now() - started) / 1000))
            .catch((err: unknown) => log.error({ err, job: job.name, jobId: job.id }, "[jobs] a run's outcome could not be written"))
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
    schedule: schedules.declare,

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

    /** Whether the runner is started and looking for work (its loop's last round, or one under way); for readiness. */
    liveness: () => ({ ...loop.liveness(), pollMs }),

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
