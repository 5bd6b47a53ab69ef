import booleanPointInPolygon from '@turf/boolean-point-in-polygon'
import area from '@turf/area'
import intersect from '@turf/intersect'
import { featureCollection, polygon as turfPolygon } from '@turf/helpers'
import Flatbush from 'flatbush'
import { closedRing, type PmtilesInfo, type Polygon } from '../schemas/maps'

/**
 * The maps' rules (docs/decisions/074): which area a point lies in, the areas' counts, which areas overlap, where a
 * sale without a position is placed, how old a door's visit is, a postal-code file's rows and a PMTiles header.
 */

export type LngLat = { lng: number; lat: number }
export type Box = [west: number, south: number, east: number, north: number]

export function boxOf(shape: Polygon): Box {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity]
  for (const [lng, lat] of shape.coordinates[0]!) {
    if (lng < w) w = lng
    if (lng > e) e = lng
    if (lat < s) s = lat
    if (lat > n) n = lat
  }
  return [w, s, e, n]
}

/** Whether a point lies inside an area's outline (a point on the edge counts as inside). */
export function inArea(point: LngLat, shape: Polygon): boolean {
  return booleanPointInPolygon([point.lng, point.lat], shape)
}

/**
 * How many of `points` (each `n` sales, one by default) lie in each area: the points are indexed once, each area asks its box and then its outline,
 * so the areas' counts cost about (areas × points in their box), not areas × all points.
 */
export function countInAreas<P extends LngLat & { n?: number }>(points: P[], areas: Array<{ id: string; shape: Polygon | null }>): Map<string, number> {
  const counts = new Map<string, number>()
  const shaped = areas.filter((a) => a.shape)
  if (points.length === 0 || shaped.length === 0) return new Map(areas.map((a) => [a.id, 0]))
  const index = new Flatbush(points.length)
  for (const p of points) index.add(p.lng, p.lat, p.lng, p.lat)
  index.finish()
  for (const a of areas) {
    if (!a.shape) {
      counts.set(a.id, 0)
      continue
    }
    const [w, s, e, n] = boxOf(a.shape)
    let n2 = 0
    for (const i of index.search(w, s, e, n)) if (inArea(points[i]!, a.shape)) n2 += points[i]!.n ?? 1
    counts.set(a.id, n2)
  }
  return counts
}

/** Overlap smaller than this (m²) is two areas sharing a border drawn by hand, not an overlap. */
export const OVERLAP_MIN_M2 = 100

/** The area two outlines share (m²); none when either cannot be intersected (a stored outline that is no polygon). */
function overlapM2(a: Polygon, b: Polygon): number {
  try {
    const common = intersect(featureCollection([turfPolygon(a.coordinates), turfPolygon(b.coordinates)]))
    return common ? area(common) : 0
  } catch {
    return 0
  }
}

/** The pairs of areas whose outlines overlap (more than a hand-drawn shared border): each area's list of the others. */
export function overlappingAreas(areas: Array<{ id: string; shape: Polygon | null }>): Map<string, string[]> {
  const out = new Map<string, string[]>(areas.map((a) => [a.id, []]))
  const shaped = areas.filter((a): a is { id: string; shape: Polygon } => a.shape !== null)
  if (shaped.length < 2) return out
  const index = new Flatbush(shaped.length)
  const boxes = shaped.map((a) => boxOf(a.shape))
  for (const b of boxes) index.add(...b)
  index.finish()
  shaped.forEach((a, i) => {
    for (const j of index.search(...boxes[i]!)) {
      if (j <= i) continue
      const b = shaped[j]!
      if (overlapM2(a.shape, b.shape) >= OVERLAP_MIN_M2) {
        out.get(a.id)!.push(b.id)
        out.get(b.id)!.push(a.id)
      }
    }
  })
  return out
}

