import { and, count, eq, gte, lte, min } from 'drizzle-orm'
import type { Database } from '../db/client'
import { migrationState } from '../db/migrate'
import type { EventBus } from './events'
import type { JobRunner } from './jobs'
import type { Backlogs } from './metrics'

/** What "ready" allows before an orchestrator should stop sending this instance work (docs/operations.md). */
export const READY_LIMITS = {
  /** the oldest delivery due but not made */
  eventLagMs: 5 * 60_000,
  /** the oldest mail waiting to be sent */
  mailLagMs: 15 * 60_000,
  /** a started loop with no round for this long (and none under way) has stopped */
  loopSilentMs: 30_000,
}

export type ReadyCheckName = 'stopping' | 'database' | 'migrations' | 'jobs' | 'events' | 'eventBacklog' | 'mailOutbox'
export type ReadyCheck = { name: ReadyCheckName; ok: boolean; detail: string }
export type Readiness = ReturnType<typeof readiness>

/** The mail outbox is read for this far back: a mail queued longer ago has failed or been given up by then. */
const MAIL_WINDOW_MS = 2 * 86_400_000

type Loop = { running: boolean; inRound: boolean; lastRoundAt: number; pollMs: number }

function loopCheck(name: 'jobs' | 'events', loop: Loop, now: number): ReadyCheck {
  if (!loop.running) return { name, ok: false, detail: 'not started' }
  const silentFor = now - loop.lastRoundAt
  if (!loop.inRound && silentFor > Math.max(READY_LIMITS.loopSilentMs, 3 * loop.pollMs)) {
    return { name, ok: false, detail: `no round for ${Math.round(silentFor / 1000)} s` }
  }
  return { name, ok: true, detail: loop.inRound ? 'working' : 'waiting for work' }
}

/**
 * Whether this instance should be sent work (GET /api/health/ready): it is not shutting down, the database answers
 * and has every migration this code knows, the job runner and event dispatcher are running, and neither the event
 * deliveries nor the mail outbox have fallen behind. Every check is answered with its reason.
 */
export function readiness(database: Database, events: Pick<EventBus, 'liveness'>, jobs: Pick<JobRunner, 'liveness'>) {
  const { db, t } = database
  let stopping = false

  async function backlogs(now: number): Promise<Backlogs> {
    const d = t.eventDeliveries
    const [deliveries] = await db
      .select({ n: count(), oldest: min(d.nextAttemptAt) })
      .from(d)
      .where(and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now)))
    const m = t.mailOutbox
    const [mail] = await db
      .select({ n: count(), oldest: min(m.createdAt) })
      .from(m)
      .where(and(gte(m.createdAt, now - MAIL_WINDOW_MS), eq(m.status, 'queued')))
    const j = t.jobs
    const [due] = await db
      .select({ n: count() })
      .from(j)
      .where(and(eq(j.status, 'queued'), lte(j.runAt, now)))
    return {
      events: { n: Number(deliveries?.n ?? 0), lagMs: deliveries?.oldest == null ? 0 : now - Number(deliveries.oldest) },
      mail: { n: Number(mail?.n ?? 0), lagMs: mail?.oldest == null ? 0 : now - Number(mail.oldest) },
      jobsDue: Number(due?.n ?? 0),
    }
  }

  return {
    /** From SIGTERM on, not ready: the orchestrator sends new work elsewhere while this one finishes its own. */
    markStopping() {
      stopping = true
    },
    get stopping() {
      return stopping
    },
    backlogs,
    async check(now = Date.now()): Promise<{ ready: boolean; checks: ReadyCheck[] }> {
      const checks: ReadyCheck[] = [{ name: 'stopping', ok: !stopping, detail: stopping ? 'shutting down' : 'running' }]
      const up = await database.ping()
      checks.push({ name: 'database', ok: up, detail: up ? `${database.dialect} answers` : `${database.dialect} does not answer` })
      if (up) {
        const m = await migrationState(database)
        checks.push({
          name: 'migrations',
          ok: m.applied >= m.known,
          detail: m.applied > m.known ? `all ${m.known} applied, and ${m.applied - m.known} of a newer release` : `${m.applied} of ${m.known} applied`,
        })
      }
      checks.push(loopCheck('jobs', jobs.liveness(), now), loopCheck('events', events.liveness(), now))
      if (up) {
        const b = await backlogs(now)
        checks.push(
          {
            name: 'eventBacklog',
            ok: b.events.lagMs <= READY_LIMITS.eventLagMs,
            detail: `${b.events.n} due, the oldest ${Math.round(b.events.lagMs / 1000)} s behind`,
          },
          {
            name: 'mailOutbox',
            ok: b.mail.lagMs <= READY_LIMITS.mailLagMs,
            detail: `${b.mail.n} waiting, the oldest ${Math.round(b.mail.lagMs / 1000)} s old`,
          },
        )
      }
      return { ready: checks.every((c) => c.ok), checks }
    },
  }
}
