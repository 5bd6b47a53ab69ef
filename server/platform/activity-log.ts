import { aliasedTable, and, desc, eq } from 'drizzle-orm'
import type { ActivityLine } from '../../shared/schemas/activity'
import type { Database, Db, Schema } from '../db/client'
import { insertRows, preparedWrites } from '../db/prepared'
import { currentImpersonation } from '../lib/request-actor'

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

/**
 * Who the line names. In a request an admin makes as another user (impersonation), a change by "the user" was
 * made by the admin acting as them: the admin is the actor and the user whom they acted as.
 */
function actorOf(entry: ActivityEntry): { actorId: string | null; actingAsId: string | null } {
  const as = currentImpersonation()
  if (as && entry.actorId === as.userId) return { actorId: as.impersonatorId, actingAsId: as.userId }
  return { actorId: entry.actorId, actingAsId: entry.actingAsId ?? null }
}

/** The log line's row: its actor (see actorOf), and absent parts as null. */
function rowOf(entry: ActivityEntry) {
  return {
    at: entry.at,
    ...actorOf(entry),
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    reason: entry.reason ?? null,
  }
}

export async function logActivity(tx: Db, t: Schema, entry: ActivityEntry): Promise<void> {
  await tx.insert(t.activityLog).values(rowOf(entry))
}

/**
 * `logActivity` for a path every pushed change runs (a device's sale): the same line as `logActivity` writes, but
 * inserted with the transaction's others of its kind as it commits.
 */
export function preparedActivityLog(database: Database): (tx: Db, entry: ActivityEntry) => Promise<void> {
  // Inserted as the transaction commits, with its other lines of this kind: one statement for a push's sales. The
  // row is made now (it names whoever is acting now).
  const write = preparedWrites(database)
  return (tx, entry) =>
    database.appendAtCommit('activity.log', rowOf(entry), (into, rows) => insertRows(write, into, 'activity.log', database.t.activityLog, rows), tx)
}

/** Many entries in one statement (an import's rows), in the caller's transaction. */
export async function logActivities(tx: Db, t: Schema, entries: ActivityEntry[]): Promise<void> {
  // A few hundred rows a statement: well under either database's limit of bound parameters.
  for (let i = 0; i < entries.length; i += 500) await tx.insert(t.activityLog).values(entries.slice(i, i + 500).map(rowOf))
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

/** An entity's log, newest first, with each actor's name: what the screens' log panels show. */
export async function activityLines(database: Database, entity: string, entityId: string, limit = 100): Promise<ActivityLine[]> {
  const { db, t } = database
  const actingAs = aliasedTable(t.users, 'acting_as')
  const rows = await db
    .select({
      at: t.activityLog.at,
      action: t.activityLog.action,
      actorId: t.activityLog.actorId,
      first: t.users.firstName,
      last: t.users.lastName,
      actingAsId: t.activityLog.actingAsId,
      actingFirst: actingAs.firstName,
      actingLast: actingAs.lastName,
      before: t.activityLog.before,
      after: t.activityLog.after,
      reason: t.activityLog.reason,
    })
    .from(t.activityLog)
    .leftJoin(t.users, eq(t.users.id, t.activityLog.actorId))
    .leftJoin(actingAs, eq(actingAs.id, t.activityLog.actingAsId))
    .where(and(eq(t.activityLog.entity, entity), eq(t.activityLog.entityId, entityId)))
    .orderBy(desc(t.activityLog.at), desc(t.activityLog.id))
    .limit(limit)
  return rows.map((r) => ({
    at: r.at,
    action: r.action,
    actor: r.actorId ? { id: r.actorId, name: r.first ? `${r.first} ${r.last}` : '' } : null,
    actingAs: r.actingAsId ? { id: r.actingAsId, name: r.actingFirst ? `${r.actingFirst} ${r.actingLast}` : '' } : null,
    before: (r.before as Record<string, unknown> | null) ?? null,
    after: (r.after as Record<string, unknown> | null) ?? null,
    reason: r.reason,
  }))
}
