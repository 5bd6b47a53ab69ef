import { subject } from '@casl/ability'
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import type { RunInput, RunItem, RunsQuery } from '../../../shared/schemas/field'
import { nextChangeVersion } from '../../db/change-counter'
import { withAccess } from '../../db/conditions'
import type { Db } from '../../db/client'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'

type RunRow = FieldContext['r']['$inferSelect']

/** Whether the reader may plan a team's runs (`update sales_planner`, its conditions naming a team or an office). */
export const mayPlan = (ability: AppAbility, teamId: string, officeId: string | null) => ability.can('update', subject('sales_planner', { teamId, officeId }))

/**
 * The runs and areas as the planners read and write them: a run is written for a team the writer may plan for, with
 * sellers of that team; each seller's row carries their change counter, so their device receives the run.
 */
export function fieldRuns(ctx: FieldContext) {
  const { database, db, t, r, rs, a, ports, scope } = ctx

  async function itemsOf(on: Db, rows: RunRow[], ability: AppAbility): Promise<RunItem[]> {
    if (rows.length === 0) return []
    const ids = rows.map((x) => x.id)
    const sellers = await on
      .select()
      .from(rs)
      .where(and(inArray(rs.runId, ids), eq(rs.removed, false)))
    const areaIds = [...new Set(rows.flatMap((x) => (x.areaId ? [x.areaId] : [])))]
    const [places, names, areas] = await Promise.all([
      ports.places(on),
      ports.names(on, { userIds: [...new Set(sellers.map((s) => s.userId))] }),
      areaIds.length ? on.select({ id: a.id, name: a.name }).from(a).where(inArray(a.id, areaIds)) : Promise.resolve([]),
    ])
    const teamName = new Map(places.teams.map((x) => [x.id, x.name]))
    const areaName = new Map(areas.map((x) => [x.id, x.name]))
    const mayEdit = (row: RunRow) => mayPlan(ability, row.teamId, row.officeId)
    return rows.map((x) => ({
      id: x.id,
      version: x.version,
      date: x.date,
      teamId: x.teamId,
      teamName: teamName.get(x.teamId) ?? '',
      sellers: sellers
        .filter((s) => s.runId === x.id)
        .map((s) => ({ id: s.userId, name: names.get(s.userId) ?? '' }))
        .sort((p, q) => p.name.localeCompare(q.name, 'sv')),
      areaId: x.areaId,
      areaName: x.areaId ? (areaName.get(x.areaId) ?? null) : null,
      meetingPlace: x.meetingPlace,
      meetingTime: x.meetingTime,
      travelDay: x.travelDay,
      note: x.note,
      may: { edit: mayEdit(x) },
    }))
  }

  /** The input checked against the organisation: the team exists, the sellers are its members, the area is the team's (or no team's). */
  async function checked(on: Db, input: RunInput, translate: Translate) {
    const places = await ports.places(on)
    const team = places.teams.find((x) => x.id === input.teamId)
    if (!team) throw validationError(fieldError('teamId', translate('validation.field.team')))
    const members = new Set((await ports.members(on, [input.teamId])).map((m) => m.id))
    if (input.sellerIds.some((id) => !members.has(id))) throw validationError(fieldError('sellerIds', translate('validation.field.sellers')))
    if (input.areaId) {
      const [area] = await on.select().from(a).where(eq(a.id, input.areaId))
      if (!area || (area.teamId && area.teamId !== input.teamId)) throw validationError(fieldError('areaId', translate('validation.field.area')))
    }
    return { officeId: team.officeId }
  }

  /** The run's sellers now: new ones and removed ones get their counter (their devices learn), the rest stay. */
  async function writeSellers(tx: Db, runId: string, sellerIds: string[], all = false) {
    const before = await tx.select().from(rs).where(eq(rs.runId, runId))
    const wanted = new Set(sellerIds)
    for (const row of before) {
      const keep = wanted.has(row.userId)
      if (keep && !row.removed && !all) continue
      if (!keep && row.removed) continue
      await tx
        .update(rs)
        .set({ removed: !keep, version: await nextChangeVersion(tx, t, row.userId) })
        .where(and(eq(rs.runId, runId), eq(rs.userId, row.userId)))
    }
    for (const id of wanted) {
      if (before.some((b) => b.userId === id)) continue
      await tx.insert(rs).values({ runId, userId: id, removed: false, version: await nextChangeVersion(tx, t, id) })
    }
  }

  return {
    async list(ability: AppAbility, q: RunsQuery, subject: 'sales_planner' | 'controlling' = 'sales_planner'): Promise<RunItem[]> {
      const rows = await db
        .select()
        .from(r)
        .where(withAccess(scope(ability, 'view', subject), gte(r.date, q.from), lte(r.date, q.to), q.teamId ? eq(r.teamId, q.teamId) : undefined))
        .orderBy(asc(r.date), asc(r.meetingTime), asc(r.id))
      return itemsOf(db, rows, ability)
    },

    async create(actor: { id: string; ability: AppAbility }, input: RunInput, translate: Translate): Promise<RunItem> {
      const id = crypto.randomUUID()
      await database.transaction(async (tx) => {
        const { officeId } = await checked(tx, input, translate)
        if (!mayPlan(actor.ability, input.teamId, officeId)) throw forbidden()
        const at = Date.now()
        const { sellerIds, ...fields } = input
        await tx.insert(r).values({ id, ...fields, officeId, version: 1, createdById: actor.id, createdAt: at, updatedAt: at })
        await writeSellers(tx, id, sellerIds)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'field_run', entityId: id, action: 'created', after: { ...input } })
      })
      return (await itemsOf(db, await db.select().from(r).where(eq(r.id, id)), actor.ability))[0]!
    },

    async update(actor: { id: string; ability: AppAbility }, id: string, version: number, input: RunInput, translate: Translate): Promise<RunItem> {
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(r).where(eq(r.id, id))
        if (!before) throw notFound()
        if (!mayPlan(actor.ability, before.teamId, before.officeId)) throw forbidden()
        if (before.version !== version) throw new ApiError(409, 'version_conflict', { details: { version: before.version } })
        const { officeId } = await checked(tx, input, translate)
        if (!mayPlan(actor.ability, input.teamId, officeId)) throw forbidden()
        const at = Date.now()
        const { sellerIds, ...fields } = input
        await tx
          .update(r)
          .set({ ...fields, officeId, version: version + 1, updatedAt: at })
          .where(eq(r.id, id))
        // Every seller's device is told of the new plan (the run changed for all of them).
        await writeSellers(tx, id, sellerIds, true)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'field_run', entityId: id, action: 'updated', after: { ...input } })
      })
      return (await itemsOf(db, await db.select().from(r).where(eq(r.id, id)), actor.ability))[0]!
    },

    async remove(actor: { id: string; ability: AppAbility }, id: string) {
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(r).where(eq(r.id, id))
        if (!before) throw notFound()
        if (!mayPlan(actor.ability, before.teamId, before.officeId)) throw forbidden()
        await writeSellers(tx, id, [])
        await tx.delete(r).where(eq(r.id, id))
        await logActivity(tx, t, {
          at: Date.now(),
          actorId: actor.id,
          entity: 'field_run',
          entityId: id,
          action: 'deleted',
          before: { date: before.date, teamId: before.teamId },
        })
      })
    },
  }
}
export type FieldRuns = ReturnType<typeof fieldRuns>
