import type { MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { fieldError, fieldErrorsOf, zodErrorMap } from '../../shared/schemas/errors'
import { inputProblem } from '../../shared/schemas/input-safety'
import type { AppEnv } from './context'
import { ApiError, validationError } from './errors'

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i

/**
 * Validates one part of the request with a shared zod schema (strict schemas refuse unknown fields).
 * Bad input answers 400 `validation_failed` with translated field errors, before any handler runs; text
 * that is not well-formed and values nested too deeply are refused before the schema sees them.
 */
export function validate<T extends 'json' | 'form' | 'query' | 'param', S extends z.core.$ZodType>(
  target: T,
  schema: S,
  options: { opaque?: (path: readonly string[]) => boolean } = {},
): MiddlewareHandler<AppEnv, string, { in: { [K in T]: z.input<S> }; out: { [K in T]: z.output<S> } }> {
  return async (c, next) => {
    let value: unknown
    if (target === 'json') {
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim() ?? ''
      if (!JSON_TYPE.test(type)) throw new ApiError(415, 'unsupported_media_type')
      const text = await c.req.text()
      try {
        value = JSON.parse(text) as unknown
      } catch {
        throw new ApiError(400, 'invalid_json')
      }
    } else if (target === 'form') {
      // A form-encoded body (what Pusher clients send to the auth endpoint): each field once, as text.
      const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
      if (type !== 'application/x-www-form-urlencoded') throw new ApiError(415, 'unsupported_media_type')
      value = Object.fromEntries(new URLSearchParams(await c.req.text()))
    } else if (target === 'query') {
      value = Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]))
    } else {
      value = c.req.param()
    }
    const problem = inputProblem(value, options.opaque)
    if (problem) throw validationError(fieldError(problem.path, c.var.t(`validation.${problem.kind}`)))
    const parsed = z.safeParse(schema, value, { error: zodErrorMap(c.var.t) })
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.error, c.var.t))
    c.req.addValidatedData(target, parsed.data as object)
    await next()
  }
}