/** Problems with an outline a person drew: too few corners, or its edges crossing each other. */
export function shapeProblem(shape: Polygon): 'tooFewPoints' | 'crossing' | null {
  const ring = shape.coordinates[0]!
  const distinct = new Set(ring.map(([x, y]) => `${x},${y}`))
  if (distinct.size < 3) return 'tooFewPoints'
  const n = ring.length - 1
  const cross = (p: number[], q: number[], r: number[], s: number[]) => {
    const d = (a: number[], b: number[], c: number[]) => (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!)
    const d1 = d(r, s, p)
    const d2 = d(r, s, q)
    const d3 = d(p, q, r)
    const d4 = d(p, q, s)
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
  }
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue
      if (cross(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return 'crossing'
    }
  return null
}

export { closedRing } from '../schemas/maps'

/**
 * An outline as stored, made safe to read: closed when its ring is open (an outline saved before the server closed
 * rings), null when it cannot be an outline at all (fewer than three distinct corners, a corner that is no number).
 * A stored bad shape must never break a list (issue 68 Q4): the area is then shown without an outline.
 */
export function usableShape(shape: Polygon | null): Polygon | null {
  const ring = shape?.type === 'Polygon' && Array.isArray(shape.coordinates?.[0]) ? shape.coordinates[0] : null
  if (!ring || ring.some((p) => !Array.isArray(p) || !Number.isFinite(p[0]) || !Number.isFinite(p[1]))) return null
  const closed = closedRing(ring)
  if (closed.length < 4 || new Set(closed.map(([x, y]) => `${x},${y}`)).size < 3) return null
  return closed === ring ? shape : { type: 'Polygon', coordinates: [closed] }
}

/**
 * Where a sale is drawn: where the device recorded it, else its postal code's position (the imported table, by the
 * country of the seller's office), else nowhere (counted as without position).
 */
export function placeOf(
  sale: { lat: number | null; lng: number | null; postalCode: string | null; country: string | null },
  postal: (country: string, postalCode: string) => LngLat | undefined,
): (LngLat & { placed: 'device' | 'postalCode' }) | null {
  if (sale.lat !== null && sale.lng !== null) return { lat: sale.lat, lng: sale.lng, placed: 'device' }
  const code = sale.postalCode ? postalKey(sale.postalCode) : null
  const at = code ? postal(sale.country ?? 'SE', code) : undefined
  return at ? { ...at, placed: 'postalCode' } : null
}

/** A postal code as the table keys it: its digits (and letters) without spaces. */
export function postalKey(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase()
}

/** A door's visit by its age: this week, this month, or older (an area's doors not visited lately stand out). */
export function visitAge(visitedAt: number, now: number): 'week' | 'month' | 'older' {
  const days = (now - visitedAt) / 86_400_000
  return days <= 7 ? 'week' : days <= 30 ? 'month' : 'older'
}

// ── The postal codes' file ──

const POSTAL_HEADERS = {
  postalCode: ['postal code', 'postalcode', 'postal_code', 'postcode', 'zip', 'zipcode', 'postnummer', 'postnr', 'postinumero'],
  lat: ['lat', 'latitude', 'latitud', 'leveysaste', 'y'],
  lng: ['lng', 'lon', 'long', 'longitude', 'longitud', 'pituusaste', 'x'],
  country: ['country', 'land', 'maa', 'countrycode', 'country code'],
} as const
export type PostalColumns = { postalCode: number; lat: number; lng: number; country: number | null }

/** The columns of a postal codes' file, by their usual names in English, Swedish and Finnish; null when one is missing. */
export function postalColumns(headers: string[]): PostalColumns | null {
  const find = (names: readonly string[]) => headers.findIndex((h) => names.includes(h.trim().toLowerCase()))
  const columns = { postalCode: find(POSTAL_HEADERS.postalCode), lat: find(POSTAL_HEADERS.lat), lng: find(POSTAL_HEADERS.lng) }
  if (Object.values(columns).some((i) => i < 0)) return null
  const country = find(POSTAL_HEADERS.country)
  return { ...columns, country: country < 0 ? null : country }
}

/** A row of the file: the postal code and its position, or what is wrong with it (a translation key). */
export function parsePostalRow(
  cells: string[],
  columns: PostalColumns,
  defaultCountry: string,
): { postalCode: string; lat: number; lng: number; country: string } | { problem: string } {
  const code = postalKey(cells[columns.postalCode] ?? '')
  if (!/^[0-9A-Z]{3,10}$/.test(code)) return { problem: 'validation.maps.postal.code' }
  const num = (s: string | undefined) => (s && /^-?\d+([.,]\d+)?$/.test(s.trim()) ? Number(s.trim().replace(',', '.')) : NaN)
  const lat = num(cells[columns.lat])
  const lng = num(cells[columns.lng])
  if (!(lat >= -90 && lat <= 90) || !(lng >= -180 && lng <= 180)) return { problem: 'validation.maps.postal.position' }
  const country = columns.country === null ? defaultCountry : (cells[columns.country] ?? '').trim().toUpperCase() || defaultCountry
  if (!/^[A-Z]{2}$/.test(country)) return { problem: 'validation.maps.postal.country' }
  return { postalCode: code, lat, lng, country }
}

// ── PMTiles ──

/** The header of a PMTiles (version 3) archive is its first 127 bytes. */
export const PMTILES_HEADER_BYTES = 127
const TILE_TYPES = { 1: 'mvt', 2: 'png', 3: 'jpeg', 4: 'webp', 5: 'avif' } as const

/** What a PMTiles archive's header says (tile type, zooms, bounds, centre), or null when it is not one this app can show. */
export function readPmtilesHeader(bytes: Uint8Array): PmtilesInfo | null {
  if (bytes.byteLength < PMTILES_HEADER_BYTES) return null
  if (String.fromCharCode(...bytes.subarray(0, 7)) !== 'PMTiles' || bytes[7] !== 3) return null
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const tileType = TILE_TYPES[bytes[99] as keyof typeof TILE_TYPES]
  if (!tileType) return null
  const e7 = (at: number) => view.getInt32(at, true) / 1e7
  const minZoom = bytes[100]!
  const maxZoom = bytes[101]!
  if (minZoom > maxZoom || maxZoom > 30) return null
  return { tileType, minZoom, maxZoom, bounds: [e7(102), e7(106), e7(110), e7(114)], center: [e7(119), e7(123), bytes[118]!] }
}
