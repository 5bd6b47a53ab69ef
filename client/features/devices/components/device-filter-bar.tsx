import { Field } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { DEVICE_ALERTS, DEVICE_KIND_FILTERS, DEVICE_SOURCES, DEVICE_STATES } from '../../../../shared/schemas/devices'
import { chipsOf } from '../../../components/ui/filter-chips'
import { FilterBar, FilterChips } from '../../../components/ui/list-filters'
import type { DeviceFilters } from '../api/devices-api'
import { Choices } from '../../../components/ui/choices'

/** The devices' filters: in use or lost as chips, field devices or computers, an alert, where the record came from. */
export function DeviceFilterBar({ filters, update }: { filters: DeviceFilters; update: (change: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation()
  const states = chipsOf(filters.state, DEVICE_STATES)
  const active = (['state', 'alert', 'source', 'kind'] as const).filter((k) => filters[k]).length
  const select = (key: 'alert' | 'source' | 'kind', label: string, empty: string, values: readonly string[], text: (v: string) => string) => (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Choices
        size="sm"
        value={filters[key] ?? ''}
        onChange={(e) => update({ [key]: e.target.value || undefined })}
        data-testid={`device-filter-${key}`}
        empty={empty}
        options={values.map((v) => ({ value: v, label: text(v) }))}
      />
    </Field.Root>
  )
  return (
    <FilterBar
      testId="device-filters"
      chips={
        <FilterChips
          label={t('devices.columns.state')}
          values={DEVICE_STATES}
          on={(s) => states.has(s)}
          onToggle={(s) => update({ state: states.has(s) ? undefined : s })}
          text={(s) => t(`devices.states.${s}`)}
        />
      }
      clear={{
        label: t('devices.clearFilters'),
        active: active > 0,
        onClear: () => update({ state: undefined, alert: undefined, source: undefined, kind: undefined }),
      }}
    >
      {select('kind', t('devices.facts.kind'), t('devices.anyKind'), DEVICE_KIND_FILTERS, (k) => t(`devices.kindFilters.${k}`))}
      {select('alert', t('devices.columns.alerts'), t('devices.anyAlert'), ['any', ...DEVICE_ALERTS], (a) => t(`devices.alerts.${a}`))}
      {select('source', t('devices.facts.source'), t('devices.anySource'), DEVICE_SOURCES, (s) => t(`devices.sources.${s}`))}
    </FilterBar>
  )
}
