import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LoginForm } from '../features/auth/components/login-form'

/**
 * The login opened first, drawn without the router (docs/decisions/087): the router, the table of screens and
 * the permission library load only when the user has signed in and goes on (`navigate`, which hands the page
 * over to the router once the next screen is ready), so the first visit on a phone loads and runs far less.
 */
export function StandaloneLogin({ navigate }: { navigate: (to: string) => Promise<void> }) {
  const { t, i18n } = useTranslation()
  const [navigating, setNavigating] = useState(false)

  // What the router's shell does for its screens (client/app/root-shell.tsx): the document's title.
  useEffect(() => {
    document.title = `${t('routes.login')} · ${t('app.name')}`
  }, [t, i18n.language])

  const goOn = async (to: string) => {
    setNavigating(true)
    try {
      await navigate(to)
    } catch (error) {
      setNavigating(false)
      throw error
    }
  }
  return <LoginForm search={window.location.search} navigate={goOn} navigating={navigating} />
}
