import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv } from '../lib/context'
import type { Deps } from '../platform/deps'
import { traceRequest } from '../platform/tracing'

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * An API request timed by its route pattern into the metrics, and traced when tracing is on (a span of its trace,
 * server/platform/tracing.ts): called by the app's one outer middleware (server/app.ts) for /api requests — each
 * middleware layer of its own costs every request.
 */
export function apiObserver({ metrics }: Pick<Deps, 'metrics'>) {
  // The pattern the request matched ('/api/sales/:id'); a path nothing matched is one label, not its address.
  const patternOf = (c: Context<AppEnv>) => {
    const route = routePath(c)
    return route && route !== '/api/*' && route !== '*' ? route : 'unmatched'
  }
  const timed = async (c: Context<AppEnv>, next: () => Promise<void>) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.request(c.req.method, patternOf(c), c.res.status, (performance.now() - started) / 1000)
    }
  }
  return (c: Context<AppEnv>, next: () => Promise<void>) =>
    traceRequest(
      (name) => c.req.header(name),
      c.req.method,
      () => timed(c, next),
      () => ({ route: patternOf(c), status: c.res.status }),
    )
}

/**
 * The instance's metrics (docs/operations.md) at GET /metrics in the Prometheus text format for a scraper holding
 * METRICS_TOKEN (`Authorization: Bearer …`). Without the token set nothing is served there (404), and a wrong or
 * missing token is 401, with nothing of the metrics in it.
 */
export function mountMetrics(app: Hono<AppEnv>, { env, metrics }: Deps) {
  app.get('/metrics', async (c) => {
    if (!env.metricsToken) return c.notFound()
    const given = /^Bearer (.+)$/.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
    if (!same(given, env.metricsToken)) {
      c.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return c.text('Unauthorized', 401)
    }
    c.header('Cache-Control', 'no-store')
    return c.body(await metrics.text(), 200, { 'Content-Type': metrics.contentType })
  })
}
