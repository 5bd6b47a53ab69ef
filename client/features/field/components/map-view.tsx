import { Box, IconButton } from '@chakra-ui/react'
import * as maplibregl from 'maplibre-gl'
import type { GeoJSONSource, Map as MapLibre } from 'maplibre-gl'
import 'maplibre-gl/dist/maplibre-gl.css'
import './map-view.css'
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url'
import { Protocol } from 'pmtiles'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fieldShade } from '../../../../shared/preferences'
import { visitAge } from '../../../../shared/rules/maps'
import type { SaleStatus } from '../../../../shared/rules/sale'
import type { MapArea, MapSaleFeature, MapSettings, MapVisit } from '../../../../shared/schemas/maps'
import { ChevronIcon } from '../../../components/ui/icons'
import { useLook } from '../../../lib/preferences'
import { basemapStyle, OUTCOME_HEX, STATUS_HEX } from './map-style'

maplibregl.setWorkerUrl(workerUrl)
const protocol = new Protocol()
maplibregl.addProtocol('pmtiles', protocol.tile)

export type ViewBox = { bbox: [number, number, number, number]; zoom: number; center: [number, number] }

/** The status most of a cluster's sales have: its colour. */
const mainStatus = (statuses: Partial<Record<SaleStatus, number>>) =>
  (Object.entries(statuses).sort((a, b) => b[1] - a[1])[0]?.[0] as SaleStatus | undefined) ?? 'finalized'

const empty: GeoJSON.FeatureCollection = { type: 'FeatureCollection', features: [] }

type MapViewProps = {
  settings: MapSettings
  dark: boolean
  initial: { center: [number, number]; zoom: number }
  sales: MapSaleFeature[]
  visits: MapVisit[]
  areas: MapArea[]
  selectedAreaId: string | null
  draft: Array<[number, number]> | null
  onView: (view: ViewBox) => void
  onSale: (sale: Extract<MapSaleFeature, { kind: 'sale' }>) => void
  onCluster: (cluster: Extract<MapSaleFeature, { kind: 'cluster' }>, map: MapLibre) => void
  onArea: (id: string) => void
  onDraftPoint: (point: [number, number]) => void
  onVisit: (visit: MapVisit) => void
  /** where to open, once it is known (the reader's own sales, when the address names no view) */
  fitTo?: [number, number, number, number] | null
}

/**
 * The map itself (MapLibre GL, loaded only with the map screens): the basemap, the areas as shapes, the doors as
 * small dots by outcome and age, and the sales as buttons — a cluster with its count in the colour of most of its
 * sales, or one sale in its status's colour — so each is reachable by keyboard and a screen reader. While drawing,
 * a click adds a corner to the outline being drawn.
 */
