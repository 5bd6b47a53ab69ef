import { Button, Field, HStack, Input, Wrap } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { SALE_STATUSES, type SaleStatus } from '../../../../shared/rules/sale'
import { FilterBar, FilterChips, OrgFilters } from '../../../components/ui/list-filters'
import type { MapFilters } from '../api/maps-api'
import { Check } from '../../../components/ui/check'

export type MapLayers = { sales: boolean; visits: boolean; areas: boolean }
const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The maps' filters: the statuses as chips, the period, the organisation's lookups the reader may use (office, team,
 * seller, provider), which layers are drawn, a refresh, and — for those who may change them — the map's settings.
 */
export function MapFilterBar(props: {
  filters: MapFilters
  layers: MapLayers
  onChange: (changes: Record<string, string | undefined>) => void
  onRefresh: () => void
  onSettings?: () => void
}) {
  const { t } = useTranslation()
  const { filters, layers, onChange } = props
  const statuses = (filters.status ?? '').split(',').filter(Boolean) as SaleStatus[]
  const toggle = (s: SaleStatus) => {
    const next = statuses.includes(s) ? statuses.filter((x) => x !== s) : [...statuses, s]
    onChange({ status: next.join(',') || undefined })
  }
  const active = Boolean(filters.officeId || filters.teamId || filters.sellerId || filters.providerId || filters.status)
  const layer = (key: keyof MapLayers, on: boolean) => onChange({ [key]: key === 'visits' ? (on ? '1' : undefined) : on ? undefined : '0' })
  return (
    <FilterBar
      testId="map-filters"
      chips={
        <HStack justify="space-between" wrap="wrap" gap="3">
          <FilterChips
            label={t('maps.statuses')}
            values={SALE_STATUSES}
            on={(s) => statuses.includes(s)}
            onToggle={toggle}
            text={(s) => t(`sales.status.${s}`)}
          />
          <HStack gap="2">
            <Button size="xs" variant="outline" onClick={props.onRefresh}>
              {t('maps.refresh')}
            </Button>
            {props.onSettings ? (
              <Button size="xs" variant="outline" onClick={props.onSettings}>
                {t('maps.settings.open')}
              </Button>
            ) : null}
          </HStack>
        </HStack>
      }
      clear={{
        label: t('maps.clearFilters'),
        active,
        onClear: () => onChange({ officeId: undefined, teamId: undefined, sellerId: undefined, providerId: undefined, status: undefined }),
      }}
    >
      <Field.Root>
        <Field.Label fontSize="sm">{t('runsReport.from')}</Field.Label>
        <Input type="date" size="sm" value={filters.from} onChange={(e) => DAY.test(e.target.value) && onChange({ from: e.target.value })} />
      </Field.Root>
      <Field.Root>
        <Field.Label fontSize="sm">{t('runsReport.to')}</Field.Label>
        <Input type="date" size="sm" value={filters.to} onChange={(e) => DAY.test(e.target.value) && onChange({ to: e.target.value })} />
      </Field.Root>
      <OrgFilters
        cell={{ alignSelf: 'end' }}
        teams="select"
        sellersOfTeam
        provider={{ label: t('maps.provider'), all: t('maps.allProviders'), value: filters.providerId, onChange: (v) => onChange({ providerId: v }) }}
        office={{
          label: t('maps.office'),
          all: t('maps.allOffices'),
          value: filters.officeId,
          onChange: (v) => onChange({ officeId: v, teamId: undefined, sellerId: undefined }),
        }}
        team={{ label: t('planner.team'), all: t('planner.allTeams'), value: filters.teamId, onChange: (v) => onChange({ teamId: v, sellerId: undefined }) }}
        seller={{ label: t('maps.seller'), all: t('maps.allSellers'), value: filters.sellerId, onChange: (v) => onChange({ sellerId: v }) }}
      />
      <Wrap gap="4" alignSelf="end" role="group" aria-label={t('maps.layers')}>
        {(['sales', 'visits', 'areas'] as const).map((key) => (
          <Check key={key} size="sm" checked={layers[key]} onChange={(checked) => layer(key, checked)} label={t(`maps.layer.${key}`)} />
        ))}
      </Wrap>
    </FilterBar>
  )
}
