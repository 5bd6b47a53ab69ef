import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { TeamDetail, teamInputSchema, teamUpdateSchema } from '../../../shared/schemas/org'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type Actor, sorted } from './teams.context'
import type { TeamsContext } from './teams.context'

/** A new team, a change (version-checked and logged, coaches set with it), and a team removed. */
export function teamsEdits(ctx: TeamsContext) {
  const { database, check, now, t, setCoaches, names, provider, events, opts, visibleRow, asSubject, coachesOf, detail } = ctx
  return {
    async create(actor: Actor, input: z.output<typeof teamInputSchema>, translate: Translate): Promise<{ id: string }> {
      const created = await database.transaction(async (tx) => {
        const coaches = await check(tx, input, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.teams).values({ id, name: input.name, officeId: input.officeId, providerId: input.providerId, createdAt: at })
        await setCoaches(tx, id, coaches)
        const [office] = await tx.select({ name: t.offices.name }).from(t.offices).where(eq(t.offices.id, input.officeId))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'team',
          entityId: id,
          action: 'created',
          after: { name: input.name, office: office!.name, coaches: await names(tx, coaches), provider: (await provider(tx, input.providerId))?.name ?? null },
        })
        await events.record(tx, 'team.changed', { teamId: id, action: 'created', coachesChanged: coaches.length > 0 }, { actorId: actor.id, at })
        return { id, coaches: coaches.length > 0 }
      })
      if (created.coaches) opts.onRulesChanged()
      return { id: created.id }
    },
    async update(actor: Actor, id: string, input: z.output<typeof teamUpdateSchema>, translate: Translate): Promise<TeamDetail> {
      const coachesChanged = await database.transaction(async (tx) => {
        const team = await visibleRow(tx, actor, id)
        if (!actor.ability.can('update', asSubject(team))) throw new ApiError(403, 'forbidden')
        const currentCoaches = sorted((await coachesOf(tx, id)).map((c) => c.id))
        const seen = input.basedOn
        if (
          seen.name !== team.name ||
          seen.officeId !== team.officeId ||
          seen.providerId !== team.providerId ||
          JSON.stringify(sorted(seen.coachIds)) !== JSON.stringify(currentCoaches)
        ) {
          throw new ApiError(409, 'version_conflict')
        }
        const coaches = await check(tx, input, team, translate)
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        if (team.name !== input.name) [before.name, after.name] = [team.name, input.name]
        if (team.officeId !== input.officeId) {
          const [office] = await tx.select({ name: t.offices.name }).from(t.offices).where(eq(t.offices.id, input.officeId))
          ;[before.office, after.office] = [team.officeName, office!.name]
        }
        const coachesDiffer = JSON.stringify(coaches) !== JSON.stringify(currentCoaches)
        if (coachesDiffer) [before.coaches, after.coaches] = [await names(tx, currentCoaches), await names(tx, coaches)]
        if (team.providerId !== input.providerId) {
          ;[before.provider, after.provider] = [(await provider(tx, team.providerId))?.name ?? null, (await provider(tx, input.providerId))?.name ?? null]
        }
        if (Object.keys(after).length === 0) return false
        const at = now()
        await tx.update(t.teams).set({ name: input.name, officeId: input.officeId, providerId: input.providerId }).where(eq(t.teams.id, id))
        if (coachesDiffer) await setCoaches(tx, id, coaches)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'team', entityId: id, action: 'updated', before, after })
        await events.record(tx, 'team.changed', { teamId: id, action: 'updated', coachesChanged: coachesDiffer }, { actorId: actor.id, at })
        // A team's office decides what office-scoped rules reach, its coaches what team-scoped ones do.
        return coachesDiffer || 'office' in after
      })
      if (coachesChanged) opts.onRulesChanged()
      return detail(actor, id)
    },
    async remove(actor: Actor, id: string): Promise<{ id: string }> {
      await database.transaction(async (tx) => {
        const team = await visibleRow(tx, actor, id)
        if (!actor.ability.can('delete', asSubject(team))) throw new ApiError(403, 'forbidden')
        const [members] = await tx.select({ n: count() }).from(t.users).where(eq(t.users.teamId, id))
        if ((members?.n ?? 0) > 0) throw new ApiError(409, 'team_in_use', { params: { count: members!.n } })
        const coaches = (await coachesOf(tx, id)).map((c) => c.id)
        const at = now()
        await tx.delete(t.teamCoaches).where(eq(t.teamCoaches.teamId, id))
        await tx.delete(t.teams).where(eq(t.teams.id, id))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'team',
          entityId: id,
          action: 'deleted',
          before: {
            name: team.name,
            office: team.officeName,
            coaches: await names(tx, coaches),
            provider: (await provider(tx, team.providerId))?.name ?? null,
          },
        })
        await events.record(tx, 'team.changed', { teamId: id, action: 'deleted', coachesChanged: coaches.length > 0 }, { actorId: actor.id, at })
      })
      opts.onRulesChanged()
      return { id }
    },
  }
}
