/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'

/**
 * Säljkraft's service worker (vite-plugin-pwa, injectManifest). It precaches the built app — the shell
 * and every route chunk, so after one visit every seller screen opens with no network — and answers
 * navigations with the cached index. The API is never cached (sellers' data lives in IndexedDB), except the guides'
 * images the page kept for offline reading.
 *
 * Updates wait: a new worker installs its own precache beside the old one and takes over only when the
 * page asks (the "new version" banner), so a page never runs an index whose chunks are gone.
 */
declare let self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> }

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: [/^\/api\//, /^\/sw\.js$/] }))

/**
 * A guide's images (docs/decisions/069): a stored file never changes under its id, so the copy the page kept when it
 * saved the guides for offline reading is answered first; one not kept yet comes from the network.
 */
registerRoute(
  ({ request, url }) => request.destination === 'image' && /^\/api\/files\/[0-9a-f-]{36}$/.test(url.pathname),
  new CacheFirst({ cacheName: 'saljkraft-guide-images' }),
)

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting()
})
// The first worker controls the open page at once (nothing older to wait for).
clientsClaim()

/** Background Sync: the browser wakes the worker when the network is back; open pages run the sync queue. */
self.addEventListener('sync', (event: Event) => {
  const e = event as Event & { tag: string; waitUntil(p: Promise<unknown>): void }
  if (e.tag !== 'saljkraft-sync') return
  e.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      for (const client of clients) client.postMessage({ type: 'saljkraft-sync' })
    }),
  )
})

/** A link inside the app only: a path on this origin (a push never opens another site). */
const appLink = (link: unknown) => (typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? link : '/')

/**
 * Web Push: an alert while the app is closed (docs/decisions/030). The payload is `{ title, body, link, id, type }`;
 * the id is the notification's tag, so a copy delivered twice shows once. Open windows get `saljkraft-push` once
 * it shows.
 */
self.addEventListener('push', (event) => {
  let data: { title?: string; body?: string; message?: string; link?: string; id?: string } = {}
  try {
    data = (event.data?.json() as typeof data) ?? {}
  } catch {
    data = { body: event.data?.text() }
  }
  event.waitUntil(
    self.registration
      .showNotification(data.title ?? 'Säljkraft', {
        body: data.body ?? data.message ?? '',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        tag: data.id,
        data: { link: appLink(data.link) },
      })
      // An open app learns of it once it shows, and its bells ask for what arrived (the realtime channel may be
      // down while a push still gets through).
      .then(() => self.clients.matchAll({ type: 'window' }))
      .then((clients) => {
        for (const client of clients) client.postMessage({ type: 'saljkraft-push', id: data.id })
      }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = appLink((event.notification.data as { link?: string } | null)?.link)
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const open = clients.find((c) => 'focus' in c) as WindowClient | undefined
      if (open) return open.navigate(link).then((c) => c?.focus())
      return self.clients.openWindow(link)
    }),
  )
})
