import { and, asc, inArray, lte } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import type { AreaItem } from '../../../shared/schemas/field'
import { forbidden, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { FieldContext } from './field.context'
import { mayPlan } from './field.runs'

/** The teams' areas: listed with the last day a run worked them, and made by name (the shape is drawn on the map). */
export function fieldAreas(ctx: FieldContext) {
  const { database, db, t, r, a, ports } = ctx
  return {
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
  }
}
