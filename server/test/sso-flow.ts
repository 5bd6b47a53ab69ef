import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { ORIGIN, type TestApp } from './harness'
import { cookieJar, type TestOidcProvider } from './oidc-op'

/**
 * The browser's part of a sign-in through an identity provider (issue 74), for the API tests: the app's start answer
 * followed to the provider (server/test/oidc-op.ts), its pages' redirects with its cookies, and back to the app's
 * callback with the app's pending cookie.
 */
export const SSO_CLIENT = { clientId: 'saljkraft-test', clientSecret: 'a-client-secret-of-the-test' }
export const ssoCallback = (key: string) => `${ORIGIN}/api/auth/sso/${key}/callback`

export const setCookieOf = (res: Response, name: string) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith(`${name}=`))
    ?.split(';')[0]

/** A listed provider as a change's body: its settings with a change, without what the list adds (its id, counts, mappings). */
export function providerChange(item: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const { id: _id, hasSecret: _secret, linkedCount: _linked, roleMappings: _mappings, fromEnv: _env, ...settings } = item
  return { ...settings, ...change }
}

/** From an answer that leaves for a provider, through its pages (redirects, with its cookies), to the app's address it sends back to. */
export async function followProvider(location: string, jar = cookieJar()): Promise<URL> {
  for (let hops = 0; !location.startsWith(`${ORIGIN}/`); hops++) {
    expect(hops).toBeLessThan(10)
    const r = await fetch(location, { redirect: 'manual', headers: { cookie: jar.header() } })
    jar.keep(r)
    expect([302, 303], await r.text()).toContain(r.status)
    location = new URL(r.headers.get('location')!, location).href
  }
  return new URL(location)
}

export function ssoFlow(t: TestApp, op: () => TestOidcProvider) {
  const follow = followProvider
  /** Start at the app, sign in at the provider, and stop before coming back: the callback's address and the pending cookie. */
  async function throughProvider(key: string, returnTo = '/backoffice/salereports', jar = cookieJar()) {
    const start = await t.request('GET', `/api/auth/sso/${key}/start?returnTo=${encodeURIComponent(returnTo)}`)
    expect(start.status, start.text).toBe(302)
    const pending = setCookieOf(start.res, 'sk_sso')
    return { callbackUrl: await follow(start.res.headers.get('location')!, jar), pending: pending!, jar }
  }

  async function comeBack(callbackUrl: URL, pending: string | undefined, session?: string) {
    const cookie = [pending, session].filter(Boolean).join('; ') || undefined
    const r = await t.request('GET', callbackUrl.pathname + callbackUrl.search, { cookie })
    expect(r.status, r.text).toBe(302)
    return { location: r.res.headers.get('location')!, session: setCookieOf(r.res, 'sk_session') }
  }

  async function signIn(key: string, returnTo?: string, jar?: ReturnType<typeof cookieJar>) {
    const { callbackUrl, pending } = await throughProvider(key, returnTo, jar)
    return comeBack(callbackUrl, pending)
  }

  /** A confirmation (step-up) through the provider for this session: where the app sends the person, and the way back. */
  async function stepUp(key: string, session: string, returnTo = '/profile') {
    const start = await t.request('GET', `/api/auth/sso/${key}/step-up?returnTo=${encodeURIComponent(returnTo)}`, { cookie: session })
    expect(start.status, start.text).toBe(302)
    const authorize = new URL(start.res.headers.get('location')!)
    const callbackUrl = await follow(authorize.href, cookieJar())
    return { authorize, callbackUrl, pending: setCookieOf(start.res, 'sk_sso')! }
  }

  async function me(session: string | undefined) {
    const r = await t.request('GET', '/api/auth/me', { cookie: session })
    return r.status === 200 ? (r.json.userData as { id: string; email: string; role: string; fullName: string }) : null
  }

  async function logLines(action: string) {
    const { db, t: tables } = t.database
    return db
      .select({ entityId: tables.activityLog.entityId, reason: tables.activityLog.reason, actorId: tables.activityLog.actorId })
      .from(tables.activityLog)
      .where(eq(tables.activityLog.action, action))
  }

  async function roleId(cookie: string, key: string): Promise<string> {
    const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie })).json.items as Array<{ id: string; key: string }>
    return roles.find((r) => r.key === key)!.id
  }

  async function addProvider(cookie: string, body: Record<string, unknown>) {
    const r = await t.request('POST', '/api/identity-providers', { cookie, body: { issuer: op().issuer, ...SSO_CLIENT, ...body } })
    expect(r.status, r.text).toBe(201)
    return r.json.id as string
  }

  return { throughProvider, comeBack, signIn, stepUp, me, logLines, roleId, addProvider }
}
