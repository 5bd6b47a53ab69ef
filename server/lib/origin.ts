import type { Context } from 'hono'

/** Whether the request came in over HTTPS (behind a trusted proxy, as it says). */
export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto') === 'https') return true
  return new URL(c.req.url).protocol === 'https:'
}

/**
 * The app's origin for an address given to someone else (an identity provider's or eID broker's callback, a
 * sign-out's return): one of APP_ORIGINS (the one the request came in at, else the first); with none set (a machine
 * of one's own), the request's.
 */
export function appOriginOf(c: Context, env: { trustProxy: boolean; appOrigins: readonly string[] }): string {
  const url = new URL(c.req.url)
  const own = `${isHttps(c, env.trustProxy) ? 'https' : url.protocol.slice(0, -1)}://${url.host}`
  const origins = env.appOrigins
  return origins.length === 0 || origins.includes(own) ? own : origins[0]!
}
