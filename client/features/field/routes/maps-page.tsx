import { Box, Button, Grid, HStack, Stack, Text } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { closedRing } from '../../../../shared/rules/maps'
import { periodPreset } from '../../../../shared/rules/work'
import type { MapArea, MapSaleFeature, MapVisit } from '../../../../shared/schemas/maps'
import { QueryState } from '../../../components/ui/load-error'
import { Loading } from '../../../components/ui/loading'
import { Page } from '../../../components/ui/page'
import { useAbility } from '../../../lib/session'
import { useColorScheme } from '../../../lib/preferences'
import { useUrlParams, withParams } from '../../../lib/use-url-params'
import { mapVisits, type MapFilters } from '../api/maps-api'
import { fieldKeys } from '../api/field-keys'
import { AreaDialog } from '../components/area-dialog'
import { MapFilterBar, type MapLayers } from '../components/map-filter-bar'
import { MapSettingsDialog } from '../components/map-settings-dialog'
import { MapSidePanel, type MapSelection } from '../components/map-side-panel'
import type { ViewBox } from '../components/map-view'
import { todayHere } from '../components/week-bar'
import { useMapAreas, useMapSales, useMapSettings } from '../api/field-queries'

const MapView = lazy(() => import('../components/map-view').then((m) => ({ default: m.MapView })))
const DAY = /^\d{4}-\d{2}-\d{2}$/
/** Sweden and Finland, before the reader moves the map. */
const START = { center: [17.5, 61.5] as [number, number], zoom: 4 }

/**
 * /backoffice/controlling/maps (docs/decisions/074): the period's sales as clusters and points coloured by status,
 * within the reader's rules and the filters (office, team, seller, provider, status); the doors visited by outcome
 * and age; the areas with their last day worked, their sales and overlap warnings, drawn on the map by those who plan.
 * The view (centre and zoom) and the filters live in the address, so a map can be shared.
 */
