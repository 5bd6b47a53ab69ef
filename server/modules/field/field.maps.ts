import Supercluster from 'supercluster'
import { and, desc, eq, gte, isNotNull, lte, max, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { countInAreas, inArea, overlappingAreas, placeOf, type LngLat } from '../../../shared/rules/maps'
import type { SaleStatus } from '../../../shared/rules/sale'
import {
  MAP_MAX_VISITS,
  type MapArea,
  type MapAreasQuery,
  type MapSaleFeature,
  type MapSalesAnswer,
  type MapSalesQuery,
  type MapVisitsAnswer,
  type MapVisitsQuery,
  type Polygon,
} from '../../../shared/schemas/maps'
import { accessFilter, withAccess } from '../../db/conditions'
import { mayPlan } from './field.runs'
import type { FieldContext } from './field.context'
import { postalPositions } from './field.postal'
import type { SalePointsFilter } from './field.context'

type Placed = LngLat & { id: string; status: SaleStatus; placed: 'device' | 'postalCode'; sellerId: string; sellDate: string }
type Placing = { points: Placed[]; totals: MapSalesAnswer['totals'] }
type Props = { id: string; status: SaleStatus; placed: 'device' | 'postalCode'; counts?: Partial<Record<SaleStatus, number>> }

/** A clustered period is kept this long for the next pan or zoom of the same view (docs/decisions/074). */
const INDEX_TTL_MS = 60_000
const INDEX_CACHE = 12
const WORLD: [number, number, number, number] = [-180, -85, 180, 85]

/**
 * The maps of field control (docs/decisions/074): the period's sales placed (by the device, else by the postal code)
 * and clustered on the server for the view's box and zoom, the doors visited, and the areas with their counts.
 */
export function fieldMaps(ctx: FieldContext) {
  const { db, a, r, ports } = ctx
  const postal = postalPositions(ctx)
  const indexes = new Map<string, { at: number; index: Supercluster<Props, Props>; totals: Placing['totals'] }>()

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

  /**
   * The clustered sales of a view: built per request, or — for a map view that names itself — once per reader, filters
   * and view, kept a minute for its next pan or zoom (a new view or a refresh reads anew).
   */
  async function indexOf(ability: AppAbility, { view, ...q }: Omit<MapSalesQuery, 'bbox' | 'zoom'>) {
    const key = JSON.stringify([ability.rules, q, view])
    const now = Date.now()
    const cached = view ? indexes.get(key) : undefined
    if (cached && now - cached.at < INDEX_TTL_MS) return cached
    const { points, totals } = await place(ability, q)
    const index = new Supercluster<Props, Props>({
      radius: 60,
      maxZoom: 17,
      map: (p) => ({ ...p, counts: { [p.status]: 1 } }),
      reduce: (acc, p) => {
        const counts = { ...acc.counts }
        for (const [s, n] of Object.entries(p.counts ?? {}) as Array<[SaleStatus, number]>) counts[s] = (counts[s] ?? 0) + n
        acc.counts = counts
      },
    })
    index.load(
      points.map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
        properties: { id: p.id, status: p.status, placed: p.placed },
      })),
    )
    const entry = { at: now, index, totals }
    if (view) {
      if (indexes.size >= INDEX_CACHE) indexes.delete(indexes.keys().next().value!)
      indexes.set(key, entry)
    }
    return entry
  }

  return {
    place,
    /** sales the reader may see, as a point's popup lists them */
    summaries: ports.saleSummaries,

    /** The sales of the period in the view: clusters (with their statuses) and single sales. */
    async sales(ability: AppAbility, q: MapSalesQuery): Promise<MapSalesAnswer> {
      const { bbox, zoom, ...filter } = q
      const { index, totals } = await indexOf(ability, filter)
      const features: MapSaleFeature[] = index.getClusters(bbox ?? WORLD, zoom).map((f) => {
        // Six decimals (about 0.1 m): the index's projection there and back leaves noise beyond them.
        const [lng, lat] = (f.geometry.coordinates as [number, number]).map((x) => Math.round(x * 1e6) / 1e6) as [number, number]
        const p = f.properties as Props & { cluster?: boolean; cluster_id?: number; point_count?: number }
        if (p.cluster)
          return {
            kind: 'cluster',
            id: p.cluster_id!,
            lat,
            lng,
            count: p.point_count!,
            statuses: p.counts ?? {},
            expansionZoom: index.getClusterExpansionZoom(p.cluster_id!),
          }
        return { kind: 'sale', id: p.id, lat, lng, status: p.status, placed: p.placed }
      })
      return { features, totals }
    },

    /** The ids of a cluster's sales (at most 50), for its popup. */
    async clusterSales(ability: AppAbility, q: Omit<MapSalesQuery, 'bbox' | 'zoom'>, clusterId: number): Promise<string[]> {
      const { index } = await indexOf(ability, q)
      try {
        return index.getLeaves(clusterId, 50).map((f) => (f.properties as Props).id)
      } catch {
        return []
      }
    },

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
      const rows = await db
        .select()
        .from(a)
        .where(withAccess(filter, ...conditions))
        .orderBy(a.name)
      if (rows.length === 0) return []
      const today = new Date().toISOString().slice(0, 10)
      const [{ points }, worked, places, visited] = await Promise.all([
        place(ability, q),
        db
          .select({ areaId: r.areaId, date: max(r.date) })
          .from(r)
          .where(and(isNotNull(r.areaId), lte(r.date, today)))
          .groupBy(r.areaId),
        ports.places(db),
        lastVisits(ctx, rows),
      ])
      const counts = countInAreas(points, rows)
      const overlaps = overlappingAreas(rows)
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
