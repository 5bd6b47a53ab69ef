import { Hono, type Context } from 'hono'
import { deleteCookie, setCookie } from 'hono/cookie'
import {
  identityProviderInputSchema,
  identityProviderParamSchema,
  identityProviderUpdateSchema,
  backchannelLogoutSchema,
  linkedIdentityParamSchema,
  roleMappingsInputSchema,
  ssoKeyParamSchema,
  ssoStartQuerySchema,
} from '../../../shared/schemas/sso'
import { access, notImpersonating, recentSignIn } from '../../lib/access'
import { clientIp } from '../../lib/client-ip'
import type { AppEnv } from '../../lib/context'
import { requestCookieOf } from '../../lib/headers'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { appOriginOf, isHttps } from '../../lib/origin'
import { writeSessionCookie } from './auth.routes'
import { LogoutTokenRefused } from './sso.logout'
import { SSO_PENDING_MS, SsoRefused, type SsoService } from './sso.service'

const PENDING_COOKIE = 'sk_sso'
const PENDING_PATH = '/api/auth/sso'

/**
 * The address the provider sends the person back to. Registered at the provider, so it is one of the app's origins
 * (APP_ORIGINS: the one the request came in at, else the first); with none set (a machine of one's own), the request's.
 */
function callbackUrl(c: Context<AppEnv>, deps: Deps, key: string): string {
  return `${appOriginOf(c, deps.env)}/api/auth/sso/${key}/callback`
}

/** Back to the sign-in page with the reason (the page says it in the person's language). */
const toLogin = (c: Context<AppEnv>, reason: string) => c.redirect(`/login?sso=${reason}`, 302)

/** To the provider, with the pending sign-in in a cookie; a provider that cannot be reached back to the sign-in page. */
async function leave(c: Context<AppEnv>, deps: Deps, key: string, start: () => Promise<{ location: string; pending: string }>) {
  try {
    const { location, pending } = await start()
    setCookie(c, PENDING_COOKIE, pending, {
      httpOnly: true,
      // The provider sends the person back with a top-level GET: a Lax cookie goes with it.
      sameSite: 'Lax',
      secure: isHttps(c, deps.env.trustProxy),
      path: PENDING_PATH,
      maxAge: SSO_PENDING_MS / 1000,
    })
    return c.redirect(location, 302)
  } catch (err) {
    if (err instanceof SsoRefused) return toLogin(c, err.reason)
    throw err
  }
}

/** Signing in with an identity provider (docs/decisions/093): the buttons, the way out, the way back. */
export function ssoRoutes(deps: Deps, sso: SsoService) {
  return (
    new Hono<AppEnv>()
      .get('/providers', access.public(), async (c) => c.json(await sso.buttons(), 200))
      .get('/:key/start', access.public(), validate('param', ssoKeyParamSchema), validate('query', ssoStartQuerySchema), async (c) => {
        const { key } = c.req.valid('param')
        return leave(c, deps, key, () => sso.start(key, c.req.valid('query').returnTo, callbackUrl(c, deps, key)))
      })
      // Confirming it is you through the provider before a sensitive action (decision 093): a fresh sign-in there.
      .get('/:key/step-up', access.signedIn(), validate('param', ssoKeyParamSchema), validate('query', ssoStartQuerySchema), async (c) => {
        const { key } = c.req.valid('param')
        const auth = c.var.auth!
        const stepUp = { sessionId: auth.sessionId, userId: auth.impersonator?.id ?? auth.userData.id }
        return leave(c, deps, key, () => sso.start(key, c.req.valid('query').returnTo, callbackUrl(c, deps, key), stepUp))
      })
      .get('/:key/callback', access.public(), validate('param', ssoKeyParamSchema), async (c) => {
        const { key } = c.req.valid('param')
        const pending = requestCookieOf(c, [PENDING_COOKIE])
        deleteCookie(c, PENDING_COOKIE, { path: PENDING_PATH })
        // The address as the provider saw it: the registered callback with the provider's answer on it.
        const current = new URL(callbackUrl(c, deps, key))
        current.search = new URL(c.req.url).search
        try {
          const done = await sso.callback(key, current, pending, {
            ip: clientIp(c, deps.env.trustProxy),
            userAgent: c.req.header('user-agent') ?? null,
            sessionId: c.var.auth?.sessionId ?? null,
          })
          // A confirmation: the sign-in page tells the page that asked (its window, or goes back to it).
          if ('steppedUp' in done) return c.redirect(`/login?step=done&to=${encodeURIComponent(done.returnTo)}`, 302)
          writeSessionCookie(c, done.session.token, done.session.expiresAt, deps.env.trustProxy)
          // The sign-in page takes the session over (its user data and rules, as after a password) and goes on.
          return c.redirect(`/login?sso=done&to=${encodeURIComponent(done.returnTo)}`, 302)
        } catch (err) {
          if (err instanceof SsoRefused) return err.step ? c.redirect(`/login?step=${err.reason}`, 302) : toLogin(c, err.reason)
          throw err
        }
      })
      // The person's own links to the providers (their profile's security tab), and removing one.
      .get('/identities', access.can('view', 'profile'), async (c) => c.json({ items: await sso.identities.list(c.var.auth!.userData.id) }, 200))
      .delete('/identities/:id', access.can('update', 'profile'), notImpersonating, validate('param', linkedIdentityParamSchema), async (c) => {
        await sso.identities.unlink(c.var.auth!.userData.id, c.req.valid('param').id)
        return c.body(null, 204)
      })
      // The provider ends the person's session there, and here (OpenID Connect Back-Channel Logout 1.0).
      .post('/:key/backchannel-logout', access.public(), validate('param', ssoKeyParamSchema), validate('form', backchannelLogoutSchema), async (c) => {
        c.header('Cache-Control', 'no-store')
        try {
          await sso.logout.backchannel(c.req.valid('param').key, c.req.valid('form').logout_token)
          return c.body(null, 200)
        } catch (err) {
          if (err instanceof LogoutTokenRefused) return c.json({ error: 'invalid_request', error_description: err.message }, 400)
          throw err
        }
      })
  )
}

/** The administrator's identity providers (docs/decisions/093). */
export function identityProviderRoutes(sso: SsoService) {
  return (
    new Hono<AppEnv>()
      .get('/identity-providers', access.can('view', 'identity_providers'), async (c) => c.json({ items: await sso.admin.list() }, 200))
      .post('/identity-providers', access.can('update', 'identity_providers'), validate('json', identityProviderInputSchema), async (c) => {
        return c.json(await sso.admin.create(c.var.auth!, c.req.valid('json'), c.var.t), 201)
      })
      .put(
        '/identity-providers/:id',
        access.can('update', 'identity_providers'),
        validate('param', identityProviderParamSchema),
        validate('json', identityProviderUpdateSchema),
        async (c) => c.json(await sso.admin.update(c.var.auth!, c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      // Which of the provider's groups give which roles here: each role one the administrator may give whole.
      .put(
        '/identity-providers/:id/role-mappings',
        access.can('update', 'identity_providers'),
        recentSignIn,
        validate('param', identityProviderParamSchema),
        validate('json', roleMappingsInputSchema),
        async (c) => c.json(await sso.admin.replaceMappings(c.var.auth!, c.req.valid('param').id, c.req.valid('json'), c.var.t), 200),
      )
      .delete('/identity-providers/:id', access.can('update', 'identity_providers'), validate('param', identityProviderParamSchema), async (c) => {
        await sso.admin.remove(c.var.auth!, c.req.valid('param').id)
        return c.body(null, 204)
      })
  )
}
