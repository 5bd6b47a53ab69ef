import { randomUUID } from 'node:crypto'
import { and, asc, count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import { subject } from '@casl/ability'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { RegionCountry, RegionDetail, RegionItem, regionInputSchema, regionUpdateSchema } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { activityLines, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import { refuseTakenName } from '../../db/unique-name'

type Actor = { id: string }

/**
 * Regions (docs/decisions/036): listed with what they hold, created, renamed and deleted here, each change one
 * transaction with its activity-log line and a `region.changed` event. A name is unique (case ignored); a region
 * with offices is not deleted (its offices would lose their region), the answer says how many.
 */
export function regionsService({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  async function list(tx: Db = db): Promise<RegionItem[]> {
    const [regions, offices, teams, users] = await Promise.all([
      tx.select({ id: t.regions.id, name: t.regions.name, createdAt: t.regions.createdAt }).from(t.regions).orderBy(asc(t.regions.name)),
      tx.select({ regionId: t.offices.regionId, n: count() }).from(t.offices).groupBy(t.offices.regionId),
      tx
        .select({ regionId: t.offices.regionId, n: count() })
        .from(t.teams)
        .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
        .groupBy(t.offices.regionId),
      tx
        .select({ regionId: t.offices.regionId, n: count() })
        .from(t.users)
        .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
        .where(eq(t.users.active, true))
        .groupBy(t.offices.regionId),
    ])
    const by = (rows: Array<{ regionId: string; n: number }>) => new Map(rows.map((r) => [r.regionId, r.n]))
    const [o, tm, u] = [by(offices), by(teams), by(users)]
    return regions.map((r) => ({ ...r, officeCount: o.get(r.id) ?? 0, teamCount: tm.get(r.id) ?? 0, userCount: u.get(r.id) ?? 0 }))
  }

  async function one(tx: Db, id: string): Promise<RegionItem> {
    const found = (await list(tx)).find((r) => r.id === id)
    if (!found) throw notFound()
    return found
  }

  async function nameTaken(tx: Db, name: string, exceptId: string | null, translate: Translate) {
    await refuseTakenName(tx, t.regions, name, { exceptId, message: translate('orgAdmin.regions.nameTaken') })
  }

  /** A region's change: its log line and its event. */
  async function changed(tx: Db, actorId: string, id: string, before: Record<string, unknown>, after: Record<string, unknown>) {
    const at = now()
    await logActivity(tx, t, { at, actorId, entity: 'region', entityId: id, action: 'updated', before, after })
    await events.record(tx, 'region.changed', { regionId: id, action: 'updated' }, { actorId, at })
  }

  return {
    /** A region's page: its offices the reader may see (with teams and active people), and its log. */
    async detail(actor: { id: string; ability: AppAbility }, id: string): Promise<RegionDetail> {
      const region = await one(db, id)
      const [rows, teams, users, activity] = await Promise.all([
        db.select({ id: t.offices.id, name: t.offices.name }).from(t.offices).where(eq(t.offices.regionId, id)).orderBy(asc(t.offices.name)),
        db
          .select({ officeId: t.teams.officeId, n: count() })
          .from(t.teams)
          .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
          .where(eq(t.offices.regionId, id))
          .groupBy(t.teams.officeId),
        db
          .select({ officeId: t.teams.officeId, n: count() })
          .from(t.users)
          .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
          .where(and(eq(t.offices.regionId, id), eq(t.users.active, true)))
          .groupBy(t.teams.officeId),
        activityLines(database, 'region', id),
      ])
      const [teamCount, userCount] = [new Map(teams.map((r) => [r.officeId, r.n])), new Map(users.map((r) => [r.officeId, r.n]))]
      const offices = rows.map((o) => ({ ...o, teamCount: teamCount.get(o.id) ?? 0, userCount: userCount.get(o.id) ?? 0 }))
      const [{ country } = { country: 'SE' }] = await db.select({ country: t.regions.country }).from(t.regions).where(eq(t.regions.id, id))
      return {
        ...region,
        country: country as RegionCountry,
        offices: offices.filter((o) => actor.ability.can('view', subject('offices', { id: o.id, officeId: o.id, regionId: id }))),
        may: { edit: actor.ability.can('update', 'regions'), delete: actor.ability.can('delete', 'regions') },
        activity,
      }
    },

    list: () => list(),

    create(actor: Actor, input: z.output<typeof regionInputSchema>, translate: Translate): Promise<RegionItem> {
      return database.transaction(async (tx) => {
        await nameTaken(tx, input.name, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.regions).values({ id, name: input.name, createdAt: at })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'region', entityId: id, action: 'created', after: { name: input.name } })
        await events.record(tx, 'region.changed', { regionId: id, action: 'created' }, { actorId: actor.id, at })
        return one(tx, id)
      })
    },

    update(actor: Actor, id: string, input: z.output<typeof regionUpdateSchema>, translate: Translate): Promise<RegionItem> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        if (current.name !== input.basedOn) throw new ApiError(409, 'version_conflict', { details: { current } })
        if (current.name === input.name) return current
        await nameTaken(tx, input.name, id, translate)
        await tx.update(t.regions).set({ name: input.name }).where(eq(t.regions.id, id))
        await changed(tx, actor.id, id, { name: current.name }, { name: input.name })
        return one(tx, id)
      })
    },

    /** The region's country: where its new sellers' directory accounts are used (decision 070). */
    setCountry(actor: Actor, id: string, country: RegionCountry): Promise<{ country: RegionCountry }> {
      return database.transaction(async (tx) => {
        const [current] = await tx.select({ country: t.regions.country }).from(t.regions).where(eq(t.regions.id, id))
        if (!current) throw notFound()
        if (current.country === country) return { country }
        await tx.update(t.regions).set({ country }).where(eq(t.regions.id, id))
        await changed(tx, actor.id, id, { country: current.country }, { country })
        return { country }
      })
    },

    remove(actor: Actor, id: string): Promise<{ id: string }> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        if (current.officeCount > 0) {
          throw new ApiError(409, 'region_in_use', { params: { count: current.officeCount } })
        }
        const at = now()
        await tx.delete(t.regions).where(eq(t.regions.id, id))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'region', entityId: id, action: 'deleted', before: { name: current.name } })
        await events.record(tx, 'region.changed', { regionId: id, action: 'deleted' }, { actorId: actor.id, at })
        return { id }
      })
    },
  }
}
