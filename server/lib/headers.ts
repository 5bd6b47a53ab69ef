import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'
import { parse } from 'hono/utils/cookie'

/**
 * A request header read straight from Node's IncomingMessage when there is one. Hono's `c.req.header()`
 * builds a web Headers object for the whole request first, which bench:api measured as a real share of
 * a small authenticated route. Falls back to Hono for requests that did not come through Node (tests).
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  if (!incoming) return c.req.header(name)
  const value = incoming.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The first of these cookies the request has, the header parsed once (see requestHeader). */
export function requestCookieOf(c: Context, names: readonly string[]): string | undefined {
  const header = requestHeader(c, 'cookie')
  if (!header) return undefined
  const cookies = parse(header)
  for (const name of names) if (cookies[name] !== undefined) return cookies[name]
  return undefined
}
