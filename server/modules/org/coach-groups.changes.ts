import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { CoachGroupItem, coachGroupInputSchema, coachGroupUpdateSchema } from '../../../shared/schemas/org'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type Actor, same, type CoachGroupsContext } from './coach-groups.context'

/** Creating, editing and removing a coach group with its coaches, each change logged. */
export function coachGroupChanges(ctx: CoachGroupsContext) {
  const { database, events, t, now, list, one, check, names, setCoaches } = ctx
  return {
    list: () => list(),

    create(actor: Actor, input: z.output<typeof coachGroupInputSchema>, translate: Translate): Promise<CoachGroupItem> {
      return database.transaction(async (tx) => {
        const coaches = await check(tx, input, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.coachGroups).values({ id, name: input.name, createdAt: at })
        await setCoaches(tx, id, coaches)
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'coach_group',
          entityId: id,
          action: 'created',
          after: { name: input.name, coaches: await names(tx, coaches) },
        })
        await events.record(tx, 'coachGroup.changed', { groupId: id, action: 'created' }, { actorId: actor.id, at })
        return one(tx, id)
      })
    },

    update(actor: Actor, id: string, input: z.output<typeof coachGroupUpdateSchema>, translate: Translate): Promise<CoachGroupItem> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        if (current.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { current } })
        const coaches = await check(tx, input, id, translate)
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        if (current.name !== input.name) [before.name, after.name] = [current.name, input.name]
        const coachesDiffer = !same(
          coaches,
          current.coaches.map((c) => c.id),
        )
        if (coachesDiffer) [before.coaches, after.coaches] = [current.coaches.map((c) => c.name).sort(), await names(tx, coaches)]
        if (Object.keys(after).length === 0) return current
        const at = now()
        await tx
          .update(t.coachGroups)
          .set({ name: input.name, version: current.version + 1 })
          .where(eq(t.coachGroups.id, id))
        if (coachesDiffer) await setCoaches(tx, id, coaches)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'coach_group', entityId: id, action: 'updated', before, after })
        await events.record(tx, 'coachGroup.changed', { groupId: id, action: 'updated' }, { actorId: actor.id, at })
        return one(tx, id)
      })
    },

    /** A group goes with its links: nothing else holds it (the screens that read groups come later). */
    remove(actor: Actor, id: string): Promise<{ id: string }> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        const at = now()
        await tx.delete(t.coachGroupMembers).where(eq(t.coachGroupMembers.groupId, id))
        await tx.delete(t.coachGroupProviders).where(eq(t.coachGroupProviders.groupId, id))
        await tx.delete(t.coachGroups).where(eq(t.coachGroups.id, id))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'coach_group',
          entityId: id,
          action: 'deleted',
          before: { name: current.name, coaches: current.coaches.map((c) => c.name).sort(), providers: current.providers.map((p) => p.name) },
        })
        await events.record(tx, 'coachGroup.changed', { groupId: id, action: 'deleted' }, { actorId: actor.id, at })
        return { id }
      })
    },
  }
}
