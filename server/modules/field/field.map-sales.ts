import Supercluster from 'supercluster'
import type { AppAbility } from '../../../shared/permissions/ability'
import { placeOf, type Box } from '../../../shared/rules/maps'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { MapSaleFeature, MapSalesAnswer, MapSalesQuery, MapSaleSummary } from '../../../shared/schemas/maps'
import type { FieldContext, SalePointsFilter } from './field.context'
import { postalPositions } from './field.postal'

/** A place on the map: a grid cell of device-placed sales, or a postal code's sales without a position, by status. */
type Group = { lat: number; lng: number; status: SaleStatus; n: number; id: string; placed: 'device' | 'postalCode'; postalCode: string | null }
type Props = { gid: number; n: number; counts: Partial<Record<SaleStatus, number>> }
type Built = { at: number; index: Supercluster<Props, Props>; groups: Group[]; cell: number; totals: MapSalesAnswer['totals'] }

/** Where the groups lie, [west, south, east, north]; null for none. */
function extentOf(groups: readonly Group[]): [number, number, number, number] | null {
  if (!groups.length) return null
  let [w, s, e, n] = [180, 90, -180, -90]
  for (const g of groups) {
    w = Math.min(w, g.lng)
    e = Math.max(e, g.lng)
    s = Math.min(s, g.lat)
    n = Math.max(n, g.lat)
  }
  return [round6(w), round6(s), round6(e), round6(n)]
}

/** A view is read again after this long; its pans and zooms reuse it until then (docs/decisions/074). */
const INDEX_TTL_MS = 60_000
const INDEX_CACHE = 12
const WORLD: Box = [-180, -85, 180, 85]
/** The grid's cell, in screen pixels at the asked zoom: sales closer than that are one place. */
const CELL_PX = 2
/** From this zoom the grid is read for the view's box (and a margin) only. */
const BOX_FROM_ZOOM = 10
/** A cell or a postal code with several sales that no zoom separates opens as a list: its id is negative. */
const stackId = (gid: number) => -(gid + 1)

const cellOf = (zoom: number) => (360 / (256 * 2 ** zoom)) * CELL_PX
const round6 = (x: number) => Math.round(x * 1e6) / 1e6

/**
 * The map of sales (docs/decisions/074): the period's sales within the reader's rules and the filters, added up in SQL
 * per grid cell (those the device placed; the cell a couple of pixels at the asked zoom) and per postal code (those
 * placed by it), then clustered (supercluster) — a few thousand places instead of a month's tens of thousands of
 * rows. The answer is the view's clusters (with their counts by status) and single sales; a view with a token keeps
 * its reading for a minute.
 */
