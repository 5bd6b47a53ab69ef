import { Suspense, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { commonFormatterBuilds } from '../../shared/format'
import type { Layout } from '../../shared/routes'
import { Loading } from '../components/ui/loading'
import { currentLanguage } from '../lib/i18n'
import { preloadable } from '../lib/preloadable'
import { useCurrentRoute } from '../lib/use-current-route'
import { scrollForNavigation } from './scroll'

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

// The component library and the layouts load with the first screen that uses them: a plain screen (the
// login) starts without them (docs/decisions/014). They start in steps, each a task of its own, so a phone's
// main thread is never blocked for the whole of it: the library's styling core, the theme made into a system,
// the formatters for money and times (their locale data), the shell itself (docs/decisions/015).
const StyledShell = preloadable(async () => {
  const theme = await import('./theme')
  await nextTask()
  theme.appSystem()
  for (const build of commonFormatterBuilds(currentLanguage())) {
    await nextTask()
    build()
  }
  await nextTask()
  return import('./styled-shell')
})

/**
 * Loads the styled shell and a layout ahead of a navigation to a screen drawn in it (the router's `lazy`
 * waits for this), so the screen before stays up, the login's button busy, until the next one can be drawn
 * whole: no spinner in between.
 */
export const prepareShell = (layout: Layout) => StyledShell.preload().then((shell) => shell.preloadLayout(layout))

/** Around every route: its layout, the document title, and the scroll behaviour of spec section 2. */
export function RootShell() {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const route = useCurrentRoute()

  useEffect(() => {
    const title = route ? t(`routes.${route.name}`) : ''
    document.title = title ? `${title} · ${t('app.name')}` : t('app.name')
  }, [route, t, i18n.language])

  useEffect(() => {
    scrollForNavigation(location.hash)
  }, [location.pathname, location.hash])

  // A plain screen opened first goes without the styled shell; once the shell has been used it stays (the
  // same instance, so the snackbar's live region and its message survive logging out to the login).
  const plain = !!route?.meta.plain
  const [styledUsed, setStyledUsed] = useState(false)
  if (!plain && !styledUsed) setStyledUsed(true)

  return (
    <Suspense fallback={<Loading />}>{plain && !styledUsed ? <Outlet /> : <StyledShell layout={route?.meta.layout ?? 'default'} plain={plain} />}</Suspense>
  )
}
