import { and, eq, lte } from 'drizzle-orm'
import type { Recurrence } from '../../shared/schemas/recurrence'
import type { Database, Db } from '../db/client'
import { DEFAULT_TIMEZONE, nextOccurrence } from './recurrence'

type Enqueue = (tx: Db, name: string, payload: Record<string, unknown>, opts: { uniqueKey: string }) => Promise<string>

/** JSON with object keys in one order (PostgreSQL's jsonb does not keep the order they were written in). */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  )
}

/**
 * The job runner's recurring schedules (docs/decisions/020): declared by key at start, and each due occurrence
 * turned into one job by the instance that moves the schedule on.
 */
export function jobSchedules(database: Database, enqueue: Enqueue) {
  const { db, t } = database
  const s = t.jobSchedules

  /** Moves each due schedule to its next occurrence and enqueues one job for the occurrence that fell due. */
  async function fireDue(now: number) {
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

  /**
   * Creates or updates a recurring schedule by its key (idempotent: every instance may declare the same
   * schedules at start). A changed definition starts counting from now.
   */
  async function declare(
    key: string,
    jobName: string,
    recurrence: Recurrence,
    opts: { payload?: Record<string, unknown>; timezone?: string; now?: number } = {},
  ) {
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
  }

  return { fireDue, declare }
}
