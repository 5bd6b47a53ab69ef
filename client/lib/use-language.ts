import { useTranslation } from 'react-i18next'
import type { FormatLanguage } from '../../shared/format'

/** A screen's t() and the language its dates, numbers and amounts are written in (the shared formatters' `lang`). */
export function useLanguage() {
  const { t, i18n } = useTranslation()
  return { t, i18n, lang: i18n.language as FormatLanguage }
}
