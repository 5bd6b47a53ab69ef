import { z } from 'zod'
import { nullableText } from './text'
import { SALE_STATUSES, type SaleStatus } from '../rules/sale'
import { VISIT_OUTCOMES, type VisitOutcome } from './field'

/**
 * The maps of field control (docs/decisions/074): where sales were registered, the doors visited and the areas
 * (territories) drawn as polygons, over a basemap the organisation chose.
 */

/** Where the seller stood when the device saved a sale or a visit: only with their permission (decision 074). */
export const positionSchema = z.strictObject({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000),
})
export type Position = z.infer<typeof positionSchema>

const day = z.iso.date()
const id = z.string().min(1).max(64)
/** A map's period is at most this many days. */
export const MAP_MAX_DAYS = 93

const period = { from: day, to: day }
const periodOk = (q: { from: string; to: string }) => q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= MAP_MAX_DAYS * 86_400_000

const statuses = z
  .string()
  .max(200)
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(z.enum(SALE_STATUSES)).max(SALE_STATUSES.length))
  .optional()

/** The view's box: west, south, east, north in degrees. */
const bbox = z
  .string()
  .max(120)
  .transform((v) => v.split(',').map(Number))
  .pipe(
    z
      .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90), z.number().min(-180).max(180), z.number().min(-90).max(90)])
      .refine(([w, s, e, n]) => w <= e && s <= n, { message: 'validation.maps.bbox' }),
  )

const salesFilter = {
  ...period,
  officeId: id.optional(),
  teamId: id.optional(),
  sellerId: id.optional(),
  providerId: id.optional(),
  status: statuses,
}

/** Where the map looks: its box and zoom, and the view's own token (its pans and zooms reuse the clustered period for a minute; without one it is read anew). */
const mapView = {
  bbox: bbox.optional(),
  zoom: z.coerce.number().int().min(0).max(22).default(5),
  view: z
    .string()
    .regex(/^[\w-]{8,40}$/)
    .optional(),
}

export const mapSalesQuerySchema = z
  .strictObject({
    ...salesFilter,
    ...mapView,
  })
  .refine(periodOk, { path: ['to'], message: 'validation.maps.period' })
export type MapSalesQuery = z.output<typeof mapSalesQuerySchema>

/** A point of the map: a cluster of sales (with how many of each status) or one sale. */
export type MapSaleFeature =
  | { kind: 'cluster'; id: number; lat: number; lng: number; count: number; statuses: Partial<Record<SaleStatus, number>>; expansionZoom: number }
  | { kind: 'sale'; id: string; lat: number; lng: number; status: SaleStatus; placed: 'device' | 'postalCode' }

export type MapSalesAnswer = {
  features: MapSaleFeature[]
  /** the period's sales within the filters and the reader's rules: placed by the device, by the postal code, or not at all */
  totals: { sales: number; device: number; postalCode: number; withoutPosition: number }
  /** where the placed sales lie, [west, south, east, north] (none placed: null): the map opens on them */
  extent: [number, number, number, number] | null
}

/** Sales of a point or a place (ids from the map's answer), as its popup lists them. */
export const mapSaleIdsSchema = z.strictObject({
  ids: z
    .string()
    .max(50 * 37)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.uuid()).min(1).max(50)),
})
export type MapSaleSummary = {
  id: string
  status: SaleStatus
  customerName: string
  address: string
  city: string
  sellDate: string
  orderValueOre: number
  sellerName: string
  provider: string
}
/** The sales of a cluster or a place in the same view and filters, for its popup: at most 50. */
export const mapClusterQuerySchema = z
  .strictObject({
    ...salesFilter,
    ...mapView,
    /** a cluster's id, or a place's (negative: several sales no zoom separates) */
    clusterId: z.coerce.number().int().min(-1_000_000).max(1_000_000_000),
  })
  .refine(periodOk, { path: ['to'], message: 'validation.maps.period' })

export const mapVisitsQuerySchema = z
  .strictObject({ ...period, officeId: id.optional(), teamId: id.optional(), sellerId: id.optional() })
  .refine(periodOk, { path: ['to'], message: 'validation.maps.period' })
export type MapVisitsQuery = z.output<typeof mapVisitsQuerySchema>
/** At most this many visits are drawn (the newest). */
export const MAP_MAX_VISITS = 5000
export type MapVisit = {
  id: string
  lat: number
  lng: number
  outcome: VisitOutcome
  visitedAt: number
  comeBackAt: number | null
  address: string
  sellerName: string
}
export type MapVisitsAnswer = { visits: MapVisit[]; truncated: boolean; withoutPosition: number }
export { VISIT_OUTCOMES }

// ── Areas ──

/** The ring closed (its last corner the first), as GeoJSON wants it. */
export function closedRing(points: Array<[number, number]>): Array<[number, number]> {
  if (points.length === 0) return []
  const [first, last] = [points[0]!, points[points.length - 1]!]
  return first[0] === last[0] && first[1] === last[1] ? points : [...points, first]
}

