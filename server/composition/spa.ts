import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { matchRoutePath } from '../../shared/routes'
import type { AppEnv } from '../lib/context'
import { appMetaOf } from '../modules/system/system.routes'
import type { Env } from '../env'

/**
 * Document and asset headers; the API sets its own (nosniff, no-store) and skips this per-request cost. Frames may
 * show only the app itself and the hosts admins allowed for embeds (docs/decisions/069), over https; the map may
 * reach the origin of the style an admin set (docs/decisions/074).
 */
type Sources = { frames: () => string[]; maps: () => string[] }

const documentHeaders = (sources: Sources) =>
  secureHeaders({
    contentSecurityPolicy: {
      frameSrc: [
        "'self'",
        () =>
          sources
            .frames()
            .map((h) => `https://${h}`)
            .join(' '),
      ],
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // The map style an organisation chose (docs/decisions/074): its origin for the style, tiles, glyphs and sprites.
      imgSrc: ["'self'", 'data:', 'blob:', () => sources.maps().join(' ')],
      connectSrc: ["'self'", () => sources.maps().join(' ')],
      // The map's workers are the app's own script (MapLibre's worker file, served from /assets).
      workerSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
    crossOriginEmbedderPolicy: false,
    // Agrees with frame-ancestors 'none' (browsers without CSP level 2 read this one).
    xFrameOptions: 'DENY',
    // Only what the app uses: the camera for checklist photos, fullscreen; everything else off for every frame.
    permissionsPolicy: {
      camera: ['self'],
      fullscreen: ['self'],
      microphone: [],
      // Where a sale or a door was registered, with the seller's permission (docs/decisions/074).
      geolocation: ['self'],
      payment: [],
      usb: [],
      serial: [],
      bluetooth: [],
      hid: [],
      midi: [],
      displayCapture: [],
      browsingTopics: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
    },
  })

type Index = { html: string; mtimeMs: number; checkedAt: number; byRoute: Map<string, string>; preloads: Record<string, string[]> }

/**
 * The built SPA for everything that is not the API: its assets (compressed at build time, scripts/precompress.ts,
 * served as .br / .gz when accepted) and, for every other GET, the index, which routes on the device.
 */
export function serveSpa(app: Hono<AppEnv>, env: Env, sources: Partial<Sources> = {}) {
  const root = path.relative(process.cwd(), env.staticDir) || '.'
  const indexFile = path.join(env.staticDir, 'index.html')
  app.use('*', documentHeaders({ frames: sources.frames ?? (() => []), maps: sources.maps ?? (() => []) }))
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use('*', serveStatic({ root, precompressed: true, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }))
  // The index is kept in memory and read again when the build changes it (at most one stat a second), so a rebuild
  // under a running server never serves an index whose chunks are gone.
  let index: Index | null = null
  // The app's meta (demo, maintenance, version) travels in the index as a JSON data block (not a script the
  // CSP would refuse), so the first screen needs no round trip for it; `<` is escaped so it cannot close the tag.
  const metaBlock = `<script type="application/json" id="sk-meta">${JSON.stringify(appMetaOf(env)).replace(/</g, '\\u003c')}</script>`
  const withMeta = (html: string) => html.replace('</head>', `${metaBlock}</head>`)
  const readPreloads = (): Record<string, string[]> => {
    try {
      return JSON.parse(fs.readFileSync(path.join(env.staticDir, 'route-preloads.json'), 'utf8')) as Record<string, string[]>
    } catch {
      return {}
    }
  }
  app.get('*', (c) => {
    const now = Date.now()
    if (!index || now - index.checkedAt > 1000) {
      const stat = fs.statSync(indexFile, { throwIfNoEntry: false })
      if (!stat) return c.text('The client is not built. Run `npm run build` (or `npm run app`, which builds and starts).', 503)
      if (!index || stat.mtimeMs !== index.mtimeMs) {
        index = { html: withMeta(fs.readFileSync(indexFile, 'utf8')), mtimeMs: stat.mtimeMs, checkedAt: now, byRoute: new Map(), preloads: readPreloads() }
      } else index.checkedAt = now
    }
    c.header('Cache-Control', 'no-cache')
    // The route's own chunks (layout, screen) and stylesheets start downloading with the entry instead of after it.
    const route = matchRoutePath(c.req.path)
    if (!route) return c.html(index.html)
    let html = index.byRoute.get(route.name)
    if (html === undefined) {
      const links = (index.preloads[route.name] ?? [])
        .map((href) => (href.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`))
        .join('')
      html = links ? index.html.replace('</head>', `${links}</head>`) : index.html
      index.byRoute.set(route.name, html)
    }
    return c.html(html)
  })
}
