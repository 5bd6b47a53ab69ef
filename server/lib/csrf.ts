import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './context'
import { ApiError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery protection for state-changing requests, by origin (docs/decisions/004):
 * a browser tells where a request comes from in `Sec-Fetch-Site` and `Origin`; anything that is not
 * this site is refused with 403 `csrf`. Requests without either header do not come from a browser
 * page and cannot carry a victim's cookie by accident. Sessions are SameSite=Lax on top.
 */
export function csrfProtection(extraOrigins: readonly string[], trustProxy: boolean): MiddlewareHandler<AppEnv> {
  const allowed = new Set(extraOrigins)
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next()
    const site = c.req.header('sec-fetch-site')
    const origin = c.req.header('origin')
    if (origin !== undefined) {
      const url = new URL(c.req.url)
      const proto = trustProxy ? (c.req.header('x-forwarded-proto') ?? url.protocol.slice(0, -1)) : url.protocol.slice(0, -1)
      const host = trustProxy ? (c.req.header('x-forwarded-host') ?? url.host) : url.host
      const own = `${proto}://${host}`
      if (origin !== own && !allowed.has(origin)) throw new ApiError(403, 'csrf')
    } else if (site !== undefined && site !== 'same-origin' && site !== 'none') {
      throw new ApiError(403, 'csrf')
    }
    await next()
  }
}
