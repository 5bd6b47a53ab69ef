import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { FilterChips } from '../../../components/ui/list-filters'

/** Active, archived or all: the catalog lists' status chips (active is the default and stays out of the URL). */
export function ActiveFilter({ value, onChange }: { value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation()
  const current = value ?? 'true'
  const label = { true: t('catalog.status.active'), false: t('catalog.status.archived'), all: t('catalog.status.all') }
  return (
    <FilterChips
      label={t('catalog.fields.status')}
      values={['true', 'false', 'all'] as const}
      on={(v) => current === v}
      onToggle={(v) => onChange(v === 'true' ? undefined : v)}
      text={(v) => label[v]}
    />
  )
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return <Badge colorPalette={active ? 'green' : 'gray'}>{active ? t('catalog.status.active') : t('catalog.status.archived')}</Badge>
}
