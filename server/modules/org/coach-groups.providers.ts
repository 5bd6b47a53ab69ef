import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { ProviderCoachGroups, providerCoachGroupsSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type Actor, sorted, same, type CoachGroupsContext } from './coach-groups.context'

/** Which coach groups work for a provider: read per provider, and set. */
export function coachGroupProviders(ctx: CoachGroupsContext) {
  const { database, events, opts, db, t, now } = ctx
  return {
    /** Every provider (active first) with the groups that work for it. */
    async byProvider(tx: Db = db): Promise<ProviderCoachGroups[]> {
      const [providers, groups, links] = await Promise.all([
        opts.providers(tx),
        tx.select({ id: t.coachGroups.id, name: t.coachGroups.name }).from(t.coachGroups).orderBy(asc(t.coachGroups.name)),
        tx.select().from(t.coachGroupProviders),
      ])
      return providers
        .map((p) => ({
          providerId: p.id,
          providerName: p.name,
          active: p.active,
          groups: groups.filter((g) => links.some((l) => l.providerId === p.id && l.groupId === g.id)),
        }))
        .sort((a, b) => Number(b.active) - Number(a.active) || a.providerName.localeCompare(b.providerName, 'sv'))
    },

    /**
     * Sets the groups that work for a provider, on the set the editor saw (409 with the provider as it is now
     * otherwise). Logged on each group whose providers changed.
     */
    setForProvider(actor: Actor, providerId: string, input: z.output<typeof providerCoachGroupsSchema>, translate: Translate): Promise<ProviderCoachGroups> {
      return database.transaction(async (tx) => {
        const current = (await this.byProvider(tx)).find((p) => p.providerId === providerId)
        if (!current) throw notFound()
        if (
          !same(
            input.basedOn,
            current.groups.map((g) => g.id),
          )
        )
          throw new ApiError(409, 'version_conflict', { details: { current } })
        const wanted = sorted(input.groupIds)
        const groups = wanted.length > 0 ? await tx.select({ id: t.coachGroups.id }).from(t.coachGroups).where(inArray(t.coachGroups.id, wanted)) : []
        if (groups.length !== wanted.length) throw validationError({ groupIds: [translate('orgAdmin.coachGroups.unknownGroup')] })
        const had = new Set(current.groups.map((g) => g.id))
        const added = wanted.filter((g) => !had.has(g))
        const removed = [...had].filter((g) => !wanted.includes(g))
        const at = now()
        for (const groupId of added) {
          await tx.insert(t.coachGroupProviders).values({ groupId, providerId })
        }
        if (removed.length > 0) {
          await tx.delete(t.coachGroupProviders).where(and(eq(t.coachGroupProviders.providerId, providerId), inArray(t.coachGroupProviders.groupId, removed)))
        }
        for (const [groupId, change] of [...added.map((g) => [g, 'added'] as const), ...removed.map((g) => [g, 'removed'] as const)]) {
          await tx
            .update(t.coachGroups)
            .set({ version: sql`${t.coachGroups.version} + 1` })
            .where(eq(t.coachGroups.id, groupId))
          await logActivity(tx, t, {
            at,
            actorId: actor.id,
            entity: 'coach_group',
            entityId: groupId,
            action: 'updated',
            ...(change === 'added'
              ? { before: { provider: null }, after: { provider: current.providerName } }
              : { before: { provider: current.providerName }, after: { provider: null } }),
          })
          await events.record(tx, 'coachGroup.changed', { groupId, action: 'updated' }, { actorId: actor.id, at })
        }
        return (await this.byProvider(tx)).find((p) => p.providerId === providerId)!
      })
    },
  }
}
