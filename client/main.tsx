import { StrictMode, startTransition, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { loginRedirect } from '../shared/rules/guard'
import { refreshSession } from './features/auth/api/auth-api'
import { setMaintenanceHandler, setSessionChangedHandler, setUnauthenticatedHandler, setStepUpHandler } from './lib/api-client'
import { askStepUp, finishProviderStepUp } from './lib/step-up-store'
import { i18n, i18nReady } from './lib/i18n'
import './lib/preferences'
import { hasInstallation } from './lib/installation'
import { dismissHomeSnapshot, homeSnapshotFits } from './lib/home-snapshot'
import { getUserData } from './lib/user-data'
import './app/fonts.css'
import './app/styles.css'

// The router (its screens table, the permissions) loads with the first screen drawn in it: the login opened
// first is drawn without it, and hands the page over when the user goes on (docs/decisions/087).
let loadingRouter: Promise<typeof import('./app/router')> | null = null
const loadRouter = () =>
  (loadingRouter ??= import('./app/router').catch((error: unknown) => {
    loadingRouter = null
    throw error
  }))
const root = createRoot(document.getElementById('root')!)
// Each drawing is a transition: React renders it in slices of a few milliseconds and lets the browser breathe
// in between, instead of one long task on a slow phone (Lighthouse's total blocking time).
const draw = (app: ReactNode) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>{app}</I18nextProvider>
      </StrictMode>,
    ),
  )
let routerDrawn = false
/** Goes to an app path: through the router, or (from the login opened first) by handing the page over to it. */
async function navigateApp(to: string) {
  const { router, AppRouter } = await loadRouter()
  // The next screen's code and translations load before the login gives way (its button stays busy).
  await router.navigate(to, { replace: true })
  if (routerDrawn) return
  routerDrawn = true
  draw(<AppRouter />)
}

/** Was this device marked lost (decision 072)? Only an installation that made its id can have been. */
const checkLostDevice = () => {
  if (hasInstallation()) void import('./lib/device').then((m) => m.checkLostDevice(i18n.language))
}

// A 401 from the API means the session is gone: storage is cleared and the user signs in again.
setUnauthenticatedHandler(() => {
  const { pathname, search } = window.location
  if (pathname !== '/login') void navigateApp(loginRedirect(pathname, search))
  // A session can end because back office marked this device lost (decision 072): then it wipes itself.
  checkLostDevice()
})

// The server is under maintenance: show the maintenance page, which brings the user back afterwards.
setMaintenanceHandler(() => {
  const { pathname, search } = window.location
  if (pathname !== '/maintenance') void navigateApp(`/maintenance?to=${encodeURIComponent(pathname + search)}`)
})

// A sensitive action wants a recent sign-in: the dialog asks the person to confirm it is them (decision 093).
setStepUpHandler(askStepUp)

// An answer says the user's role, team or rules changed (an admin's edit): take them over, no new sign-in.
setSessionChangedHandler(() => void refreshSession().catch(() => undefined))

// Permissions may have changed since the last visit: fetch them again in the background.
if (getUserData()) void refreshSession().catch(() => undefined)
// Signed out (or the session ended while the app was closed): was this device marked lost? (decision 072)
else checkLostDevice()

// A chunk that cannot load (a deploy removed it while this page was open without a service worker):
// load the page again once, which fetches the new index and its chunks.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem('sk-reloaded-for-chunk')) return
  sessionStorage.setItem('sk-reloaded-for-chunk', '1')
  event.preventDefault()
  window.location.reload()
})

// The service worker (offline use, installability) registers after the first render, off the critical path.
// Installing it precaches the whole app (about 1.3 MB), so it waits until the page is idle after load.
if (import.meta.env.PROD) {
  window.addEventListener('load', () => {
    const register = () => void import('./lib/pwa').then((m) => m.registerServiceWorker())
    setTimeout(() => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 5000 }) : register()), 3000)
  })
}

// The login opened signed out is drawn on its own; every other page (and a signed-in visit to /login, which
// the guard sends on) starts with the router.
if (finishProviderStepUp()) {
  // The window that confirmed at the identity provider told the one that asked, and closes (or goes back): no drawing.
} else if (window.location.pathname === '/login' && !getUserData()) {
  void Promise.all([import('./app/standalone-login'), i18nReady]).then(([{ StandaloneLogin }]) => draw(<StandaloneLogin navigate={navigateApp} />))
  // Back or forward to an entry of this app (pushed before the page was loaded again at the login): the router
  // takes over there.
  window.addEventListener('popstate', () => {
    const { pathname, search, hash } = window.location
    if (!routerDrawn && pathname !== '/login') void navigateApp(pathname + search + hash)
  })
} else {
  void Promise.all([loadRouter(), i18nReady]).then(([{ AppRouter, router }]) => {
    routerDrawn = true
    // The picture of the home shown at start (docs/decisions/092) gives way when the app goes anywhere else, and
    // after 20 s in any case (a home that never comes is not hidden behind it).
    if (window.skHomeSnapshot) {
      window.setTimeout(dismissHomeSnapshot, 20_000)
      const leave = (pathname: string) => {
        if (!homeSnapshotFits(pathname)) dismissHomeSnapshot()
      }
      leave(router.state.location.pathname)
      router.subscribe((state) => leave(state.location.pathname))
    }
    draw(<AppRouter />)
  })
}
