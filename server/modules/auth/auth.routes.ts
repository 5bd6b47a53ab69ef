import { Hono, type Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import { getConnInfo } from '@hono/node-server/conninfo'
import { loginInputSchema } from '../../../shared/schemas/auth'
import { access } from '../../lib/access'
import { requestCookie } from '../../lib/headers'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import type { AuthService } from './auth.service'

const COOKIE = 'sk_session'
const SECURE_COOKIE = '__Host-sk_session'

export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto') === 'https') return true
  return new URL(c.req.url).protocol === 'https:'
}

export function readSessionToken(c: Context): string | undefined {
  return requestCookie(c, SECURE_COOKIE) ?? requestCookie(c, COOKIE)
}

export function writeSessionCookie(c: Context, token: string, expiresAt: number, trustProxy: boolean) {
  const secure = isHttps(c, trustProxy)
  setCookie(c, secure ? SECURE_COOKIE : COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: new Date(expiresAt),
  })
}

function clearSessionCookie(c: Context) {
  deleteCookie(c, COOKIE, { path: '/' })
  deleteCookie(c, SECURE_COOKIE, { path: '/', secure: true })
}

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

export function authRoutes({ env }: Deps, auth: AuthService) {
  return new Hono<AppEnv>()
    .post('/login', access.public(), validate('json', loginInputSchema), async (c) => {
      const input = c.req.valid('json')
      const result = await auth.login(input, {
        ip: clientIp(c, env.trustProxy),
        userAgent: c.req.header('user-agent') ?? null,
      })
      writeSessionCookie(c, result.token, result.expiresAt, env.trustProxy)
      return c.json(result.answer, 200)
    })
    .post('/logout', access.public(), async (c) => {
      const session = c.var.auth
      if (session) await auth.logout(session.sessionId)
      clearSessionCookie(c)
      return c.body(null, 204)
    })
    .get('/me', access.signedIn(), (c) => c.body(c.var.auth!.answerJson, 200, { 'Content-Type': 'application/json' }))
}
