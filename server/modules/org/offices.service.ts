import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Translate } from '../../../shared/schemas/errors'
import type { OfficeDetail, OfficeItem, officeInputSchema, officeUpdateSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { ProviderList } from './coach-groups.service'
import { refuseTakenName } from '../../db/unique-name'

type Actor = { id: string; ability: AppAbility }

/** Every office with its region's name and how many teams and active users it has. */
async function officeItems(tx: Db, t: Deps['database']['t']): Promise<OfficeItem[]> {
  const [offices, teams, users] = await Promise.all([
    tx
      .select({ id: t.offices.id, name: t.offices.name, regionId: t.offices.regionId, regionName: t.regions.name, createdAt: t.offices.createdAt })
      .from(t.offices)
      .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
      .orderBy(asc(t.offices.name)),
    tx.select({ officeId: t.teams.officeId, n: count() }).from(t.teams).groupBy(t.teams.officeId),
    tx
      .select({ officeId: t.teams.officeId, n: count() })
      .from(t.users)
      .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
      .where(eq(t.users.active, true))
      .groupBy(t.teams.officeId),
  ])
  const tm = new Map(teams.map((r) => [r.officeId, r.n]))
  const u = new Map(users.map((r) => [r.officeId, r.n]))
  return offices.map((o) => ({ ...o, teamCount: tm.get(o.id) ?? 0, userCount: u.get(o.id) ?? 0 }))
}

/**
 * Offices (docs/decisions/036): listed with their region, teams and active people (those the reader may see: a
 * manager their own office), created, renamed, moved to another region and deleted here, each change one
 * transaction with its activity-log line and an `office.changed` event. A name is unique (case ignored); an office
 * with teams is not deleted.
 */
export function officesService({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { providers?: ProviderList; now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const visible = (ability: AppAbility, o: { id: string; regionId: string }) =>
    ability.can('view', subject('offices', { id: o.id, officeId: o.id, regionId: o.regionId }))

  const all = (tx: Db = db) => officeItems(tx, t)

  async function one(tx: Db, actor: Actor, id: string): Promise<OfficeItem> {
    const found = (await all(tx)).find((o) => o.id === id)
    if (!found || !visible(actor.ability, found)) throw notFound()
    return found
  }

  async function checkInput(tx: Db, input: { name: string; regionId: string }, exceptId: string | null, translate: Translate) {
    const [region] = await tx.select({ id: t.regions.id }).from(t.regions).where(eq(t.regions.id, input.regionId))
    if (!region) throw validationError({ regionId: [translate('orgAdmin.offices.unknownRegion')] })
    await refuseTakenName(tx, t.offices, input.name, { exceptId, message: translate('orgAdmin.offices.nameTaken') })
  }

  return {
    async list(ability: AppAbility): Promise<OfficeItem[]> {
      return (await all()).filter((o) => visible(ability, o))
    },

    /** An office's page: its teams the reader may see (with active members and provider), and its log. */
    async detail(actor: Actor, id: string): Promise<OfficeDetail> {
      const office = await one(db, actor, id)
      const [teams, members, providers, activity] = await Promise.all([
        db
          .select({ id: t.teams.id, name: t.teams.name, providerId: t.teams.providerId })
          .from(t.teams)
          .where(eq(t.teams.officeId, id))
          .orderBy(asc(t.teams.name)),
        db
          .select({ teamId: t.users.teamId, n: count() })
          .from(t.users)
          .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .where(and(eq(t.teams.officeId, id), eq(t.users.active, true)))
          .groupBy(t.users.teamId),
        opts.providers ? opts.providers(db) : Promise.resolve([]),
        activityLines(database, 'office', id),
      ])
      const providerName = new Map(providers.map((p) => [p.id, p.name]))
      const memberCount = new Map(members.map((m) => [m.teamId, m.n]))
      const asOffice = subject('offices', { id, officeId: id, regionId: office.regionId })
      return {
        ...office,
        teams: teams
          .filter((team) => actor.ability.can('view', subject('teams', { id: team.id, officeId: id, regionId: office.regionId })))
          .map(({ providerId, ...team }) => ({
            ...team,
            memberCount: memberCount.get(team.id) ?? 0,
            providerName: (providerId && providerName.get(providerId)) || null,
          })),
        may: { edit: actor.ability.can('update', asOffice), delete: actor.ability.can('delete', asOffice) },
        activity,
      }
    },

    create(actor: Actor, input: z.output<typeof officeInputSchema>, translate: Translate): Promise<OfficeItem> {
      return database.transaction(async (tx) => {
        await checkInput(tx, input, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.offices).values({ id, name: input.name, regionId: input.regionId, createdAt: at })
        const [region] = await tx.select({ name: t.regions.name }).from(t.regions).where(eq(t.regions.id, input.regionId))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'office',
          entityId: id,
          action: 'created',
          // the region by name, as the other lines of the office name it
          after: { name: input.name, region: region!.name },
        })
        await events.record(tx, 'office.changed', { officeId: id, action: 'created' }, { actorId: actor.id, at })
        return one(tx, actor, id)
      })
    },

    update(actor: Actor, id: string, input: z.output<typeof officeUpdateSchema>, translate: Translate): Promise<OfficeItem> {
      return database.transaction(async (tx) => {
        const current = await one(tx, actor, id)
        if (current.name !== input.basedOn.name || current.regionId !== input.basedOn.regionId) {
          throw new ApiError(409, 'version_conflict', { details: { current } })
        }
        if (current.name === input.name && current.regionId === input.regionId) return current
        await checkInput(tx, input, id, translate)
        const at = now()
        await tx.update(t.offices).set({ name: input.name, regionId: input.regionId }).where(eq(t.offices.id, id))
        const before: Record<string, unknown> = {}
        const after: Record<string, unknown> = {}
        if (current.name !== input.name) [before.name, after.name] = [current.name, input.name]
        if (current.regionId !== input.regionId) {
          const [region] = await tx.select({ name: t.regions.name }).from(t.regions).where(eq(t.regions.id, input.regionId))
          ;[before.region, after.region] = [current.regionName, region!.name]
        }
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'office', entityId: id, action: 'updated', before, after })
        await events.record(tx, 'office.changed', { officeId: id, action: 'updated' }, { actorId: actor.id, at })
        return one(tx, actor, id)
      })
    },

    remove(actor: Actor, id: string): Promise<{ id: string }> {
      return database.transaction(async (tx) => {
        const current = await one(tx, actor, id)
        // Its teams, and people placed in the office without a team (back office, a manager), would lose it.
        const [people] = await tx.select({ n: count() }).from(t.users).where(eq(t.users.officeId, id))
        if (current.teamCount > 0 || (people?.n ?? 0) > 0) {
          throw new ApiError(409, 'office_in_use', { params: { teams: current.teamCount, people: people?.n ?? 0 } })
        }
        const at = now()
        await tx.delete(t.offices).where(eq(t.offices.id, id))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'office',
          entityId: id,
          action: 'deleted',
          before: { name: current.name, region: current.regionName },
        })
        await events.record(tx, 'office.changed', { officeId: id, action: 'deleted' }, { actorId: actor.id, at })
        return { id }
      })
    },
  }
}
