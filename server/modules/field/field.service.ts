import type { AppAbility } from '../../../shared/permissions/ability'
import { runOutcome, runTotals } from '../../../shared/rules/field'
import type { RunOutcome, RunsQuery, RunsReport } from '../../../shared/schemas/field'
import { subject } from '@casl/ability'
import { inArray } from 'drizzle-orm'
import { forbidden } from '../../lib/errors'
import type { Db } from '../../db/client'
import { fieldContext, type FieldContext, type FieldDeps, type FieldPorts } from './field.context'
import { fieldAreas } from './field.areas'
import { fieldRuns } from './field.runs'
import { runsPullSource } from './field.sync'
import { fieldVisits, visitsByDay } from './field.visits'
import { fieldPromises } from './field.promises'
import { fieldMaps, type FieldMaps } from './field.maps'
import { fieldBasemap } from './field.basemap'
import { postalPositions } from './field.postal'
import { inArea, usableShape } from '../../../shared/rules/maps'
import type { Polygon } from '../../../shared/schemas/maps'

export type { FieldPorts } from './field.context'

/**
 * Field control (docs/decisions/073, spec section 2): the teams' runs planned on the sales planner (a calendar and a
 * plain table over the same data), their areas, and the runs screen with each run's plan beside what its day brought.
 */
export function fieldService(deps: FieldDeps, ports: FieldPorts) {
  const ctx = fieldContext(deps, ports)
  const runs = fieldRuns(ctx)
  const maps = fieldMaps(ctx)
  const promises = fieldPromises(ctx)
  return {
    ...runs,
    planning: fieldAreas(ctx),
    /** the seller's runs, for their device's pull */
    pullSource: runsPullSource(ctx),
    /** door visits: the device's mutation and the seller's visits back */
    visits: fieldVisits(ctx, promises.device),
    /** promises (docs/decisions/097): come-backs, call-backs and appointments, their reminders and the team's queue */
    promises,
    /** the maps (docs/decisions/074): sales, visits and areas; the basemap and its settings; postal codes' positions */
    maps,
    basemap: fieldBasemap(ctx),
    postal: postalPositions(ctx),
    /** Planned against done: each run's sellers with their hours and sales of the day, and totals per team and week. */
    async report(ability: AppAbility, q: RunsQuery): Promise<RunsReport> {
      const planned = await runs.list(ability, q, 'controlling')
      const teamIds = [...new Set(planned.map((x) => x.teamId))]
      const members = await ports.members(ctx.db, teamIds)
      const people = [...new Set([...members.map((m) => m.id), ...planned.flatMap((x) => x.sellers.map((s) => s.id))])]
      const [hours, sales, doors] = await Promise.all([
        ports.hoursOf(ctx.db, people, q.from, q.to),
        ports.sellerDayFigures(ctx.db, people, q.from, q.to),
        visitsByDay(ctx, people, q.from, q.to),
      ])
      const names = new Map([...members.map((m) => [m.id, m.name] as const), ...planned.flatMap((x) => x.sellers.map((s) => [s.id, s.name] as const))])
      const outcomes = planned.map((run) => {
        const day = {
          hours: new Map(hours.filter((h) => h.date === run.date && h.workHours > 0).map((h) => [h.userId, h.workHours])),
          sales: new Map(sales.filter((s) => s.date === run.date).map((s) => [s.sellerId, { sales: s.sales, orderValueOre: s.orderValueOre }])),
          doors: doors.get(run.date) ?? new Map<string, { doors: number; contacts: number }>(),
        }
        // The team's sellers who worked that day on no run are shown too, once: on the team's first run of the day.
        const sameDay = planned.filter((o) => o.date === run.date && o.teamId === run.teamId)
        const onRuns = new Set(planned.filter((o) => o.date === run.date).flatMap((o) => o.sellers.map((s) => s.id)))
        const extra =
          sameDay[0]?.id === run.id ? members.filter((m) => m.teamId === run.teamId && day.hours.has(m.id) && !onRuns.has(m.id)).map((m) => m.id) : []
        return runOutcome(run, day, names, extra)
      })
      await countOutside(ctx, maps, ability, q, outcomes)
      return { runs: outcomes, totals: runTotals(outcomes) }
    },
    /** A team's active sellers to plan with: for those who may plan the team. */
    async teamMembers(ability: AppAbility, teamId: string): Promise<Array<{ id: string; name: string }>> {
      const team = (await ports.places(ctx.db)).teams.find((x) => x.id === teamId)
      if (!team || !ability.can('update', subject('sales_planner', { teamId, officeId: team.officeId }))) throw forbidden()
      return (await ports.members(ctx.db, [teamId])).map((m) => ({ id: m.id, name: m.name }))
    },
    /** the activity log's names of runs */
    async logNames(db: Db, ids: string[]): Promise<Map<string, string>> {
      const rows = await db.select({ id: ctx.r.id, date: ctx.r.date }).from(ctx.r).where(inArray(ctx.r.id, ids))
      return new Map(rows.map((x) => [x.id, x.date]))
    },
  }
}
export type FieldService = ReturnType<typeof fieldService>

/** Each run's sales of the day by its sellers that lie outside its area (when the area is drawn): one read of the period. */
async function countOutside(ctx: FieldContext, maps: FieldMaps, ability: AppAbility, q: RunsQuery, outcomes: RunOutcome[]) {
  const areaIds = [...new Set(outcomes.flatMap((o) => (o.areaId ? [o.areaId] : [])))]
  const shapes = new Map<string, Polygon>()
  if (areaIds.length > 0)
    for (const x of await ctx.db.select({ id: ctx.a.id, shape: ctx.a.shape }).from(ctx.a).where(inArray(ctx.a.id, areaIds))) {
      const shape = usableShape(x.shape)
      if (shape) shapes.set(x.id, shape)
    }
  const points = shapes.size > 0 ? (await maps.place(ability, { from: q.from, to: q.to, teamId: q.teamId })).points : []
  for (const o of outcomes) {
    const shape = o.areaId ? shapes.get(o.areaId) : undefined
    if (!shape) {
      o.outcome.outsideArea = null
      continue
    }
    const sellers = new Set(o.outcome.sellers.map((x) => x.id))
    o.outcome.outsideArea = points.filter((p) => p.sellDate === o.date && sellers.has(p.sellerId) && !inArea(p, shape)).length
  }
}
