import { useTranslation } from 'react-i18next'

/**
 * While a screen's code loads: the spinner index.html shows before the app starts, drawn without the component
 * library so the plain screens and the shell before Chakra can use it too (styles in client/app/styles.css).
 */
export function Loading() {
  const { t } = useTranslation()
  return (
    <div className="sk-loading" role="status" aria-live="polite">
      <span aria-hidden="true" />
      <span className="sk-visually-hidden">{t('app.loading')}</span>
    </div>
  )
}
