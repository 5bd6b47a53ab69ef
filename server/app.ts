import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { compress } from 'hono/compress'
import { secureHeaders } from 'hono/secure-headers'
import { pickLanguage, translator } from '../shared/i18n'
import { csrfProtection } from './lib/csrf'
import type { AppEnv, Deps } from './lib/context'
import { ApiError, answerError } from './lib/errors'
import { authRoutes, readSessionToken, writeSessionCookie } from './modules/auth/auth.routes'
import { authService } from './modules/auth/auth.service'
import { orgRoutes } from './modules/org/org.routes'
import { systemRoutes } from './modules/system/system.routes'
import { usersRoutes } from './modules/users/users.routes'

/** The largest JSON body the API reads; larger requests get 413 before anything is parsed. */
export const MAX_BODY_BYTES = 1024 * 1024

export function createApi(deps: Deps) {
  const { env } = deps
  const auth = authService(deps.database, { sessionTtlMs: env.sessionTtlMs, scryptLogN: env.scryptLogN })

  const api = new Hono<AppEnv>()

  api.use(async (c, next) => {
    const lang = pickLanguage(c.req.header('accept-language'))
    c.set('lang', lang)
    c.set('t', translator(lang))
    c.set('auth', null)
    c.header('Cache-Control', 'no-store')
    await next()
  })
  api.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => answerError(c as never, new ApiError(413, 'payload_too_large')),
    }),
  )
  api.use(csrfProtection(env.appOrigins, env.trustProxy))
  api.use(async (c, next) => {
    const token = readSessionToken(c)
    if (token) {
      const found = await auth.authenticate(token)
      if (found) {
        c.set('auth', found.auth)
        if (found.renewedUntil) writeSessionCookie(c, token, found.renewedUntil, env.trustProxy)
      }
    }
    await next()
  })

  const routes = api
    .route('/', systemRoutes(deps))
    .route('/auth', authRoutes(deps, auth))
    .route('/', usersRoutes(deps))
    .route('/', orgRoutes(deps))

  api.notFound((c) => answerError(c, new ApiError(404, 'not_found')))
  api.onError((err, c) => {
    if (err instanceof ApiError) return answerError(c, err)
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err)
    return answerError(c, new ApiError(500, 'server_error'))
  })
  return routes
}

export type ApiType = ReturnType<typeof createApi>

/** The whole server: the API under /api and the built SPA for everything else. */
export function createApp(deps: Deps) {
  const app = new Hono()
  app.use(compress())
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  )
  if (deps.env.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
  app.route('/api', createApi(deps))
  // An /api path no route matched is a JSON 404, never the SPA.
  app.all('/api/*', (c) => {
    const t = translator(pickLanguage(c.req.header('accept-language')))
    c.header('Cache-Control', 'no-store')
    return c.json({ error: 'not_found', message: t('errors.not_found') }, 404)
  })

  const root = path.relative(process.cwd(), deps.env.staticDir) || '.'
  const indexFile = path.join(deps.env.staticDir, 'index.html')
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
    }),
  )
  app.use('*', serveStatic({ root, onFound: (_path, c) => c.header('Cache-Control', 'no-cache') }))
  // Every other GET is a client route: answer the SPA's index, which routes on the device.
  app.get('*', (c) => {
    if (!fs.existsSync(indexFile)) {
      return c.text('The client is not built. Run `npm run build` (or `npm run app`, which builds and starts).', 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(fs.readFileSync(indexFile, 'utf8'))
  })
  return app
}