export function MapView(props: MapViewProps) {
  const { t } = useTranslation()
  const container = useRef<HTMLDivElement>(null)
  const [map, setMap] = useState<MapLibre | null>(null)
  // The colour scheme of the basemap on screen, once it has loaded (a change of scheme makes the map anew).
  const [drawn, setDrawn] = useState<'light' | 'dark' | null>(null)
  const [failed, setFailed] = useState(false)
  useFitOnce(map, props.fitTo)
  const handlers = useRef(props)
  useEffect(() => {
    handlers.current = props
  })

  // The map, made once per basemap (a change of the organisation's settings or the colour scheme makes it anew).
  useEffect(() => {
    let made: MapLibre | null = null
    let cancelled = false
    void basemapStyle(props.settings, props.dark).then((style) => {
      if (cancelled || !container.current) return
      let m: MapLibre
      try {
        m = new maplibregl.Map({
          container: container.current,
          style,
          center: handlers.current.initial.center,
          zoom: handlers.current.initial.zoom,
          attributionControl: { compact: true },
          dragRotate: false,
          pitchWithRotate: false,
        })
      } catch {
        setFailed(true)
        return
      }
      made = m
      m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right')
      m.touchZoomRotate.disableRotation()
      m.on('load', () => {
        addLayers(m)
        const report = listenTo(m, handlers)
        setMap(m)
        setDrawn(props.dark ? 'dark' : 'light')
        report()
      })
    })
    return () => {
      cancelled = true
      made?.remove()
      setMap(null)
      setDrawn(null)
    }
  }, [props.settings, props.dark])

  // The areas: their shapes, the one chosen stronger.
  useEffect(() => {
    const source = map?.getSource('areas') as GeoJSONSource | undefined
    source?.setData({
      type: 'FeatureCollection',
      features: props.areas.flatMap((a) =>
        a.shape
          ? [
              {
                type: 'Feature' as const,
                geometry: a.shape,
                properties: { id: a.id, selected: a.id === props.selectedAreaId, overlaps: a.overlaps.length > 0 },
              },
            ]
          : [],
      ),
    })
  }, [map, props.areas, props.selectedAreaId])

  // The doors, coloured by outcome, fainter the older they are.
  useEffect(() => {
    const now = Date.now()
    const source = map?.getSource('visits') as GeoJSONSource | undefined
    source?.setData({
      type: 'FeatureCollection',
      features: props.visits.map((v) => ({
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [v.lng, v.lat] },
        properties: { id: v.id, colour: OUTCOME_HEX[v.outcome], age: visitAge(v.visitedAt, now) },
      })),
    })
  }, [map, props.visits])

  // The outline being drawn.
  useEffect(() => {
    const source = map?.getSource('draft') as GeoJSONSource | undefined
    const points = props.draft ?? []
    source?.setData(
      points.length === 0
        ? empty
        : {
            type: 'FeatureCollection',
            features: [
              ...(points.length > 1
                ? [{ type: 'Feature' as const, geometry: { type: 'LineString' as const, coordinates: [...points, points[0]!] }, properties: {} }]
                : []),
              ...points.map((p) => ({ type: 'Feature' as const, geometry: { type: 'Point' as const, coordinates: p }, properties: {} })),
            ],
          },
    )
    map?.getCanvas().style.setProperty('cursor', props.draft ? 'crosshair' : '')
    // Corners set quickly one after another are corners, not a double-click zoom.
    if (props.draft) map?.doubleClickZoom.disable()
    else map?.doubleClickZoom.enable()
  }, [map, props.draft])

  useSaleMarkers(map, props.sales, handlers)

  return (
    <Box position="relative" h="full" minH="80" borderRadius="md" overflow="hidden" borderWidth="1px">
      {/* MapLibre makes its container position: relative, so it fills its parent by size, not by inset. */}
      {/* data-ready: the map has loaded and answers clicks (a corner drawn before that would be lost); data-drawn: in which scheme. */}
      <Box
        ref={container}
        w="full"
        h="full"
        data-testid="map"
        data-ready={map ? 'true' : undefined}
        data-drawn={drawn ?? undefined}
        role="region"
        aria-label={t('maps.mapLabel')}
      />
      {map ? <PanButtons map={map} /> : null}
      {failed ? (
        <Box position="absolute" inset="0" display="grid" placeItems="center" p="6" textAlign="center" color="fg.muted">
          {t('maps.noWebgl')}
        </Box>
      ) : null}
    </Box>
  )
}

/** Each way the map moves: its step (in thirds of the map's width and height), its arrow's turn, its button's place. */
const PAN_WAYS = {
  north: { step: [0, -1], turn: -90, at: { top: '0', left: '1.75rem' } },
  south: { step: [0, 1], turn: 90, at: { bottom: '0', left: '1.75rem' } },
  west: { step: [-1, 0], turn: 180, at: { top: '1.75rem', left: '0' } },
  east: { step: [1, 0], turn: 0, at: { top: '1.75rem', right: '0' } },
} as const

/**
 * The map moved a step at a time by a tap (WCAG 2.5.7, dragging movements): panning is otherwise a drag. With the zoom
 * buttons, everything the map does can be done with a single pointer and no dragging; arrow keys do the same.
 */
function PanButtons({ map }: { map: MapLibre }) {
  const { t } = useTranslation()
  const pan = ([dx, dy]: readonly [number, number]) => {
    const { clientWidth, clientHeight } = map.getContainer()
    map.panBy([(dx * clientWidth) / 3, (dy * clientHeight) / 3])
  }
  return (
    <Box role="group" aria-label={t('maps.pan')} position="absolute" bottom="8" right="2.5" w="5.5rem" h="5.5rem" data-testid="map-pan">
      {(Object.entries(PAN_WAYS) as Array<[keyof typeof PAN_WAYS, (typeof PAN_WAYS)[keyof typeof PAN_WAYS]]>).map(([way, { step, turn, at }]) => (
        <IconButton
          key={way}
          aria-label={t(`maps.panTo.${way}`)}
          title={t(`maps.panTo.${way}`)}
          size="xs"
          minW="2rem"
          h="2rem"
          variant="outline"
          bg="bg"
          boxShadow="sm"
          position="absolute"
          {...at}
          onClick={() => pan(step)}
        >
          <ChevronIcon style={{ transform: `rotate(${turn}deg)` }} />
        </IconButton>
      ))}
    </Box>
  )
}

/**
 * What the person does on the map, passed to the screen's latest handlers: each view it settles on, a point drawn, a
 * door or an area chosen. Answers the view's reporter, to report the first view too.
 */
