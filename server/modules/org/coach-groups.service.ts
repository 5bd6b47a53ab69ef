import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { CoachGroupItem, ProviderCoachGroups, coachGroupInputSchema, coachGroupUpdateSchema, providerCoachGroupsSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string }

/** The catalog's providers, asked through a port (the org area does not read the catalog's tables). */
export type ProviderList = (db: Db) => Promise<Array<{ id: string; name: string; active: boolean }>>

const sorted = (ids: string[]) => [...new Set(ids)].sort()
const same = (a: string[], b: string[]) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))

/**
 * Coach groups (docs/decisions/041): coaches who work together, and the providers each group works for. Created,
 * changed (name, coaches) and deleted here; the providers a group works for are set per provider. Each change is
 * one transaction with its activity-log line (names, not ids) and a `coachGroup.changed` event.
 */
export function coachGroupsService({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { providers: ProviderList; now?: () => number }) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  async function list(tx: Db = db): Promise<CoachGroupItem[]> {
    const [groups, members, links, providers] = await Promise.all([
      tx
        .select({ id: t.coachGroups.id, name: t.coachGroups.name, version: t.coachGroups.version, createdAt: t.coachGroups.createdAt })
        .from(t.coachGroups)
        .orderBy(asc(t.coachGroups.name)),
      tx
        .select({ groupId: t.coachGroupMembers.groupId, id: t.users.id, first: t.users.firstName, last: t.users.lastName, active: t.users.active })
        .from(t.coachGroupMembers)
        .innerJoin(t.users, eq(t.users.id, t.coachGroupMembers.userId))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName)),
      tx.select().from(t.coachGroupProviders),
      opts.providers(tx),
    ])
    const providerName = new Map(providers.map((p) => [p.id, p.name]))
    return groups.map((g) => ({
      ...g,
      coaches: members.filter((m) => m.groupId === g.id).map((m) => ({ id: m.id, name: `${m.first} ${m.last}`, active: m.active })),
      providers: links
        .filter((l) => l.groupId === g.id && providerName.has(l.providerId))
        .map((l) => ({ id: l.providerId, name: providerName.get(l.providerId)! }))
        .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
    }))
  }

  async function one(tx: Db, id: string) {
    const found = (await list(tx)).find((g) => g.id === id)
    if (!found) throw notFound()
    return found
  }

  /** The name is free (case ignored) and every coach is an active user; the coach ids, sorted. */
  async function check(tx: Db, input: { name: string; coachIds: string[] }, exceptId: string | null, translate: Translate) {
    const taken = await tx
      .select({ id: t.coachGroups.id })
      .from(t.coachGroups)
      .where(and(sql`lower(${t.coachGroups.name}) = lower(${input.name})`, exceptId ? ne(t.coachGroups.id, exceptId) : undefined))
    if (taken.length > 0) throw new ApiError(409, 'conflict', { fieldErrors: { name: [translate('orgAdmin.coachGroups.nameTaken')] } })
    const coaches = sorted(input.coachIds)
    if (coaches.length > 0) {
      const found = await tx
        .select({ id: t.users.id })
        .from(t.users)
        .where(and(inArray(t.users.id, coaches), eq(t.users.active, true)))
      if (found.length !== coaches.length) throw validationError({ coachIds: [translate('orgAdmin.coachGroups.unknownCoach')] })
    }
    return coaches
  }

  async function names(tx: Db, ids: string[]) {
    if (ids.length === 0) return []
    const rows = await tx.select({ first: t.users.firstName, last: t.users.lastName }).from(t.users).where(inArray(t.users.id, ids))
    return rows.map((r) => `${r.first} ${r.last}`).sort()
  }

  async function setCoaches(tx: Db, groupId: string, coachIds: string[]) {
    await tx.delete(t.coachGroupMembers).where(eq(t.coachGroupMembers.groupId, groupId))
    if (coachIds.length > 0) await tx.insert(t.coachGroupMembers).values(coachIds.map((userId) => ({ groupId, userId })))
  }

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
