import { Badge, Box, Button, Card, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import { formatDate, formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import { SALE_STATUSES } from '../../../../shared/rules/sale'
import { VISIT_OUTCOMES } from '../../../../shared/schemas/field'
import type { MapArea, MapSaleSummary, MapSalesAnswer, MapVisit, MapVisitsAnswer } from '../../../../shared/schemas/maps'
import { QueryState } from '../../../components/ui/load-error'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { clusterSales, saleSummaries, type MapFilters, type MapView } from '../api/maps-api'
import { fieldKeys } from '../api/field-keys'
import { OUTCOME_HEX, STATUS_HEX } from './map-style'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

/** A moment as a date and a time. */
const when = (ms: number, lang: FormatLanguage) => `${formatDate(ms, lang)} ${formatTime(ms, lang)}`

export type MapSelection =
  | { kind: 'sales'; ids: string[] }
  | { kind: 'cluster'; clusterId: number; count: number; query: MapFilters & MapView }
  | { kind: 'visit'; visit: MapVisit }
  | { kind: 'area'; id: string }

/**
 * Beside the map (under it on a phone): what is chosen on it (a sale or a place's sales, each a click from its sale
 * report; a door; an area), the period's totals with how the sales were placed, the legend, and the areas.
 */
export function MapSidePanel(props: {
  totals: MapSalesAnswer['totals'] | null
  visits: MapVisitsAnswer | null
  areas: UseQueryResult<MapArea[]> | null
  selection: MapSelection | null
  onSelect: (s: MapSelection | null) => void
  mayPlan: boolean
  onDraw: (area: MapArea | null) => void
  onEdit: (area: MapArea) => void
}) {
  const { t } = useTranslation()
  const { totals, selection } = props
  return (
    <Stack gap="3" data-testid="map-panel">
      {selection ? (
        <Selected selection={selection} areas={props.areas?.data ?? []} onClose={() => props.onSelect(null)} onEdit={props.onEdit} onDraw={props.onDraw} />
      ) : null}
      {totals ? (
        <Card.Root size="sm">
          <Card.Body gap="2">
            <Text fontWeight="semibold" data-testid="map-totals">
              {t('maps.totals.sales', { count: totals.sales })}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {t('maps.totals.placed', { device: totals.device, postalCode: totals.postalCode, without: totals.withoutPosition })}
            </Text>
            <Wrap gap="2" aria-label={t('maps.legend')}>
              {SALE_STATUSES.map((s) => (
                <HStack key={s} gap="1" fontSize="xs">
                  <Box w="2.5" h="2.5" borderRadius="full" style={{ background: STATUS_HEX[s] }} />
                  {t(`sales.status.${s}`)}
                </HStack>
              ))}
            </Wrap>
          </Card.Body>
        </Card.Root>
      ) : null}
      {props.visits ? (
        <Card.Root size="sm">
          <Card.Body gap="2">
            <Text fontWeight="semibold">{t('maps.visits.count', { count: props.visits.visits.length })}</Text>
            {props.visits.truncated ? <Text fontSize="sm">{t('maps.visits.truncated')}</Text> : null}
            {props.visits.withoutPosition > 0 ? (
              <Text fontSize="sm" color="fg.muted">
                {t('maps.visits.without', { count: props.visits.withoutPosition })}
              </Text>
            ) : null}
            <Wrap gap="2">
              {VISIT_OUTCOMES.map((o) => (
                <HStack key={o} gap="1" fontSize="xs">
                  <Box w="2.5" h="2.5" borderRadius="full" style={{ background: OUTCOME_HEX[o] }} />
                  {t(`doors.outcomes.${o}`)}
                </HStack>
              ))}
            </Wrap>
            <Text fontSize="xs" color="fg.muted">
              {t('maps.visits.age')}
            </Text>
          </Card.Body>
        </Card.Root>
      ) : null}
      {props.areas ? (
        <AreaList query={props.areas} mayPlan={props.mayPlan} onSelect={(id) => props.onSelect({ kind: 'area', id })} onNew={() => props.onDraw(null)} />
      ) : null}
    </Stack>
  )
}

function AreaList(props: { query: UseQueryResult<MapArea[]>; mayPlan: boolean; onSelect: (id: string) => void; onNew: () => void }) {
  const { t, lang } = useLanguage()
  return (
    <SectionCard
      title={t('maps.areas.title')}
      size="sm"
      end={
        props.mayPlan ? (
          <Button size="xs" colorPalette="brand" onClick={props.onNew}>
            {t('maps.areas.new')}
          </Button>
        ) : null
      }
    >
      <QueryState query={props.query} empty={t('maps.areas.empty')} isEmpty={(d) => d.length === 0} skeleton="24">
        {(areas) => (
          <Stack as="ul" gap="1" listStyleType="none" data-testid="map-areas">
            {areas.map((a) => (
              <li key={a.id}>
                <Button variant="ghost" size="sm" w="full" h="auto" py="2" justifyContent="start" textAlign="start" onClick={() => props.onSelect(a.id)}>
                  <Stack gap="0" flex="1" minW="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="semibold" truncate>
                        {a.name}
                      </Text>
                      {!a.shape ? <Badge size="sm">{t('maps.areas.notDrawn')}</Badge> : null}
                      {a.overlaps.length > 0 ? (
                        <Badge size="sm" colorPalette="orange">
                          {t('maps.areas.overlap')}
                        </Badge>
                      ) : null}
                    </HStack>
                    <Text fontSize="xs" color="fg.muted" fontWeight="normal" whiteSpace="normal">
                      {[
                        a.teamName,
                        t('maps.areas.sales', { count: a.sales }),
                        a.lastWorkedOn ? t('maps.areas.lastWorked', { date: formatDate(a.lastWorkedOn, lang) }) : t('maps.areas.neverWorked'),
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                </Button>
              </li>
            ))}
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  )
}

function Selected(props: { selection: MapSelection; areas: MapArea[]; onClose: () => void; onEdit: (a: MapArea) => void; onDraw: (a: MapArea) => void }) {
  const { t, lang } = useLanguage()
  const s = props.selection
  const area = s.kind === 'area' ? props.areas.find((a) => a.id === s.id) : undefined
  return (
    <Card.Root size="sm" borderColor="brand.solid" data-testid="map-selected">
      <Card.Body gap="2">
        <HStack justify="space-between">
          <Text fontWeight="semibold">
            {s.kind === 'cluster'
              ? t('maps.placeSales', { count: s.count })
              : s.kind === 'visit'
                ? t('maps.door')
                : s.kind === 'area'
                  ? (area?.name ?? '')
                  : t('maps.sale')}
          </Text>
          <Button size="xs" variant="ghost" onClick={props.onClose} aria-label={t('maps.closeSelected')}>
            ✕
          </Button>
        </HStack>
        {s.kind === 'sales' || s.kind === 'cluster' ? <SaleList selection={s} /> : null}
        {s.kind === 'visit' ? (
          <Stack gap="1" fontSize="sm">
            <Text>{s.visit.address}</Text>
            <Text>
              {t(`doors.outcomes.${s.visit.outcome}`)} · {when(s.visit.visitedAt, lang)}
            </Text>
            {s.visit.comeBackAt ? <Text>{t('maps.comeBackAt', { time: when(s.visit.comeBackAt, lang) })}</Text> : null}
            <Text color="fg.muted">{s.visit.sellerName}</Text>
          </Stack>
        ) : null}
        {area ? <AreaFacts area={area} onEdit={props.onEdit} onDraw={props.onDraw} /> : null}
      </Card.Body>
    </Card.Root>
  )
}

function AreaFacts(props: { area: MapArea; onEdit: (a: MapArea) => void; onDraw: (a: MapArea) => void }) {
  const { t, lang } = useLanguage()
  const a = props.area
  return (
    <Stack gap="1" fontSize="sm">
      <Text>{a.teamName ?? t('maps.areas.noTeam')}</Text>
      {a.sellers.length > 0 ? <Text>{a.sellers.map((x) => x.name).join(', ')}</Text> : null}
      <Text>{t('maps.areas.sales', { count: a.sales })}</Text>
      <Text>{a.lastWorkedOn ? t('maps.areas.lastWorked', { date: formatDate(a.lastWorkedOn, lang) }) : t('maps.areas.neverWorked')}</Text>
      <Text>{a.lastVisitAt ? t('maps.areas.lastVisit', { date: when(a.lastVisitAt, lang) }) : t('maps.areas.noVisits')}</Text>
      {a.overlaps.length > 0 ? (
        <Text color="orange.fg" data-testid="area-overlaps">
          {t('maps.areas.overlapsWith', { names: a.overlaps.map((o) => o.name).join(', ') })}
        </Text>
      ) : null}
      {a.may.edit ? (
        <HStack gap="2" pt="1">
          <Button size="xs" variant="outline" onClick={() => props.onEdit(a)}>
            {t('maps.areas.edit')}
          </Button>
          <Button size="xs" variant="outline" onClick={() => props.onDraw(a)}>
            {a.shape ? t('maps.areas.redraw') : t('maps.areas.draw')}
          </Button>
        </HStack>
      ) : null}
    </Stack>
  )
}

/** The sales of a point or a place, each with a link to its sale report. */
function SaleList({ selection }: { selection: Extract<MapSelection, { kind: 'sales' | 'cluster' }> }) {
  const { t, lang } = useLanguage()
  const key =
    selection.kind === 'sales' ? selection.ids.join(',') : `${selection.query.view}:${selection.query.zoom}:${selection.query.bbox}:${selection.clusterId}`
  const query = useQuery({
    queryKey: fieldKeys.mapPoint(key),
    queryFn: ({ signal }): Promise<MapSaleSummary[]> =>
      selection.kind === 'sales' ? saleSummaries(selection.ids, signal) : clusterSales({ ...selection.query, clusterId: selection.clusterId }, signal),
  })
  return (
    <QueryState query={query} empty={t('maps.noSales')} isEmpty={(d) => d.length === 0} skeleton="16">
      {(sales) => (
        <Stack gap="2" maxH="72" overflowY="auto">
          {sales.map((x) => (
            <Stack key={x.id} gap="0.5" fontSize="sm" borderBottomWidth="1px" pb="2">
              <HStack justify="space-between" gap="2">
                <Link asChild colorPalette="brand" variant="underline" fontWeight="semibold">
                  <RouterLink to={`/backoffice/salereports/${x.id}`}>{x.customerName}</RouterLink>
                </Link>
                <SaleStatusBadge status={x.status} />
              </HStack>
              <Text>
                {x.address}, {x.city}
              </Text>
              <Text color="fg.muted">
                {formatDate(x.sellDate, lang)} · {x.sellerName} · {x.provider} · {formatOre(x.orderValueOre, lang)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </QueryState>
  )
}
