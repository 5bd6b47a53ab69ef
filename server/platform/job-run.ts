import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client'
import { log, withCause } from '../lib/log'
import { traceCaused } from './tracing'

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

export type RunSettings = { instanceId: string; leaseMs: number; heartbeatMs: number; backoffMs: (attempts: number) => number }

/**
 * Runs one claimed job (docs/decisions/020): a heartbeat keeps its lease while it runs, its progress is written at
 * most every 250 ms, and its outcome — done with a result, or queued again after a backoff, or given up — is written
 * only while the lease is still this instance's.
 */
export type JobOutcome = 'done' | 'retry' | 'dead'

export async function runJob(
  database: Database,
  job: Database['t']['jobs']['$inferSelect'],
  handler: JobHandler<never>,
  settings: RunSettings,
): Promise<JobOutcome> {
  const { db, t } = database
  const j = t.jobs
  const { instanceId, leaseMs, heartbeatMs, backoffMs } = settings
  const mine = and(eq(j.id, job.id), eq(j.lockedBy, instanceId))
  const heartbeat = setInterval(() => {
    void db
      .update(j)
      .set({ lockedUntil: Date.now() + leaseMs })
      .where(and(mine, eq(j.status, 'running')))
      .catch((err: unknown) => log.error({ err, job: job.name, jobId: job.id }, '[jobs] a heartbeat failed'))
  }, heartbeatMs)
  heartbeat.unref()
  let lastProgressAt = 0
  try {
    const result = await withCause(job.requestId, () =>
      traceCaused(job.traceParent, `job ${job.name}`, { 'job.name': job.name, 'job.attempt': job.attempts }, () =>
        handler({
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
        }),
      ),
    )
    const now = Date.now()
    await db
      .update(j)
      .set({ status: 'done', result: result ?? null, finishedAt: now, lockedBy: null, lockedUntil: null, lastError: null, updatedAt: now })
      .where(mine)
    return 'done'
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err)
    const dead = job.attempts >= job.maxAttempts
    // Said in the job's cause (the request that enqueued it), whichever instance or poll ran it.
    withCause(job.requestId, () =>
      log.warn(
        { job: job.name, jobId: job.id, attempt: job.attempts, of: job.maxAttempts, err: message },
        `[jobs] ${job.name} failed${dead ? ', giving up' : ''}`,
      ),
    )
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
    return dead ? 'dead' : 'retry'
  } finally {
    clearInterval(heartbeat)
  }
}
