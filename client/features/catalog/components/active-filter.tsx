import { Badge, Button, Wrap } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/** Active, archived or all: the catalog lists' status chips (active is the default and stays out of the URL). */
export function ActiveFilter({ value, onChange }: { value: string | undefined; onChange: (v: string | undefined) => void }) {
  const { t } = useTranslation()
  const current = value ?? 'true'
  const choices = [
    { v: 'true', label: t('catalog.status.active') },
    { v: 'false', label: t('catalog.status.archived') },
    { v: 'all', label: t('catalog.status.all') },
  ]
  return (
    <Wrap gap="2" role="group" aria-label={t('catalog.fields.status')}>
      {choices.map((c) => (
        <Button
          key={c.v}
          size="xs"
          variant={current === c.v ? 'solid' : 'outline'}
          colorPalette={current === c.v ? 'brand' : 'gray'}
          aria-pressed={current === c.v}
          onClick={() => onChange(c.v === 'true' ? undefined : c.v)}
        >
          {c.label}
        </Button>
      ))}
    </Wrap>
  )
}

export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation()
  return <Badge colorPalette={active ? 'green' : 'gray'}>{active ? t('catalog.status.active') : t('catalog.status.archived')}</Badge>
}
