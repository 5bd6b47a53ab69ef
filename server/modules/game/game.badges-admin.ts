import { asc, eq, sql } from 'drizzle-orm'
import type { Badge, BadgeInput, BadgeRule } from '../../../shared/schemas/game'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { AWARD_JOB } from './game.badges-context'
import type { GameBadgesContext } from './game.badges-context'

/** The badges as an admin keeps them: the list, a new one, a change (version-checked and logged). */
export function gameBadgesAdmin(ctx: GameBadgesContext) {
  const { db, B, view, database, columns, t, fields, jobs } = ctx
  return {
    async list(): Promise<Badge[]> {
      return (await db.select().from(B).orderBy(asc(B.name))).map(view)
    },
    async create(actorId: string, input: BadgeInput & { rule: BadgeRule }, now: number): Promise<Badge> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        await tx.insert(B).values({ id, ...columns(input), version: 1, createdAt: now, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId, entity: 'game_badge', entityId: id, action: 'created', after: fields(input) })
        await jobs.enqueue(tx, AWARD_JOB, {})
        return view((await tx.select().from(B).where(eq(B.id, id)))[0]!)
      })
    },
    async update(actorId: string, id: string, version: number, input: BadgeInput & { rule: BadgeRule }, now: number): Promise<Badge> {
      return database.transaction(async (tx) => {
        const [before] = await tx.select().from(B).where(eq(B.id, id))
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        await tx
          .update(B)
          .set({ ...columns(input), version: sql`${B.version} + 1`, updatedAt: now })
          .where(eq(B.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'game_badge', entityId: id, action: 'updated', ...changedFields(fields(before), fields(input)) })
        await jobs.enqueue(tx, AWARD_JOB, {})
        return view((await tx.select().from(B).where(eq(B.id, id)))[0]!)
      })
    },
  }
}
