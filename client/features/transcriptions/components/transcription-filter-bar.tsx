import { Field, Input } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Choices } from '../../../components/ui/choices'
import { FilterBar, OrgFilters } from '../../../components/ui/list-filters'
import { TRANSCRIPTION_FILTER_KEYS, type TranscriptionFilters } from '../api/transcriptions-api'

/** The calls' filters: the organisation's lookups (provider, team, seller), the period and the script's result. */
export function TranscriptionFilterBar({ filters, update }: { filters: TranscriptionFilters; update: (change: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation()
  const active = TRANSCRIPTION_FILTER_KEYS.filter((k) => filters[k]).length
  const set = (key: keyof TranscriptionFilters) => (value: string | undefined) => update({ [key]: value || undefined })
  return (
    <FilterBar
      testId="transcription-filters"
      clear={{
        label: t('transcriptions.clearFilters'),
        active: active > 0,
        onClear: () => update(Object.fromEntries(TRANSCRIPTION_FILTER_KEYS.map((k) => [k, undefined]))),
      }}
    >
      <OrgFilters
        provider={{ label: t('transcriptions.filters.provider'), value: filters.providerId, onChange: set('providerId') }}
        team={{ label: t('transcriptions.filters.team'), value: filters.teamId, onChange: set('teamId') }}
        seller={{ label: t('transcriptions.filters.seller'), value: filters.sellerId, onChange: set('sellerId') }}
        teams="select"
      />
      <Field.Root>
        <Field.Label>{t('transcriptions.filters.from')}</Field.Label>
        <Input size="sm" type="date" value={filters.from ?? ''} onChange={(e) => set('from')(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('transcriptions.filters.to')}</Field.Label>
        <Input size="sm" type="date" value={filters.to ?? ''} onChange={(e) => set('to')(e.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('transcriptions.filters.result')}</Field.Label>
        <Choices
          size="sm"
          value={filters.result ?? ''}
          onChange={(e) => set('result')(e.target.value)}
          empty={t('transcriptions.filters.any')}
          options={(['pass', 'fail', 'none'] as const).map((r) => ({ value: r, label: t(`transcriptions.results.${r}`) }))}
          data-testid="transcription-result-filter"
        />
      </Field.Root>
    </FilterBar>
  )
}
