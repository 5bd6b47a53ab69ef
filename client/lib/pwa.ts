import { Workbox } from 'workbox-window'

/**
 * Registers the service worker (sw/sw.ts) with workbox-window. A new version waits until the user
 * accepts the "new version" banner; then it takes over and the page reloads once, so a page never runs
 * with an index whose chunks are gone.
 */
type Listener = (waiting: boolean) => void
let waiting = false
const listeners = new Set<Listener>()
let wb: Workbox | null = null

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener)
  listener(waiting)
  return () => listeners.delete(listener)
}

export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || wb) return
  wb = new Workbox('/sw.js', { scope: '/' })
  wb.addEventListener('waiting', () => {
    waiting = true
    listeners.forEach((l) => l(true))
  })
  void wb.register().catch((err: unknown) => console.warn('[pwa] service worker not registered:', err))
  // Look for a new version when the app comes back to the foreground, and hourly while it stays open.
  const check = () => void wb?.update().catch(() => undefined)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check()
  })
  setInterval(check, 60 * 60 * 1000)
}

/** Activates the waiting version and reloads once it controls the page. */
export function applyUpdate() {
  if (!wb) return
  wb.addEventListener('controlling', () => window.location.reload())
  wb.messageSkipWaiting()
}
