import { Hono, type Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import {
  impersonationInputSchema,
  loginInputSchema,
  loginMfaInputSchema,
  mfaEnableInputSchema,
  mfaPasswordInputSchema,
  stepUpInputSchema,
} from '../../../shared/schemas/auth'
import { access, notImpersonating, recentSignIn } from '../../lib/access'
import { requestCookieOf } from '../../lib/headers'
import { clientIp } from '../../lib/client-ip'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { validationError } from '../../lib/errors'
import type { AuthService } from './auth.service'
import { appOriginOf, isHttps } from '../../lib/origin'

const COOKIE = 'sk_session'
const SECURE_COOKIE = '__Host-sk_session'
// The secure one first: behind HTTPS it is the session's.
const SESSION_COOKIES = [SECURE_COOKIE, COOKIE] as const

export function readSessionToken(c: Context): string | undefined {
  return requestCookieOf(c, SESSION_COOKIES)
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

export function clearSessionCookie(c: Context) {
  deleteCookie(c, COOKIE, { path: '/' })
  deleteCookie(c, SECURE_COOKIE, { path: '/', secure: true })
}

/** The password typed again for a change to sign-in methods; a wrong one is a field error on `password`. */
async function mustBePassword(c: Context<AppEnv>, userId: string, password: string, auth: AuthService) {
  if (!(await auth.signIn.checkOwnPassword(userId, password))) throw validationError({ password: [c.var.t('validation.wrongPassword')] })
}

const wrongCode = (c: Context<AppEnv>) => validationError({ code: [c.var.t('errors.invalid_code')] })

export function authRoutes({ env }: Deps, auth: AuthService) {
  return (
    new Hono<AppEnv>()
      .post('/login', access.public(), validate('json', loginInputSchema), async (c) => {
        const input = c.req.valid('json')
        const result = await auth.signIn.login(input, {
          ip: clientIp(c, env.trustProxy),
          userAgent: c.req.header('user-agent') ?? null,
        })
        if ('challenge' in result) return c.json({ mfaRequired: true as const, challenge: result.challenge }, 200)
        writeSessionCookie(c, result.token, result.expiresAt, env.trustProxy)
        return c.json(result.answer, 200)
      })
      // The sign-in's second step (docs/decisions/038).
      .post('/login/mfa', access.public(), validate('json', loginMfaInputSchema), async (c) => {
        const result = await auth.signIn.loginWithCode(c.req.valid('json'), { ip: clientIp(c, env.trustProxy), userAgent: c.req.header('user-agent') ?? null })
        if ('challenge' in result) throw new Error('a second step answers a session')
        writeSessionCookie(c, result.token, result.expiresAt, env.trustProxy)
        return c.json(result.answer, 200)
      })
      // The signed-in user's own two-step sign-in: its state, setting it up (password asked again), confirming it
      // with a code, turning it off and new recovery codes (password asked again). Only the person themselves.
      .get('/mfa', access.can('view', 'profile'), async (c) => c.json(await auth.mfa.enrolment.status(c.var.auth!.userData.id), 200))
      .post('/mfa/setup', access.can('update', 'profile'), notImpersonating, validate('json', mfaPasswordInputSchema), async (c) => {
        const me = c.var.auth!.userData
        await mustBePassword(c, me.id, c.req.valid('json').password, auth)
        return c.json(await auth.mfa.enrolment.setup(me.id, me.email), 200)
      })
      .post('/mfa/enable', access.can('update', 'profile'), notImpersonating, validate('json', mfaEnableInputSchema), async (c) => {
        const codes = await auth.mfa.enrolment.enable(c.var.auth!.userData.id, c.req.valid('json').code, () => wrongCode(c))
        return c.json({ recoveryCodes: codes }, 200)
      })
      .post('/mfa/disable', access.can('update', 'profile'), notImpersonating, validate('json', mfaPasswordInputSchema), async (c) => {
        const me = c.var.auth!.userData
        await mustBePassword(c, me.id, c.req.valid('json').password, auth)
        await auth.mfa.enrolment.disable(me.id)
        return c.body(null, 204)
      })
      .post('/mfa/recovery-codes', access.can('update', 'profile'), notImpersonating, validate('json', mfaPasswordInputSchema), async (c) => {
        const me = c.var.auth!.userData
        await mustBePassword(c, me.id, c.req.valid('json').password, auth)
        return c.json({ recoveryCodes: await auth.mfa.enrolment.regenerateRecoveryCodes(me.id) }, 200)
      })
      // Signed in through an identity provider: the answer names the provider's sign-out, where the app goes next
      // to end the session there too (decision 093).
      .post('/logout', access.public(), async (c) => {
        const session = c.var.auth
        const providerId = session ? await auth.sessions.providerOf(session.sessionId) : null
        if (session) await auth.sessions.logout(session.sessionId)
        clearSessionCookie(c)
        const endSessionUrl = providerId ? await auth.sso.logout.endSessionUrl(providerId, `${appOriginOf(c, env)}/login`) : null
        if (endSessionUrl) return c.json({ endSessionUrl }, 200)
        return c.body(null, 204)
      })
      // An admin acts as another user in this session, and stops (docs/decisions/037).
      .post('/impersonation', access.can('impersonate', 'users'), notImpersonating, recentSignIn, validate('json', impersonationInputSchema), async (c) => {
        return c.json(await auth.impersonation.startImpersonation(c.var.auth!, c.req.valid('json').userId, c.var.t), 200)
      })
      .delete('/impersonation', access.signedIn(), async (c) => {
        return c.json(await auth.impersonation.stopImpersonation(c.var.auth!), 200)
      })
      // A sensitive action's confirmation (decision 093): how the person confirms, and confirming.
      .get('/step-up', access.signedIn(), async (c) => {
        const session = c.var.auth!
        return c.json({ ...(await auth.signIn.stepUpMethod(session)), validUntil: session.authenticatedAt + session.stepUpMs }, 200)
      })
      .post('/step-up', access.signedIn(), validate('json', stepUpInputSchema), async (c) => {
        const wrong = (field: 'code' | 'password') =>
          validationError({ [field]: [c.var.t(field === 'code' ? 'errors.invalid_code' : 'validation.wrongPassword')] })
        return c.json(await auth.signIn.stepUp(c.var.auth!, c.req.valid('json'), { ip: clientIp(c, env.trustProxy) }, wrong), 200)
      })
      .get('/me', access.signedIn(), (c) => c.body(c.var.auth!.answerJson, 200, { 'Content-Type': 'application/json' }))
  )
}
