import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiErrorBody, ErrorCode, FieldErrors } from '../../shared/schemas/errors'
import { TRANSLATORS } from '../../shared/i18n'
import type { AppEnv } from './context'

const SWEDISH = TRANSLATORS.sv

/** An error with an HTTP status and a stable code; its message is translated when it is answered. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    readonly options: { params?: Record<string, unknown>; fieldErrors?: FieldErrors; headers?: Record<string, string>; details?: Record<string, unknown> } = {},
  ) {
    super(code)
    this.name = 'ApiError'
  }
}

export const unauthenticated = () => new ApiError(401, 'unauthenticated')
export const forbidden = () => new ApiError(403, 'forbidden')
export const notFound = () => new ApiError(404, 'not_found')

/** The value a read found, or a 404 when it found none (a detail route's answer). */
export function found<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw notFound()
  return value
}

export function validationError(fieldErrors: FieldErrors): ApiError {
  return new ApiError(400, 'validation_failed', { fieldErrors })
}

export function errorBody(
  c: Context<AppEnv>,
  code: ErrorCode,
  params?: Record<string, unknown>,
  fieldErrors?: FieldErrors,
  details?: Record<string, unknown>,
): ApiErrorBody {
  // c.var.t is set by the API's first middleware; an error before it is answered in Swedish.
  const t = c.var.t ?? SWEDISH
  const body: ApiErrorBody = { error: code, message: t(`errors.${code}`, params) }
  // A service may name a field's message by its key (`validation.…`): it is translated here, in the request's language.
  if (fieldErrors)
    body.fieldErrors = Object.fromEntries(
      Object.entries(fieldErrors).map(([field, messages]) => [field, messages.map((m) => (m.startsWith('validation.') ? t(m) : m))]),
    )
  if (details) body.details = details
  return body
}

export function answerError(c: Context<AppEnv>, err: ApiError): Response {
  for (const [name, value] of Object.entries(err.options.headers ?? {})) c.header(name, value)
  return c.json(errorBody(c, err.code, err.options.params, err.options.fieldErrors, err.options.details), err.status)
}
