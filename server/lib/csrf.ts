import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'
import { ApiError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether an origin is a loopback address (any port): a developer's own machine. */
function isLoopback(origin: string): boolean {
  try {
    const url = new URL(origin)
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOOPBACK_HOSTS.has(url.hostname)
  } catch {
    return false
  }
}

/**
 * Cross-site request forgery protection for state-changing requests, by origin (docs/decisions/004, 016):
 * a browser tells where a request comes from in `Origin` and `Sec-Fetch-Site`. An Origin must be one of the
 * app's configured origins (APP_ORIGINS); outside production, loopback origins too. The Host header is never
 * trusted to say what our own origin is (a page on another name that resolves to this server, DNS
 * rebinding, would otherwise pass). Without Origin, a request the browser marks cross-site is refused;
 * requests with neither header do not come from a browser page and cannot carry a victim's cookie by
 * accident. Sessions are SameSite=Lax on top.
 */
export function csrfProtection(appOrigins: readonly string[], allowLoopback: boolean): MiddlewareHandler<AppEnv> {
  const allowed = new Set(appOrigins)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (origin !== undefined) {
      if (!allowed.has(origin) && !(allowLoopback && isLoopback(origin))) throw new ApiError(403, 'csrf')
    } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new ApiError(403, 'csrf')
    }
    await next()
  }
}
