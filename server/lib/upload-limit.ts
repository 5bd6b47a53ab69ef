import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'

const LIMIT = Symbol('uploadLimit')
type Marked = MiddlewareHandler & { [LIMIT]?: number }

/**
 * Declares, in a route's chain, that its body is a file of up to `maxBytes` (every other API body stops at
 * MAX_BODY_BYTES). The API's one middleware reads the declaration of the route a request matched before any of the
 * body is read (`declaredUploadLimit`), so each area states its own limits beside its routes.
 */
export function uploadUpTo(maxBytes: number): MiddlewareHandler {
  const mark: Marked = async (_c, next) => {
    await next()
  }
  mark[LIMIT] = maxBytes
  return mark
}

/** The limit a handler of a route declares, if it is an `uploadUpTo` declaration. */
export function uploadLimitOf(handler: unknown): number | undefined {
  return typeof handler === 'function' ? (handler as Marked)[LIMIT] : undefined
}

/** The body limit the route this request matched declared with `uploadUpTo`, if it declared one. */
export function declaredUploadLimit(c: Context): number | undefined {
  for (const route of matchedRoutes(c)) {
    const max = uploadLimitOf(route.handler)
    if (max !== undefined) return max
  }
  return undefined
}
