import { Hono } from 'hono'
import type { AppEnv } from './lib/context'
import { ApiError, answerError } from './lib/errors'
import type { Deps } from './platform/deps'
import { mountApi, type AppOptions } from './composition/api'
import { serveSpa } from './composition/spa'
import { mountMetrics } from './composition/metrics-route'

export type { ApiType, AppOptions } from './composition/api'
export { MAX_BODY_BYTES } from './composition/api-middleware'

/**
 * The whole server, put together: the API under /api (server/composition/api.ts: the areas, their routes and the
 * one middleware every request passes) and the built SPA for everything else (server/composition/spa.ts). The
 * platform it runs on (database, events, jobs, realtime) is built by server/boot.ts and started by server/index.ts.
 */
export function createApp(deps: Deps, options: AppOptions = {}) {
  const app = new Hono<AppEnv>()
  if (deps.env.logRequests) {
    app.use(async (c, next) => {
      const started = performance.now()
      await next()
      console.log(`${c.req.method} ${c.req.path} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`)
    })
  }
  mountMetrics(app, deps)
  const { sources } = mountApi(app, deps, options)
  app.onError((err, c) => {
    if (!c.req.path.startsWith('/api/')) {
      console.error(`${c.req.method} ${c.req.path} failed:`, err)
      return c.text('Server error', 500)
    }
    if (err instanceof ApiError) return answerError(c, err)
    console.error(`[api] ${c.req.method} ${c.req.path} failed:`, err)
    return answerError(c, new ApiError(500, 'server_error'))
  })
  serveSpa(app, deps.env, sources)
  return app
}
