import { layers, namedFlavor } from '@protomaps/basemaps'
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl'
import { feature, mesh } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import countriesUrl from 'world-atlas/countries-50m.json?url'
import type { SaleStatus } from '../../../../shared/rules/sale'
import type { VisitOutcome } from '../../../../shared/schemas/field'
import type { MapSettings } from '../../../../shared/schemas/maps'

/**
 * The basemap a map screen draws (docs/decisions/074): the organisation's PMTiles file (vector in the Protomaps
 * schema, or raster), the style URL an admin set, or — with neither — a plain background with the countries' land and
 * borders shipped with the app (Natural Earth 1:50m through world-atlas), so the map always works and no request goes
 * to a tile server nobody chose.
 */

/**
 * A status's colour on the map, the hues of its badge (client/components/ui/sale-status-badge.tsx) dark enough for a
 * cluster's white count (contrast 4.5:1 or more).
 */
export const STATUS_HEX: Record<SaleStatus, string> = {
  finalized: '#2b6cb0',
  approved: '#276749',
  flagged: '#b7471b',
  unanswered: '#4a5568',
  regret: '#c53030',
  deviation: '#822727',
  absence: '#6b46c1',
}

/** A door's outcome on the map. */
export const OUTCOME_HEX: Record<VisitOutcome, string> = {
  notHome: '#a0aec0',
  notInterested: '#e53e3e',
  comeBack: '#d69e2e',
  sale: '#38a169',
}

let borders: Promise<{ land: GeoJSON.FeatureCollection | GeoJSON.Feature; lines: GeoJSON.MultiLineString }> | null = null

/** The countries' land and borders, fetched once (about 750 kB, only on map screens). */
function countries() {
  borders ??= fetch(countriesUrl)
    .then((r) => r.json() as Promise<Topology<{ countries: GeometryCollection; land: GeometryCollection }>>)
    .then((topo) => ({
      land: feature(topo, topo.objects.land),
      lines: mesh(topo, topo.objects.countries, (a, b) => a !== b),
    }))
  return borders
}

const plainColours = (dark: boolean) =>
  dark ? { water: '#1a202c', land: '#2d3748', border: '#718096' } : { water: '#dbe7f0', land: '#f7f7f2', border: '#a0a6ad' }

/** The style for the organisation's settings; the basemap's layers first, the app's own layers are added on top. */
export async function basemapStyle(settings: MapSettings, dark: boolean): Promise<StyleSpecification | string> {
  if (settings.basemap === 'style' && settings.styleUrl) return settings.styleUrl
  if (settings.basemap === 'pmtiles' && settings.file) {
    const url = `pmtiles://${location.origin}/api/maps/basemap.pmtiles?v=${settings.file.version}`
    if (settings.file.tileType === 'mvt') {
      // Without a glyph server the labels are left out: the shapes of the land, water, roads and buildings.
      const base = layers('protomaps', namedFlavor(dark ? 'dark' : 'light')).filter((l) => l.type !== 'symbol') as LayerSpecification[]
      return { version: 8, sources: { protomaps: { type: 'vector', url, attribution: '© OpenStreetMap' } }, layers: base }
    }
    return {
      version: 8,
      sources: { basemap: { type: 'raster', url, tileSize: 256 } },
      layers: [{ id: 'basemap', type: 'raster', source: 'basemap' }],
    }
  }
  const colours = plainColours(dark)
  const { land, lines } = await countries()
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: land, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: { type: 'Feature', geometry: lines, properties: {} } },
    },
    layers: [
      { id: 'water', type: 'background', paint: { 'background-color': colours.water } },
      { id: 'land', type: 'fill', source: 'land', paint: { 'fill-color': colours.land } },
      { id: 'borders', type: 'line', source: 'borders', paint: { 'line-color': colours.border, 'line-width': 1 } },
    ],
  }
}
