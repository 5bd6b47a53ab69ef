import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import { requestHeader } from './headers'

/** Bodies smaller than this go out as they are: compressing them costs more than it saves. */
const THRESHOLD = 1024

/**
 * Gzips larger JSON answers of the API in one call. Hono's stream-based compress() cost most of a
 * small route's throughput in bench:api, and re-reading a finished Response is nearly as costly, so
 * this wraps `c.json` for the request instead: small JSON is sent as it is, large JSON compressed.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    if (/\bgzip\b/.test(requestHeader(c, 'accept-encoding') ?? '')) {
      const json = ((object: unknown, arg?: Parameters<Context['body']>[1], headers?: Record<string, string>) => {
        const text = JSON.stringify(object)
        c.header('Content-Type', 'application/json')
        c.header('Vary', 'Accept-Encoding', { append: true })
        if (text.length < THRESHOLD) return c.body(text, arg as never, headers)
        c.header('Content-Encoding', 'gzip')
        return c.body(gzipSync(text, { level: 5 }), arg as never, headers)
      }) as unknown as Context['json']
      c.json = json
    }
    await next()
  }
}
