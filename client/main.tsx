// First: zod's setting must hold before any schema parses.
import './lib/zod-config'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { I18nextProvider } from 'react-i18next'
import { RouterProvider } from 'react-router/dom'
import { loginRedirect } from '../shared/rules/guard'
import { router } from './app/router'
import { refreshSession } from './features/auth/api/auth-api'
import { setMaintenanceHandler, setSessionChangedHandler, setUnauthenticatedHandler } from './lib/api-client'
import { i18n, i18nReady } from './lib/i18n'
import './lib/preferences'
import { getUserData } from './lib/session'
import './app/fonts.css'
import './app/styles.css'

// A 401 from the API means the session is gone: storage is cleared and the user signs in again.
setUnauthenticatedHandler(() => {
  const { pathname, search } = window.location
  if (pathname !== '/login') void router.navigate(loginRedirect(pathname, search), { replace: true })
  // A session can end because back office marked this device lost (decision 072): then it wipes itself.
  void import('./lib/device').then((m) => m.checkLostDevice(i18n.language))
})

// The server is under maintenance: show the maintenance page, which brings the user back afterwards.
setMaintenanceHandler(() => {
  const { pathname, search } = window.location
  if (pathname !== '/maintenance') void router.navigate(`/maintenance?to=${encodeURIComponent(pathname + search)}`, { replace: true })
})

// An answer says the user's role, team or rules changed (an admin's edit): take them over, no new sign-in.
setSessionChangedHandler(() => void refreshSession().catch(() => undefined))

// Permissions may have changed since the last visit: fetch them again in the background.
if (getUserData()) void refreshSession().catch(() => undefined)
// Signed out (or the session ended while the app was closed): was this device marked lost? (decision 072)
else void import('./lib/device').then((m) => m.checkLostDevice(i18n.language))

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

// The first render is a transition: React renders it in slices of a few milliseconds and lets the browser
// breathe in between, instead of one long task on a slow phone (Lighthouse's total blocking time).
void i18nReady.then(() => {
  const root = createRoot(document.getElementById('root')!)
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RouterProvider router={router} />
        </I18nextProvider>
      </StrictMode>,
    ),
  )
})
