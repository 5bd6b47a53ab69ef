import { and, desc, eq } from 'drizzle-orm'
import type { Database, Db, Schema } from '../db/client'

/**
 * The activity log (docs/decisions/020): one append-only table of who did what to which entity, with the
 * fields before and after, written by `logActivity` in the same transaction as the change it describes. There
 * is no update or delete path for it in the code, and the database refuses both (triggers, migration 0007).
 */

export type ActivityEntry = {
  at: number
  /** who did it; null for the system (a job, an import) */
  actorId: string | null
  /** whom the actor was acting as, when impersonating */
  actingAsId?: string | null
  entity: string
  entityId: string
  action: string
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  reason?: string | null
}

export async function logActivity(tx: Db, t: Schema, entry: ActivityEntry): Promise<void> {
  await tx.insert(t.activityLog).values({
    at: entry.at,
    actorId: entry.actorId,
    actingAsId: entry.actingAsId ?? null,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  })
}

/** Only the fields that changed, before and after: what a log line of an edit shows. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {}
  const now: Partial<T> = {}
  for (const key of Object.keys(after) as Array<keyof T>) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null)) {
      was[key] = before[key]
      now[key] = after[key]
    }
  }
  return { before: was, after: now }
}

/** An entity's log, newest first (the screens of sale reports, catalogs and users read it). */
export async function activityOf(database: Database, entity: string, entityId: string, limit = 100) {
  const { db, t } = database
  return db
    .select()
    .from(t.activityLog)
    .where(and(eq(t.activityLog.entity, entity), eq(t.activityLog.entityId, entityId)))
    .orderBy(desc(t.activityLog.at), desc(t.activityLog.id))
    .limit(limit)
}