/** A ring's corners: at most this many. */
export const AREA_MAX_POINTS = 500
const lngLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])

/**
 * An area's outline (GeoJSON): one ring of at least three corners, longitude first. A ring whose last corner is not
 * its first is closed here (GeoJSON's rule, RFC 7946 §3.1.6): every reader of a stored outline can rely on it.
 */
export const polygonSchema = z
  .strictObject({
    type: z.literal('Polygon'),
    coordinates: z
      .array(
        z
          .array(lngLat)
          .min(3)
          .max(AREA_MAX_POINTS + 1),
      )
      .length(1),
  })
  .transform((p) => ({ type: p.type, coordinates: [closedRing(p.coordinates[0]!)] }))
  .refine((p) => p.coordinates[0]!.length >= 4 && p.coordinates[0]!.length <= AREA_MAX_POINTS + 1, {
    error: 'validation.maps.shape.tooFewPoints',
    path: ['coordinates'],
  })
export type Polygon = z.output<typeof polygonSchema>

export const areaUpdateSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  teamId: z.uuid().nullable(),
  sellerIds: z.array(z.uuid()).max(60),
  shape: polygonSchema.nullable(),
  version: z.int().min(1),
})
export type AreaUpdate = z.infer<typeof areaUpdateSchema>

export const mapAreasQuerySchema = z.strictObject(salesFilter).refine(periodOk, { path: ['to'], message: 'validation.maps.period' })
export type MapAreasQuery = z.output<typeof mapAreasQuerySchema>

export type MapArea = {
  id: string
  version: number
  name: string
  teamId: string | null
  teamName: string | null
  sellers: Array<{ id: string; name: string }>
  shape: Polygon | null
  /** the last day a run worked it (up to today) */
  lastWorkedOn: string | null
  /** the last door visited inside it */
  lastVisitAt: number | null
  /** the period's sales placed inside it, within the filters and the reader's rules */
  sales: number
  /** the areas whose outline overlaps this one's */
  overlaps: Array<{ id: string; name: string }>
  may: { edit: boolean }
}

// ── The basemap and the settings ──

export const BASEMAP_KINDS = ['plain', 'style', 'pmtiles'] as const
export type BasemapKind = (typeof BASEMAP_KINDS)[number]
/** The largest map file an organisation uploads: a region's extract. */
export const BASEMAP_MAX_BYTES = 2 * 1024 ** 3

/** What a PMTiles file's header says about it. */
export type PmtilesInfo = {
  tileType: 'mvt' | 'png' | 'jpeg' | 'webp' | 'avif'
  minZoom: number
  maxZoom: number
  bounds: [number, number, number, number]
  center: [number, number, number]
}

export type MapSettings = {
  basemap: BasemapKind
  styleUrl: string | null
  file: (PmtilesInfo & { name: string; size: number; uploadedAt: number; version: string }) | null
  /** whether sellers' devices record where a sale is registered (with each seller's permission) */
  salePositions: boolean
  /** postal codes with a position */
  postalCodes: number
  may: { edit: boolean }
}

export const mapSettingsInputSchema = z
  .strictObject({
    basemap: z.enum(BASEMAP_KINDS),
    styleUrl: nullableText(500),
    salePositions: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.styleUrl !== null) {
      let ok = false
      try {
        const url = new URL(v.styleUrl)
        ok = url.protocol === 'https:' || (url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'))
      } catch {
        ok = false
      }
      if (!ok) ctx.addIssue({ code: 'custom', path: ['styleUrl'], message: 'validation.maps.styleUrl' })
    }
    if (v.basemap === 'style' && v.styleUrl === null) ctx.addIssue({ code: 'custom', path: ['styleUrl'], message: 'validation.required' })
  })
export type MapSettingsInput = z.output<typeof mapSettingsInputSchema>

/** Postal codes' positions, imported by an admin (CSV or XLSX: postal code, latitude, longitude, country). */
export const POSTAL_COUNTRIES = ['SE', 'FI', 'NO', 'DK'] as const
export const postalImportQuerySchema = z.strictObject({ country: z.enum(POSTAL_COUNTRIES).default('SE') })
export type PostalImportResult = { rows: number; imported: number; problems: Array<{ row: number; message: string }> }

/** A sale as the maps draw it: where the device recorded it, or its postal code for the maps to place. */
export type SalePoint = {
  id: string
  status: SaleStatus
  lat: number | null
  lng: number | null
  postalCode: string
  officeId: string | null
  sellerId: string
  sellDate: string
}

/** Which sales a map asks for: a period, the filters, or a run's sellers. */
export type SalePointsFilter = {
  from: string
  to: string
  officeId?: string
  teamId?: string
  sellerId?: string
  providerId?: string
  status?: SaleStatus[]
  /** only these sellers (a run's) */
  sellerIds?: string[]
}
