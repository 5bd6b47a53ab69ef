import { and, asc, count, eq, gte, inArray, lte } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import type { AreaItem } from '../../../shared/schemas/field'
import { shapeProblem } from '../../../shared/rules/maps'
import type { AreaUpdate } from '../../../shared/schemas/maps'
import { nextChangeVersion } from '../../db/change-counter'
import { containsTerm } from '../../db/conditions'
import type { SearchHit } from '../../../shared/schemas/search'
import type { Db } from '../../db/client'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'
import { mayPlan } from './field.runs'

/** The teams' areas: listed with the last day a run worked them, and made by name (the shape is drawn on the map). */
export function fieldAreas(ctx: FieldContext) {
  const { database, db, t, r, rs, a, ports } = ctx

  /** The seller devices that keep a run in this area (from two weeks back) are told its new name by their next pull. */
  async function touchRuns(tx: Db, areaId: string) {
    const since = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10)
    const rows = await tx
      .select({ runId: rs.runId, userId: rs.userId })
      .from(rs)
      .innerJoin(r, eq(r.id, rs.runId))
      .where(and(eq(r.areaId, areaId), gte(r.date, since)))
    for (const row of rows)
      await tx
        .update(rs)
        .set({ version: await nextChangeVersion(tx, t, row.userId) })
        .where(and(eq(rs.runId, row.runId), eq(rs.userId, row.userId)))
  }
  return {
    /**
     * The global search's areas (issue 70): by name (contains, any case), the team's name beside; the planner lists
     * every team's areas to those who plan (`view sales_planner`), so does this. A hit opens the planner on its team.
     */
    async searchAreas(q: string, limit: number): Promise<{ hits: SearchHit[]; more: boolean }> {
      const rows = await db
        .select({ id: a.id, name: a.name, teamId: a.teamId })
        .from(a)
        .where(containsTerm(a.name, q))
        .orderBy(asc(a.name))
        .limit(limit + 1)
      const teams = new Map((await ports.places(db)).teams.map((x) => [x.id, x.name]))
      return {
        hits: rows.slice(0, limit).map((x) => ({
          kind: 'area' as const,
          id: x.id,
          title: x.name,
          details: x.teamId ? [teams.get(x.teamId) ?? ''].filter(Boolean) : [],
          ...(x.teamId ? { params: { teamId: x.teamId } } : {}),
        })),
        more: rows.length > limit,
      }
    },

    /** The areas of a team (and those of no team), with the last day a run worked them. */
    async areas(teamId: string | undefined): Promise<AreaItem[]> {
      const rows = await db
        .select()
        .from(a)
        .where(teamId ? inArray(a.teamId, [teamId]) : undefined)
        .orderBy(asc(a.name))
      const worked = rows.length
        ? await db
            .select({ areaId: r.areaId, date: r.date })
            .from(r)
            .where(
              and(
                inArray(
                  r.areaId,
                  rows.map((x) => x.id),
                ),
                lte(r.date, new Date().toISOString().slice(0, 10)),
              ),
            )
        : []
      const last = new Map<string, string>()
      for (const w of worked) if (w.areaId && (last.get(w.areaId) ?? '') < w.date) last.set(w.areaId, w.date)
      const teams = new Map((await ports.places(db)).teams.map((x) => [x.id, x.name]))
      return rows.map((x) => ({
        id: x.id,
        name: x.name,
        teamId: x.teamId,
        teamName: x.teamId ? (teams.get(x.teamId) ?? null) : null,
        lastWorkedOn: last.get(x.id) ?? null,
      }))
    },

    async createArea(actor: { id: string; ability: AppAbility }, input: { name: string; teamId: string | null }, translate: Translate): Promise<AreaItem> {
      const places = await ports.places(db)
      const team = input.teamId ? places.teams.find((x) => x.id === input.teamId) : null
      if (input.teamId && !team) throw validationError(fieldError('teamId', translate('validation.field.team')))
      if (team ? !mayPlan(actor.ability, team.id, team.officeId) : !actor.ability.can('update', 'sales_planner')) throw forbidden()
      const id = crypto.randomUUID()
      const at = Date.now()
      await database.transaction(async (tx) => {
        await tx.insert(a).values({ id, name: input.name, teamId: input.teamId, officeId: team?.officeId ?? null, shape: null, createdAt: at, updatedAt: at })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'field_area', entityId: id, action: 'created', after: { ...input } })
      })
      return { id, name: input.name, teamId: input.teamId, teamName: team?.name ?? null, lastWorkedOn: null }
    },

    /** Renames, gives to a team and sellers, and draws an area, on the version its writer saw. */
    async updateArea(actor: { id: string; ability: AppAbility }, id: string, input: AreaUpdate, translate: Translate): Promise<void> {
      const places = await ports.places(db)
      const team = input.teamId ? places.teams.find((x) => x.id === input.teamId) : null
      if (input.teamId && !team) throw validationError(fieldError('teamId', translate('validation.field.team')))
      const problem = input.shape ? shapeProblem(input.shape) : null
      if (problem) throw validationError(fieldError('shape', translate(`validation.maps.shape.${problem}`)))
      if (input.sellerIds.length > 0) {
        const members = new Set((await ports.members(db, team ? [team.id] : places.teams.map((x) => x.id))).map((x) => x.id))
        if (input.sellerIds.some((x) => !members.has(x))) throw validationError(fieldError('sellerIds', translate('validation.field.sellers')))
      }
      const may = (teamId: string | null) => {
        const of = teamId ? places.teams.find((x) => x.id === teamId) : null
        return of ? mayPlan(actor.ability, of.id, of.officeId) : actor.ability.can('update', 'sales_planner')
      }
      const at = Date.now()
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(a).where(eq(a.id, id))
        if (!before) throw notFound()
        if (!may(before.teamId) || !may(input.teamId)) throw forbidden()
        if (before.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { version: before.version } })
        const sellerIds = [...new Set(input.sellerIds)]
        await tx
          .update(a)
          .set({
            name: input.name,
            teamId: input.teamId,
            officeId: team?.officeId ?? null,
            sellerIds,
            shape: input.shape,
            version: before.version + 1,
            updatedAt: at,
          })
          .where(eq(a.id, id))
        if (before.name !== input.name) await touchRuns(tx, id)
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'field_area',
          entityId: id,
          action: 'updated',
          before: {
            name: before.name,
            teamId: before.teamId,
            sellerIds: before.sellerIds,
            corners: before.shape ? before.shape.coordinates[0]!.length - 1 : 0,
          },
          after: { name: input.name, teamId: input.teamId, sellerIds, corners: input.shape ? input.shape.coordinates[0]!.length - 1 : 0 },
        })
      })
    },

    /** Removes an area no run names (a run's area is changed first, so no seller's plan loses its place). */
    async removeArea(actor: { id: string; ability: AppAbility }, id: string): Promise<void> {
      const places = await ports.places(db)
      await database.transaction(async (tx) => {
        const [before] = await tx.select().from(a).where(eq(a.id, id))
        if (!before) throw notFound()
        const team = before.teamId ? places.teams.find((x) => x.id === before.teamId) : null
        if (!(team ? mayPlan(actor.ability, team.id, team.officeId) : actor.ability.can('update', 'sales_planner'))) throw forbidden()
        const [used] = await tx.select({ n: count() }).from(r).where(eq(r.areaId, id))
        if (Number(used?.n ?? 0) > 0) throw new ApiError(409, 'area_in_use', { params: { count: Number(used!.n) } })
        await tx.delete(a).where(eq(a.id, id))
        await logActivity(tx, t, { at: Date.now(), actorId: actor.id, entity: 'field_area', entityId: id, action: 'deleted', before: { name: before.name } })
      })
    },
  }
}
