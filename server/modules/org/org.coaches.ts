import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Schema } from '../../db/client'
import { validationError } from '../../lib/errors'

/** Ids once each, in one order: how a team's or a group's coaches are stored and compared. */
export const sorted = (ids: string[]) => [...new Set(ids)].sort()
export const same = (a: string[], b: string[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))

/** A team's or a coach group's coaches, sorted, when every one is an active user; else 400 on `coachIds` with `message`. */
export async function activeCoaches(tx: Db, t: Schema, coachIds: string[], message: string): Promise<string[]> {
  const coaches = sorted(coachIds)
  if (coaches.length === 0) return coaches
  const found = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(inArray(t.users.id, coaches), eq(t.users.active, true)))
  if (found.length !== coaches.length) throw validationError({ coachIds: [message] })
  return coaches
}

/** Users' names ("first last"), sorted: how a log line names a team's or a group's coaches. */
export async function userNames(tx: Db, t: Schema, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return []
  const rows = await tx.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, ids))
  return rows.map((r) => `${r.first} ${r.last}`).sort()
}
