import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import { routePath } from 'hono/route'
import type { AppEnv } from '../lib/context'
import type { Deps } from '../platform/deps'
import { traceRequest } from '../platform/tracing'

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b))

/**
 * The instance's metrics (docs/operations.md): every API request timed by its route pattern (and traced, when on), and GET /metrics in the
 * Prometheus text format for a scraper holding METRICS_TOKEN (`Authorization: Bearer …`). Without the token set
 * nothing is served there (404), and a wrong or missing token is 401, with nothing of the metrics in it.
 */
export function mountMetrics(app: Hono<AppEnv>, { env, metrics }: Deps) {
  // The pattern the request matched ('/api/sales/:id'); a path nothing matched is one label, not its address.
  const patternOf = (c: Context<AppEnv>) => {
    const route = routePath(c)
    return route && route !== '/api/*' && route !== '*' ? route : 'unmatched'
  }
  // Each API request a span of its trace when tracing is on (server/platform/tracing.ts).
  app.use('/api/*', (c, next) =>
    traceRequest(
      (name) => c.req.header(name),
      c.req.method,
      next,
      () => ({ route: patternOf(c), status: c.res.status }),
    ),
  )
  app.use('/api/*', async (c, next) => {
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.request(c.req.method, patternOf(c), c.res.status, (performance.now() - started) / 1000)
    }
  })
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
