import { and, desc, eq, gte, isNotNull, lte, max, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { countInAreas, inArea, overlappingAreas, placeOf, usableShape, type LngLat } from '../../../shared/rules/maps'
import type { SaleStatus } from '../../../shared/rules/sale'
import {
  MAP_MAX_VISITS,
  type MapArea,
  type MapAreasQuery,
  type MapSalesAnswer,
  type MapVisitsAnswer,
  type MapVisitsQuery,
  type Polygon,
} from '../../../shared/schemas/maps'
import { accessFilter, withAccess } from '../../db/conditions'
import { mayPlan } from './field.runs'
import type { FieldContext } from './field.context'
import { postalPositions } from './field.postal'
import { mapSales } from './field.map-sales'
import type { SalePointsFilter } from './field.context'

type Placed = LngLat & { id: string; status: SaleStatus; placed: 'device' | 'postalCode'; sellerId: string; sellDate: string }
type Placing = { points: Placed[]; totals: MapSalesAnswer['totals'] }

/**
 * The maps of field control (docs/decisions/074): the period's sales placed (by the device, else by the postal code)
 * and clustered on the server for the view's box and zoom, the doors visited, and the areas with their counts.
 */
export function fieldMaps(ctx: FieldContext) {
  const { db, a, r, ports } = ctx
  const postal = postalPositions(ctx)
  // Which areas overlap changes only when an outline does: kept for the areas' versions (a few hundred intersections).
  let overlapMemo: { key: string; value: Map<string, string[]> } | null = null
  const overlapsOf = (rows: Array<{ id: string; version: number; shape: Polygon | null }>) => {
    const key = rows.map((x) => `${x.id}:${x.version}`).join(',')
    if (overlapMemo?.key !== key) overlapMemo = { key, value: overlappingAreas(rows) }
    return overlapMemo.value
  }

  /** The period's sales for the areas' counts: the device's positions, and the postal codes' points weighted by their sales. */
  async function areaPoints(ability: AppAbility, q: SalePointsFilter): Promise<Array<LngLat & { n: number }>> {
    const [positions, byPostal, countries, lookup] = [
      await ports.salePositionsOnly(ability, q),
      await ports.salesByPostalCode(ability, q),
      await ports.officeCountries(db),
      await postal.lookup(),
    ]
    const points: Array<LngLat & { n: number }> = positions.map((p) => ({ lat: p.lat, lng: p.lng, n: 1 }))
    for (const g of byPostal) {
      const at = placeOf({ lat: null, lng: null, postalCode: g.postalCode, country: g.officeId ? (countries.get(g.officeId) ?? null) : null }, lookup)
      if (at) points.push({ lat: at.lat, lng: at.lng, n: g.n })
    }
    return points
  }

  /** A run's day of sales, each placed (the runs screen's "outside the area"). */
  async function place(ability: AppAbility, q: SalePointsFilter): Promise<Placing> {
    const [rows, countries, lookup] = await Promise.all([ports.salePoints(ability, q), ports.officeCountries(db), postal.lookup()])
    const totals = { sales: rows.length, device: 0, postalCode: 0, withoutPosition: 0 }
    const points: Placed[] = []
    for (const row of rows) {
      const at = placeOf({ ...row, country: row.officeId ? (countries.get(row.officeId) ?? null) : null }, lookup)
      if (!at) {
        totals.withoutPosition++
        continue
      }
      totals[at.placed]++
      points.push({ id: row.id, status: row.status, sellerId: row.sellerId, sellDate: row.sellDate, ...at })
    }
    return { points, totals }
  }

  return {
    place,
    /** sales the reader may see, as a point's popup lists them */
    summaries: ports.saleSummaries,

    /** the view's clusters and single sales; a cluster's or a place's sales */
    saleMaps: mapSales(ctx),

    /** The doors visited in the period that the reader's rules show (the newest first, at most MAP_MAX_VISITS). */
    visits: (ability: AppAbility, q: MapVisitsQuery) => doorsOnMap(ctx, ability, q),

    /**
     * The areas the reader's rules show (by their team or office), each with the period's sales placed inside it,
     * the last day a run worked it, the last door visited in it, and the areas it overlaps.
     */
    async areas(ability: AppAbility, q: MapAreasQuery): Promise<MapArea[]> {
      const filter = accessFilter(ability, 'view', 'controlling', { teamId: a.teamId, officeId: a.officeId }, { inline: true })
      const conditions: SQL[] = []
      if (q.teamId) conditions.push(eq(a.teamId, q.teamId))
      if (q.officeId) conditions.push(eq(a.officeId, q.officeId))
      // A stored outline is read as usable (closed) or none: one bad shape never breaks the list (issue 68 Q4).
      const rows = (
        await db
          .select()
          .from(a)
          .where(withAccess(filter, ...conditions))
          .orderBy(a.name)
      ).map((x) => ({ ...x, shape: usableShape(x.shape) }))
      if (rows.length === 0) return []
      const today = new Date().toISOString().slice(0, 10)
      const [points, worked, places, visited] = await Promise.all([
        areaPoints(ability, q),
        db
          .select({ areaId: r.areaId, date: max(r.date) })
          .from(r)
          .where(and(isNotNull(r.areaId), lte(r.date, today)))
          .groupBy(r.areaId),
        ports.places(db),
        lastVisits(ctx, rows),
      ])
      const counts = countInAreas(points, rows)
      const overlaps = overlapsOf(rows)
      const byId = new Map(rows.map((x) => [x.id, x.name]))
      const lastWorked = new Map(worked.map((w) => [w.areaId!, w.date]))
      const teams = new Map(places.teams.map((x) => [x.id, x]))
      const names = await ports.names(db, { userIds: [...new Set(rows.flatMap((x) => x.sellerIds))] })
      return rows.map((x) => {
        const team = x.teamId ? teams.get(x.teamId) : undefined
        return {
          id: x.id,
          version: x.version,
          name: x.name,
          teamId: x.teamId,
          teamName: team?.name ?? null,
          sellers: x.sellerIds.map((id) => ({ id, name: names.get(id) ?? '' })),
          shape: x.shape,
          lastWorkedOn: lastWorked.get(x.id) ?? null,
          lastVisitAt: visited.get(x.id) ?? null,
          sales: counts.get(x.id) ?? 0,
          overlaps: (overlaps.get(x.id) ?? []).map((id) => ({ id, name: byId.get(id) ?? '' })),
          may: { edit: team ? mayPlan(ability, team.id, team.officeId) : ability.can('update', 'sales_planner') },
        }
      })
    },
  }
}

/** The last door visited inside each area: the year's visits with a position, newest first, each given to the areas it lies in. */
async function lastVisits(ctx: FieldContext, areas: Array<{ id: string; shape: Polygon | null }>): Promise<Map<string, number>> {
  const v = ctx.t.fieldVisits
  const out = new Map<string, number>()
  const shaped = areas.filter((x): x is { id: string; shape: Polygon } => x.shape !== null)
  if (shaped.length === 0) return out
  const rows = await ctx.db
    .select({ lat: v.lat, lng: v.lng, visitedAt: v.visitedAt })
    .from(v)
    .where(and(gte(v.visitedAt, Date.now() - 365 * 86_400_000), isNotNull(v.lat)))
    .orderBy(desc(v.visitedAt))
    .limit(50_000)
  for (const row of rows) {
    for (const area of shaped) if (!out.has(area.id) && inArea({ lat: row.lat!, lng: row.lng! }, area.shape)) out.set(area.id, row.visitedAt)
    if (out.size === shaped.length) break
  }
  return out
}
export type FieldMaps = ReturnType<typeof fieldMaps>

/** The doors visited in the period that the reader's rules show (the newest first, at most MAP_MAX_VISITS). */
async function doorsOnMap(ctx: FieldContext, ability: AppAbility, q: MapVisitsQuery): Promise<MapVisitsAnswer> {
  const { db, t, ports } = ctx
  const v = t.fieldVisits
  const filter = accessFilter(ability, 'view', 'controlling', { teamId: v.teamId, officeId: v.officeId, userId: v.userId }, { inline: true })
  const start = Date.parse(`${q.from}T00:00:00Z`) - 86_400_000
  const end = Date.parse(`${q.to}T00:00:00Z`) + 2 * 86_400_000
  const conditions: SQL[] = [gte(v.visitedAt, start), lte(v.visitedAt, end)]
  if (q.officeId) conditions.push(eq(v.officeId, q.officeId))
  if (q.teamId) conditions.push(eq(v.teamId, q.teamId))
  if (q.sellerId) conditions.push(eq(v.userId, q.sellerId))
  const rows = await db
    .select({
      id: v.id,
      lat: v.lat,
      lng: v.lng,
      outcome: v.outcome,
      visitedAt: v.visitedAt,
      comeBackAt: v.comeBackAt,
      address: v.address,
      userId: v.userId,
    })
    .from(v)
    .where(withAccess(filter, ...conditions))
    .orderBy(desc(v.visitedAt))
    .limit(MAP_MAX_VISITS * 2)
  const placed = rows.filter((x) => x.lat !== null && x.lng !== null)
  const shown = placed.slice(0, MAP_MAX_VISITS)
  const names = await ports.names(db, { userIds: [...new Set(shown.map((x) => x.userId))] })
  return {
    visits: shown.map(({ userId, lat, lng, ...x }) => ({ ...x, lat: lat!, lng: lng!, sellerName: names.get(userId) ?? '' })),
    truncated: placed.length > MAP_MAX_VISITS,
    withoutPosition: rows.length - placed.length,
  }
}
