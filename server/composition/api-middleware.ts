import type { MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { fieldError } from '../../shared/schemas/errors'
import { FORBIDDEN_CONTROL_ENCODED } from '../../shared/schemas/input-safety'
import { TRANSLATORS, pickLanguage, type LanguageCode } from '../../shared/i18n'
import type { Env } from '../env'
import { compressJson } from '../lib/compress-json'
import type { AppEnv } from '../lib/context'
import { csrfProtection } from '../lib/csrf'
import { ApiError, answerError, validationError } from '../lib/errors'
import { requestHeader } from '../lib/headers'
import { runAsImpersonation } from '../lib/request-actor'
import { declaredUploadLimit } from '../lib/upload-limit'
import { logUser } from '../lib/log'
import { readSessionToken, writeSessionCookie } from '../modules/auth/auth.routes'
import type { authService } from '../modules/auth/auth.service'

/** The largest JSON body the API reads; larger requests get 413 before anything is parsed. */
export const MAX_BODY_BYTES = 1024 * 1024

/** What a person whose terms of use wait for an answer may still call: their session, the terms, and the app's meta. */
const TERMS_OPEN = /^\/api\/(auth\/(me|logout)|terms\/(current|[^/]+\/(accept|decline))|meta|health(\/live|\/ready)?)$/
/** What a session whose password someone else chose may do (decision 082): set its own, read itself, sign out. */
const PASSWORD_OPEN = /^\/api\/(auth\/(me|logout)|profile\/password|meta|health(\/live|\/ready)?)$/
/** What answers in maintenance too: the health checks and the app's meta. */
const MAINTENANCE_OPEN = /^\/api\/(meta|health(\/live|\/ready)?)$/

const languageCache = new Map<string, LanguageCode>()
/** The request's language from Accept-Language; browsers send a handful of distinct headers, so it is remembered. */
function languageOf(header: string | undefined): LanguageCode {
  const key = header ?? ''
  let lang = languageCache.get(key)
  if (!lang) {
    lang = pickLanguage(header)
    if (languageCache.size > 200) languageCache.clear()
    languageCache.set(key, lang)
  }
  return lang
}

const tooLarge = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => answerError(c, new ApiError(413, 'payload_too_large')) })

/**
 * One middleware for what every API request needs (each extra middleware layer costs throughput): language,
 * headers, large-JSON compression, then for requests with a body the size limit and the CSRF check, then the
 * session — and the gates: maintenance, control characters in the address, terms of use not yet accepted.
 */
export function apiMiddleware(env: Env, auth: ReturnType<typeof authService>): MiddlewareHandler<AppEnv> {
  const limitBody = tooLarge(MAX_BODY_BYTES)
  // A route that takes a file (a photo, an order file, a map, a lead list, a recording) declares its own limit
  // beside it (uploadUpTo, server/lib/upload-limit.ts); one limiter for each size.
  const limitFiles = new Map<number, MiddlewareHandler>()
  const limitFor = (maxBytes: number | undefined) => {
    if (maxBytes === undefined) return limitBody
    let limit = limitFiles.get(maxBytes)
    if (!limit) limitFiles.set(maxBytes, (limit = tooLarge(maxBytes)))
    return limit
  }
  const checkOrigin = csrfProtection(env.appOrigins, env.nodeEnv !== 'production')
  const gzipLargeJson = compressJson()

  return async (c, next) => {
    const lang = languageOf(requestHeader(c, 'accept-language'))
    c.set('lang', lang)
    c.set('t', TRANSLATORS[lang])
    c.set('auth', null)
    c.header('Cache-Control', 'no-store')
    c.header('X-Content-Type-Options', 'nosniff')
    // Maintenance: everything but health and meta answers 503; devices keep their changes and retry later.
    if (env.maintenance && !MAINTENANCE_OPEN.test(c.req.path)) {
      c.res = answerError(c, new ApiError(503, 'maintenance', { headers: { 'Retry-After': '300' } }))
      return
    }
    // A control character in the address (`/api/users/%00`, `?q=a%00b`): refused for every route, also one that
    // reads a parameter by hand; bodies and validated parts are checked by validate() (shared/schemas/input-safety).
    if (FORBIDDEN_CONTROL_ENCODED.test(c.req.url)) {
      c.res = answerError(c, validationError(fieldError('_', c.var.t('validation.controlCharacter'))))
      return
    }
    const withSession = async () => {
      const token = readSessionToken(c)
      if (token) {
        const found = await auth.sessions.authenticate(token)
        if (found) {
          c.set('auth', found.auth)
          logUser(found.auth.userData.id)
          c.header('X-Session-Rev', found.auth.rev)
          if (found.renewedUntil) writeSessionCookie(c, token, found.renewedUntil, env.trustProxy)
          // A password someone else chose: the person's own comes first (decision 082), then the terms.
          if (found.auth.passwordChangeRequired && !PASSWORD_OPEN.test(c.req.path)) {
            c.res = answerError(c, new ApiError(403, 'password_change_required'))
            return
          }
          // Terms of use not yet accepted: only what answering them needs (docs/decisions/039).
          if (found.auth.termsPending && !TERMS_OPEN.test(c.req.path) && !found.auth.passwordChangeRequired) {
            c.res = answerError(c, new ApiError(403, 'terms_not_accepted'))
            return
          }
          const admin = found.auth.impersonator
          // An admin acting as a user: every log line the request writes names both (docs/decisions/037).
          if (admin) return runAsImpersonation({ userId: found.auth.userData.id, impersonatorId: admin.id }, next)
        }
      }
      await next()
    }
    // Looking at a GET's body would build a full Request object: only requests that carry one are measured.
    const guarded = async () => {
      if (c.req.method === 'GET' || c.req.method === 'HEAD') return withSession()
      // Called by hand, so an answer of theirs (413) is put in place here, as Hono's compose would.
      const limit = limitFor(declaredUploadLimit(c))
      const refused = await limit(c, async () => {
        await checkOrigin(c, withSession)
      })
      if (refused) c.res = refused
    }
    await gzipLargeJson(c, guarded)
  }
}
