import { Input } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'

/** The month a screen shows, chosen with the browser's month field (decision 019) and kept in the URL by the screen. */
export function MonthField({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const { t } = useTranslation()
  return (
    <Input
      type="month"
      size="sm"
      maxW="44"
      aria-label={t('pay.month')}
      value={month}
      onChange={(e) => {
        if (/^\d{4}-\d{2}$/.test(e.currentTarget.value)) onChange(e.currentTarget.value)
      }}
    />
  )
}
