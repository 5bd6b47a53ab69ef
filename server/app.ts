import { Hono } from 'hono'
import type { AppEnv } from './lib/context'
import { ApiError, answerError } from './lib/errors'
import type { Deps } from './platform/deps'
import { mountApi, type AppOptions } from './composition/api'
import { serveSpa } from './composition/spa'
import { apiObserver, mountMetrics } from './composition/metrics-route'
import { requestHeader } from './lib/headers'
import { log, requestIdOf, withRequestLog } from './lib/log'

export type { ApiType, AppOptions } from './composition/api'
export { MAX_BODY_BYTES } from './composition/api-middleware'

/**
 * The whole server, put together: the API under /api (server/composition/api.ts: the areas, their routes and the
 * one middleware every request passes) and the built SPA for everything else (server/composition/spa.ts). The
 * platform it runs on (database, events, jobs, realtime) is built by server/boot.ts and started by server/index.ts.
 */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>()
  // Every request has an id (the caller's X-Request-Id, or a new one), answered back and in each line it logs; an API
  // request is timed into the metrics and traced (one middleware for all three: each layer costs every request).
  const observe = apiObserver(deps)
  app.use(async (c, next) => {
    const reqId = requestIdOf(requestHeader(c, 'x-request-id'))
    c.header('X-Request-Id', reqId)
    return withRequestLog(reqId, c.req.path.startsWith('/api/') ? () => observe(c, next) : next)
  })
  if (deps.env.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request')
    })
  }
  mountMetrics(app, deps)
  const { sources } = mountApi(app, deps, options)
  app.onError((err, c) => {
    if (!c.req.path.startsWith('/api/')) {
      log.error({ err, method: c.req.method, path: c.req.path }, 'a request failed')
      return c.text('Server error', 500)
    }
    if (err instanceof ApiError) return answerError(c, err)
    log.error({ err, method: c.req.method, path: c.req.path }, '[api] a request failed')
    return answerError(c, new ApiError(500, 'server_error'))
  })
  serveSpa(app, deps.env, sources)
  return app
}
