import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/** The caller's address: the first X-Forwarded-For hop behind a trusted proxy (TRUST_PROXY), else the socket's. */
export function clientIp(c: Context, trustProxy: boolean): string | null {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    return null
  }
}