function listenTo(m: MapLibre, handlers: { current: MapViewProps }) {
  const report = () => {
    const b = m.getBounds()
    const c = m.getCenter()
    handlers.current.onView({
      bbox: [Math.max(-180, b.getWest()), Math.max(-85, b.getSouth()), Math.min(180, b.getEast()), Math.min(85, b.getNorth())],
      zoom: Math.round(m.getZoom()),
      center: [c.lng, c.lat],
    })
  }
  m.on('moveend', report)
  m.on('click', (e) => {
    if (handlers.current.draft) {
      handlers.current.onDraftPoint([Number(e.lngLat.lng.toFixed(6)), Number(e.lngLat.lat.toFixed(6))])
      return
    }
    const [visit] = m.queryRenderedFeatures(e.point, { layers: ['visits'] })
    if (visit) {
      const found = handlers.current.visits.find((v) => v.id === visit.properties.id)
      if (found) return handlers.current.onVisit(found)
    }
    const [area] = m.queryRenderedFeatures(e.point, { layers: ['areas-fill'] })
    if (area) handlers.current.onArea(String(area.properties.id))
  })
  return report
}

/** The app's own layers over the basemap: areas, doors and the outline being drawn. */
function addLayers(m: MapLibre) {
  m.addSource('areas', { type: 'geojson', data: empty })
  m.addSource('visits', { type: 'geojson', data: empty })
  m.addSource('draft', { type: 'geojson', data: empty })
  m.addLayer({
    id: 'areas-fill',
    type: 'fill',
    source: 'areas',
    paint: {
      'fill-color': ['case', ['get', 'overlaps'], '#dd6b20', '#3182ce'],
      'fill-opacity': ['case', ['get', 'selected'], 0.3, 0.12],
    },
  })
  m.addLayer({
    id: 'areas-line',
    type: 'line',
    source: 'areas',
    paint: { 'line-color': ['case', ['get', 'overlaps'], '#dd6b20', '#2b6cb0'], 'line-width': ['case', ['get', 'selected'], 3, 1.5] },
  })
  m.addLayer({
    id: 'visits',
    type: 'circle',
    source: 'visits',
    paint: {
      'circle-color': ['get', 'colour'],
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 10, 2, 16, 6],
      'circle-opacity': ['match', ['get', 'age'], 'week', 0.95, 'month', 0.6, 0.3],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
    },
  })
  m.addLayer({ id: 'draft-line', type: 'line', source: 'draft', paint: { 'line-color': '#d53f8c', 'line-width': 2, 'line-dasharray': [2, 1] } })
  m.addLayer({
    id: 'draft-points',
    type: 'circle',
    source: 'draft',
    filter: ['==', ['geometry-type'], 'Point'],
    paint: { 'circle-color': '#d53f8c', 'circle-radius': 5, 'circle-stroke-color': '#fff', 'circle-stroke-width': 2 },
  })
}

/** The sales: a button each, placed by the map (a cluster with its count, a sale as a dot). */
function useSaleMarkers(map: MapLibre | null, sales: MapSaleFeature[], handlers: { current: Pick<Parameters<typeof MapView>[0], 'onSale' | 'onCluster'> }) {
  const { t } = useTranslation()
  // In field mode a marker's colour is darkened so its count reads at 7:1 (docs/decisions/089).
  const { field } = useLook()
  useEffect(() => {
    if (!map) return
    const hex = (status: SaleStatus) => (field ? fieldShade(STATUS_HEX[status]) : STATUS_HEX[status])
    const markers = sales.map((f) => {
      const el = document.createElement('button')
      el.type = 'button'
      if (f.kind === 'cluster') {
        const size = Math.round(26 + Math.min(24, Math.log2(f.count) * 4))
        el.className = 'sk-map-cluster'
        el.style.cssText = `width:${size}px;height:${size}px;background:${hex(mainStatus(f.statuses))}`
        el.textContent = f.count >= 1000 ? `${Math.round(f.count / 100) / 10}k` : String(f.count)
        el.setAttribute('aria-label', t('maps.clusterLabel', { count: f.count }))
        el.addEventListener('click', (e) => {
          e.stopPropagation()
          handlers.current.onCluster(f, map)
        })
      } else {
        el.className = 'sk-map-sale'
        el.style.background = hex(f.status)
        el.setAttribute('aria-label', t('maps.saleLabel', { status: t(`sales.status.${f.status}`) }))
        el.addEventListener('click', (e) => {
          e.stopPropagation()
          handlers.current.onSale(f)
        })
      }
      return new maplibregl.Marker({ element: el }).setLngLat([f.lng, f.lat]).addTo(map)
    })
    return () => markers.forEach((m) => m.remove())
  }, [map, sales, t, handlers, field])
}

/** The first place the map is told to open on is fitted once; the reader's own moves are theirs after that. */
function useFitOnce(map: MapLibre | null, fitTo: [number, number, number, number] | null | undefined) {
  const fitted = useRef(false)
  useEffect(() => {
    if (!map || fitted.current || !fitTo) return
    fitted.current = true
    const [w, s, e, n] = fitTo
    map.fitBounds(
      [
        [w, s],
        [e, n],
      ],
      { padding: 40, maxZoom: 12, animate: false },
    )
  }, [map, fitTo])
}