export function mapSales(ctx: FieldContext) {
  const { db, ports } = ctx
  const postal = postalPositions(ctx)
  const built = new Map<string, Built>()

  async function build(ability: AppAbility, q: SalePointsFilter, zoom: number, bbox: Box | undefined): Promise<Built> {
    const cell = cellOf(zoom)
    // A margin of a tenth of the view, so a cluster at its edge counts its neighbours outside it.
    const box: Box | undefined =
      bbox && zoom >= BOX_FROM_ZOOM
        ? [bbox[0] - (bbox[2] - bbox[0]) / 10, bbox[1] - (bbox[3] - bbox[1]) / 10, bbox[2] + (bbox[2] - bbox[0]) / 10, bbox[3] + (bbox[3] - bbox[1]) / 10]
        : undefined
    const grid = await ports.saleGrid(ability, q, cell, box)
    const byPostal = await ports.salesByPostalCode(ability, q)
    const counts = await ports.saleCounts(ability, q)
    const [countries, lookup] = await Promise.all([ports.officeCountries(db), postal.lookup()])
    const groups: Group[] = grid.map((g) => ({ ...g, placed: 'device', postalCode: null }))
    let placedByCode = 0
    for (const g of byPostal) {
      const at = placeOf({ lat: null, lng: null, postalCode: g.postalCode, country: g.officeId ? (countries.get(g.officeId) ?? null) : null }, lookup)
      if (!at) continue
      placedByCode += g.n
      if (box && (at.lng < box[0] || at.lng > box[2] || at.lat < box[1] || at.lat > box[3])) continue
      groups.push({ lat: at.lat, lng: at.lng, status: g.status, n: g.n, id: g.id, placed: 'postalCode', postalCode: g.postalCode })
    }
    const index = new Supercluster<Props, Props>({
      radius: 60,
      maxZoom: 17,
      map: (p) => ({ gid: p.gid, n: p.n, counts: { ...p.counts } }),
      reduce: (acc, p) => {
        acc.n += p.n
        for (const [s, n] of Object.entries(p.counts) as Array<[SaleStatus, number]>) acc.counts[s] = (acc.counts[s] ?? 0) + n
      },
    })
    index.load(
      groups.map((g, gid) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [g.lng, g.lat] },
        properties: { gid, n: g.n, counts: { [g.status]: g.n } },
      })),
    )
    const totals = { sales: counts.total, device: counts.device, postalCode: placedByCode, withoutPosition: counts.total - counts.device - placedByCode }
    return { at: Date.now(), index, groups, cell, totals }
  }

  /** The view's reading: made anew, or — for a view that names itself — kept a minute per reader, filters and zoom. */
  async function indexOf(ability: AppAbility, { bbox, zoom, view, ...q }: MapSalesQuery): Promise<Built> {
    const boxed = zoom >= BOX_FROM_ZOOM
    const key = JSON.stringify([ability.rules, q, view, zoom, boxed ? bbox : null])
    const cached = view ? built.get(key) : undefined
    if (cached && Date.now() - cached.at < INDEX_TTL_MS) return cached
    const made = await build(ability, q, zoom, bbox)
    if (view) {
      if (built.size >= INDEX_CACHE) built.delete(built.keys().next().value!)
      built.set(key, made)
    }
    return made
  }

  return {
    async sales(ability: AppAbility, q: MapSalesQuery): Promise<MapSalesAnswer> {
      const { index, groups, totals } = await indexOf(ability, q)
      const features: MapSaleFeature[] = index.getClusters(q.bbox ?? WORLD, q.zoom).map((f) => {
        const [lng, lat] = (f.geometry.coordinates as [number, number]).map(round6) as [number, number]
        const p = f.properties as Props & { cluster?: boolean; cluster_id?: number }
        if (p.cluster)
          return { kind: 'cluster', id: p.cluster_id!, lat, lng, count: p.n, statuses: p.counts, expansionZoom: index.getClusterExpansionZoom(p.cluster_id!) }
        const g = groups[p.gid]!
        if (g.n === 1) return { kind: 'sale', id: g.id, lat, lng, status: g.status, placed: g.placed }
        // Several sales in one place: a postal code's, or a cell's of a couple of pixels — a closer zoom parts those
        // until about a metre; then (and for a postal code) it is a list.
        const expansionZoom = g.placed === 'device' && q.zoom < 17 ? Math.min(17, q.zoom + 3) : 99
        return { kind: 'cluster', id: stackId(p.gid), lat, lng, count: g.n, statuses: p.counts, expansionZoom }
      })
      return { features, totals, extent: extentOf(groups) }
    },

    /** The sales of a cluster or a place (at most 50, newest first) as its popup lists them. */
    async clusterSales(ability: AppAbility, q: MapSalesQuery, clusterId: number): Promise<MapSaleSummary[]> {
      const { index, groups, cell } = await indexOf(ability, q)
      let gids: number[]
      try {
        gids = clusterId < 0 ? [-clusterId - 1] : index.getLeaves(clusterId, 200).map((f) => (f.properties as Props).gid)
      } catch {
        return []
      }
      const chosen = gids.map((gid) => groups[gid]).filter((g): g is Group => !!g)
      const singles = chosen.filter((g) => g.n === 1).map((g) => g.id)
      const { bbox: _b, zoom: _z, view: _v, ...filter } = q
      const boxes = chosen
        .filter((g) => g.n > 1 && g.placed === 'device')
        .slice(0, 40)
        .map((g): Box => [g.lng - cell, g.lat - cell, g.lng + cell, g.lat + cell])
      const codes = [...new Set(chosen.filter((g) => g.n > 1 && g.postalCode).map((g) => g.postalCode!))].slice(0, 40)
      const more = boxes.length || codes.length ? await ports.saleIdsIn(ability, filter, boxes, codes, 50) : []
      return ports.saleSummaries(ability, [...new Set([...singles, ...more])].slice(0, 50))
    },
  }
}
