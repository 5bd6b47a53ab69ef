import { Field } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { DOWNLOAD_KINDS, DOWNLOAD_STATES } from '../../../../shared/schemas/downloads'
import { chipsOf } from '../../../components/ui/filter-chips'
import { FilterBar, FilterChips } from '../../../components/ui/list-filters'
import type { DownloadFilters } from '../api/downloads-api'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'

/** The downloads' filters: the state as chips, the kind, and for admins everyone's downloads. */
export function DownloadFilterBar({
  filters,
  update,
  admin,
}: {
  filters: DownloadFilters
  update: (change: Record<string, string | undefined>) => void
  admin: boolean
}) {
  const { t } = useTranslation()
  const states = chipsOf(filters.state, DOWNLOAD_STATES)
  const active = (['state', 'kind'] as const).filter((k) => filters[k]).length
  const everyone = filters.everyone === 'true'
  return (
    <FilterBar
      testId="download-filters"
      chips={
        <FilterChips
          label={t('downloadCentre.columns.state')}
          values={DOWNLOAD_STATES}
          on={(s) => states.has(s)}
          onToggle={(s) => update({ state: states.has(s) ? undefined : s })}
          text={(s) => t(`downloadCentre.states.${s}`)}
        />
      }
      clear={{ label: t('downloadCentre.clearFilters'), active: active > 0, onClear: () => update({ state: undefined, kind: undefined }) }}
    >
      <Field.Root>
        <Field.Label>{t('downloadCentre.columns.kind')}</Field.Label>
        <Choices
          size="sm"
          value={filters.kind ?? ''}
          onChange={(e) => update({ kind: e.target.value || undefined })}
          empty={t('downloadCentre.anyKind')}
          options={DOWNLOAD_KINDS.map((k) => ({ value: k, label: t(`downloadCentre.kinds.${k}`) }))}
        />
      </Field.Root>
      {admin ? (
        <Check
          checked={everyone}
          onChange={(checked) => update({ everyone: checked ? 'true' : undefined })}
          alignSelf="end"
          data-testid="downloads-everyone"
          label={t('downloadCentre.everyone')}
        />
      ) : null}
    </FilterBar>
  )
}