export default function MapsPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  const dark = useColorScheme() === 'dark'
  const [params, setParams] = useUrlParams()
  const month = periodPreset('thisMonth', todayHere())
  const filters: MapFilters = {
    from: DAY.test(params.get('from') ?? '') ? params.get('from')! : month.from,
    to: DAY.test(params.get('to') ?? '') ? params.get('to')! : month.to,
    officeId: params.get('officeId') || undefined,
    teamId: params.get('teamId') || undefined,
    sellerId: params.get('sellerId') || undefined,
    providerId: params.get('providerId') || undefined,
    status: params.get('status') || undefined,
  }
  const layers: MapLayers = { sales: params.get('sales') !== '0', visits: params.get('visits') === '1', areas: params.get('areas') !== '0' }
  const set = (changes: Record<string, string | undefined>) => setParams((current) => withParams(current, changes), { replace: true })
  const initial = useMemo(() => {
    const c = (params.get('c') ?? '').split(',').map(Number)
    const z = Number(params.get('z'))
    return c.length === 2 && c.every(Number.isFinite) && Number.isFinite(z) && params.get('z') ? { center: c as [number, number], zoom: z } : START
    // The first view only: the map keeps its own afterwards.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  // A view named in the address is kept; otherwise the map opens on the reader's own sales when they are known.
  const fromAddress = initial !== START
  const [view, setView] = useState<ViewBox | null>(null)
  // A view token per map session and filters: the server reuses the clustered period for the view's pans and zooms.
  const [session, setSession] = useState(() => crypto.randomUUID().slice(0, 8))
  const filterKey = JSON.stringify(filters)
  const token = `${session}-${Math.abs(hash(filterKey)).toString(36)}`
  const settings = useMapSettings()
  const salesQ = { ...filters, bbox: view?.bbox.map((x) => x.toFixed(5)).join(',') ?? '', zoom: view?.zoom ?? 0, view: token }
  const sales = useMapSales(salesQ, { enabled: layers.sales && view !== null })
  const visitsQ = { from: filters.from, to: filters.to, officeId: filters.officeId, teamId: filters.teamId, sellerId: filters.sellerId }
  const visits = useQuery({ queryKey: fieldKeys.mapVisits(visitsQ), queryFn: ({ signal }) => mapVisits(visitsQ, signal), enabled: layers.visits })
  const areas = useMapAreas(filters, { enabled: layers.areas })
  const [selection, setSelection] = useState<MapSelection | null>(null)
  const [draft, setDraft] = useState<{ area: MapArea | null; points: Array<[number, number]> } | null>(null)
  const [editing, setEditing] = useState<{ area: MapArea | null; shape: MapArea['shape'] } | null>(null)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const mayPlan = ability.can('update', 'sales_planner')

  const finishDraft = () => {
    if (!draft || draft.points.length < 3) return
    setEditing({ area: draft.area, shape: { type: 'Polygon', coordinates: [closedRing(draft.points)] } })
    setDraft(null)
  }
  const onView = (v: ViewBox) => {
    setView(v)
    set({ c: `${v.center[0].toFixed(5)},${v.center[1].toFixed(5)}`, z: String(v.zoom) })
  }

  return (
    <Page title={t('routes.backoffice-controlling-maps')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('maps.intro')}
      </Text>
      <MapFilterBar
        filters={filters}
        layers={layers}
        onChange={(changes) => set(changes)}
        onRefresh={() => setSession(crypto.randomUUID().slice(0, 8))}
        onSettings={settings.data?.may.edit ? () => setSettingsOpen(true) : undefined}
      />
      <QueryState query={settings}>
        {(s) => (
          <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) 360px' }} gap="4" alignItems="start">
            <Stack gap="2">
              {draft ? (
                <DrawBar
                  points={draft.points.length}
                  onUndo={() => setDraft({ ...draft, points: draft.points.slice(0, -1) })}
                  onFinish={finishDraft}
                  onCancel={() => setDraft(null)}
                />
              ) : null}
              <Box h={{ base: '60vh', lg: 'calc(100dvh - 300px)' }} minH="80">
                <Suspense fallback={<Loading />}>
                  <MapView
                    settings={s}
                    dark={dark}
                    initial={initial}
                    fitTo={fromAddress ? null : (sales.data?.extent ?? null)}
                    sales={layers.sales ? (sales.data?.features ?? []) : NO_SALES}
                    visits={layers.visits ? (visits.data?.visits ?? []) : NO_VISITS}
                    areas={layers.areas ? (areas.data ?? []) : NO_AREAS}
                    selectedAreaId={selection?.kind === 'area' ? selection.id : null}
                    draft={draft ? draft.points : null}
                    onView={onView}
                    onSale={(f) => setSelection({ kind: 'sales', ids: [f.id] })}
                    onCluster={(f, map) => {
                      if (f.expansionZoom <= 17) map.easeTo({ center: [f.lng, f.lat], zoom: f.expansionZoom })
                      else setSelection({ kind: 'cluster', clusterId: f.id, count: f.count, query: salesQ })
                    }}
                    onArea={(id) => setSelection({ kind: 'area', id })}
                    onVisit={(v: MapVisit) => setSelection({ kind: 'visit', visit: v })}
                    onDraftPoint={(p) => setDraft((d) => (d ? { ...d, points: [...d.points, p] } : d))}
                  />
                </Suspense>
              </Box>
            </Stack>
            <MapSidePanel
              totals={layers.sales ? (sales.data?.totals ?? null) : null}
              visits={layers.visits ? (visits.data ?? null) : null}
              areas={layers.areas ? areas : null}
              selection={selection}
              onSelect={setSelection}
              mayPlan={mayPlan}
              onDraw={(area) => {
                setSelection(null)
                setDraft({ area, points: [] })
              }}
              onEdit={(area) => setEditing({ area, shape: area.shape })}
            />
          </Grid>
        )}
      </QueryState>
      {editing ? <AreaDialog area={editing.area} shape={editing.shape} onClose={() => setEditing(null)} /> : null}
      {settingsOpen && settings.data ? <MapSettingsDialog settings={settings.data} onClose={() => setSettingsOpen(false)} /> : null}
    </Page>
  )
}

const NO_SALES: MapSaleFeature[] = []
const NO_VISITS: MapVisit[] = []
const NO_AREAS: MapArea[] = []

/** A short, stable number for a text (the view token's filter part). */
function hash(text: string): number {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (Math.imul(31, h) + text.charCodeAt(i)) | 0
  return h
}

/** While an area is drawn: how many corners, undo, finish (three or more), cancel. */
function DrawBar(props: { points: number; onUndo: () => void; onFinish: () => void; onCancel: () => void }) {
  const { t } = useTranslation()
  return (
    <HStack gap="2" wrap="wrap" p="2" borderWidth="1px" borderRadius="md" bg="bg.subtle" data-testid="draw-bar">
      <Text fontSize="sm" flex="1" minW="48">
        {t('maps.drawHelp', { count: props.points })}
      </Text>
      <Button size="sm" variant="outline" onClick={props.onUndo} disabled={props.points === 0}>
        {t('maps.undo')}
      </Button>
      <Button size="sm" variant="outline" onClick={props.onCancel}>
        {t('table.cancel')}
      </Button>
      <Button size="sm" colorPalette="brand" onClick={props.onFinish} disabled={props.points < 3}>
        {t('maps.finish')}
      </Button>
    </HStack>
  )
}
