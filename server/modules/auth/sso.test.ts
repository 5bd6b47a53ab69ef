import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, DEMO_PASSWORD, ORIGIN } from '../../test/harness'
import { wire } from '../../../shared/realtime'
import { cookieJar, startOidcProvider, type TestOidcProvider } from '../../test/oidc-op'
import { channelSignature, closedWith, rawSocket } from '../../test/realtime-socket'
import { providerChange, SSO_CLIENT, ssoCallback, ssoFlow } from '../../test/sso-flow'

/**
 * Signing in with the organisation's identity provider (issue 74, decision 093), against a real OpenID Provider on
 * loopback (server/test/oidc-op.ts: oidc-provider, configured like Entra ID and like a BankID broker). The browser's
 * part is played here: the app's start answer is followed to the provider, its pages' redirects with its cookies,
 * and back to the app's callback with the app's pending cookie.
 */
const t = await createTestApp()
const CLIENT = SSO_CLIENT
let op: TestOidcProvider
let admin: { cookie: string }
const { throughProvider, comeBack, signIn, me, logLines } = ssoFlow(t, () => op)
const callback = ssoCallback

// The app on a port of its own, where the provider posts its logout tokens.
const listening = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(server))
})
const appPort = (listening.address() as AddressInfo).port
const appUrl = `http://127.0.0.1:${appPort}`
// Its realtime sockets too: a session the provider ends closes the sockets it authorised.
t.realtime.attach(listening as Server)

beforeAll(async () => {
  op = await startOidcProvider({
    ...CLIENT,
    redirectUris: ['entra', 'jit', 'bankid', 'closed'].map(callback),
    postLogoutRedirectUris: [`${ORIGIN}/login`],
    backchannelLogoutUri: `${appUrl}/api/auth/sso/entra/backchannel-logout`,
  })
  admin = await t.login('admin@demo.test')
})
afterAll(async () => {
  await op.close()
  await new Promise((resolve) => listening.close(resolve))
})

const roleId = (key: string) => ssoFlow(t, () => op).roleId(admin.cookie, key)
const addProvider = (body: Record<string, unknown>) => ssoFlow(t, () => op).addProvider(admin.cookie, body)

/** The provider's sign-out page answered "yes": its session ends (and it tells the apps that asked, by back channel). */
async function signOutAtProvider(endSessionUrl: string, jar: ReturnType<typeof cookieJar>) {
  const page = await fetch(endSessionUrl, { redirect: 'manual', headers: { cookie: jar.header() } })
  jar.keep(page)
  const html = await page.text()
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1]
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1]
  expect(action && xsrf, html).toBeTruthy()
  const done = await fetch(new URL(action!, endSessionUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf: xsrf!, logout: 'yes' }).toString(),
  })
  jar.keep(done)
  return done.headers.get('location')
}

const entraPerson = (email = 'backoffice@demo.test') => ({
  sub: `pairwise-${email}`,
  claims: { oid: `oid-${email}`, tid: 'tenant-1', email, preferred_username: email, name: 'Bo Office', groups: ['g-backoffice'] },
})

describe('an organisation signs in with its Entra ID', () => {
  beforeAll(async () => {
    // Entra ID: the person is `oid`; its e-mails are the tenant's own domains (no email_verified claim).
    await addProvider({ key: 'entra', label: 'Microsoft', subjectClaim: 'oid', matchByEmail: true, trustEmails: true, allowedDomains: ['demo.test'] })
  })

  it('shows the button to anyone, and signs in the back-office user with the same e-mail, linking them once', async () => {
    const buttons = await t.request('GET', '/api/auth/sso/providers')
    expect(buttons.json).toEqual([{ key: 'entra', label: 'Microsoft' }])

    op.person = entraPerson()
    const first = await signIn('entra')
    expect(first.location).toBe('/login?sso=done&to=%2Fbackoffice%2Fsalereports')
    expect((await me(first.session))?.email).toBe('backoffice@demo.test')
    expect((await logLines('sso_linked')).length).toBe(1)

    // The link is the person's `oid`: a new e-mail at the provider still signs in the same account.
    op.person = { ...entraPerson(), claims: { ...entraPerson().claims, email: 'bo.renamed@demo.test', preferred_username: 'bo.renamed@demo.test' } }
    const again = await signIn('entra', '/')
    expect(again.location).toBe('/login?sso=done&to=%2F')
    expect((await me(again.session))?.email).toBe('backoffice@demo.test')
    expect((await logLines('sso_linked')).length).toBe(1)
  })

  it('refuses a person with no account here, and one whose e-mail domain is not allowed', async () => {
    op.person = entraPerson('nobody@demo.test')
    expect(await signIn('entra')).toEqual({ location: '/login?sso=not_linked', session: undefined })
    op.person = entraPerson('coach@elsewhere.test')
    expect((await signIn('entra')).location).toBe('/login?sso=not_linked')
    expect((await logLines('sso_refused')).map((l) => l.reason)).toContain('entra: not_linked')
  })

  it('refuses a deactivated account, linked or not', async () => {
    const { db, t: tables } = t.database
    op.person = entraPerson('manager@demo.test')
    const linked = await signIn('entra')
    expect((await me(linked.session))?.email).toBe('manager@demo.test')
    await db.update(tables.users).set({ active: false }).where(eq(tables.users.email, 'manager@demo.test'))
    expect((await signIn('entra')).location).toBe('/login?sso=inactive')
    await db.update(tables.users).set({ active: true }).where(eq(tables.users.email, 'manager@demo.test'))
  })

  it('a cancelled sign-in at the provider comes back as cancelled', async () => {
    op.person = null
    expect((await signIn('entra')).location).toBe('/login?sso=cancelled')
  })

  it('only one whose sign-in this browser started comes back: no pending cookie, another provider’s, or an old one', async () => {
    op.person = entraPerson()
    const { callbackUrl } = await throughProvider('entra')
    expect((await comeBack(callbackUrl, undefined)).location).toBe('/login?sso=expired')
    const other = await throughProvider('entra')
    expect((await comeBack(other.callbackUrl, 'sk_sso=v1.not.a-sealed-value')).location).toBe('/login?sso=expired')
  })

  it('refuses a changed state, and a code brought back with another sign-in’s PKCE verifier', async () => {
    op.person = entraPerson()
    const a = await throughProvider('entra')
    const forged = new URL(a.callbackUrl)
    forged.searchParams.set('state', 'another-state')
    expect((await comeBack(forged, a.pending)).location).toBe('/login?sso=failed')

    // A code injected into another sign-in: its state and cookie are right, its verifier is not the code's.
    const b = await throughProvider('entra')
    const c = await throughProvider('entra')
    const injected = new URL(b.callbackUrl)
    injected.searchParams.set('code', c.callbackUrl.searchParams.get('code')!)
    expect((await comeBack(injected, b.pending)).location).toBe('/login?sso=failed')
  })

  it.each([
    ['another issuer', (p: Record<string, unknown>) => ({ ...p, iss: 'https://login.example.org/other/v2.0' })],
    ['another client', (p: Record<string, unknown>) => ({ ...p, aud: 'another-client' })],
    ['an expired token', (p: Record<string, unknown>) => ({ ...p, iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['another nonce', (p: Record<string, unknown>) => ({ ...p, nonce: 'not-the-one-sent' })],
  ])('refuses an ID token from %s, though signed with the provider’s key', async (_what, change) => {
    op.person = entraPerson()
    op.tamper = change
    try {
      expect(await signIn('entra')).toEqual({ location: '/login?sso=failed', session: undefined })
    } finally {
      op.tamper = null
    }
    expect((await logLines('sso_refused')).some((l) => l.reason?.startsWith('entra: failed'))).toBe(true)
  })

  it('accepts the same token signed again unchanged: the refusals above are the changes’, not the signing', async () => {
    op.person = entraPerson()
    op.tamper = (p) => p
    try {
      expect((await me((await signIn('entra')).session))?.email).toBe('backoffice@demo.test')
    } finally {
      op.tamper = null
    }
  })

  it('a provider that is down: the sign-in page says so, and the password still signs in', async () => {
    await addProvider({ key: 'closed', label: 'Closed', issuer: 'http://127.0.0.1:9', allowedDomains: [] })
    const start = await t.request('GET', '/api/auth/sso/closed/start')
    expect(start.status).toBe(302)
    expect(start.res.headers.get('location')).toBe('/login?sso=unavailable')

    op.person = entraPerson()
    const { callbackUrl, pending } = await throughProvider('entra')
    op.down = true
    try {
      expect((await comeBack(callbackUrl, pending)).location).toBe('/login?sso=unavailable')
    } finally {
      op.down = false
    }
    const password = await t.request('POST', '/api/auth/login', { body: { email: 'backoffice@demo.test', password: DEMO_PASSWORD } })
    expect(password.status).toBe(200)
  })
})

describe('signing out on both sides', () => {
  it('signing out here sends the person on to the provider’s sign-out, which comes back to the login', async () => {
    op.person = entraPerson()
    const jar = cookieJar()
    const { session } = await signIn('entra', '/', jar)
    const out = await t.request('POST', '/api/auth/logout', { cookie: session })
    expect(out.status).toBe(200)
    const endSessionUrl = new URL(out.json.endSessionUrl as string)
    expect(endSessionUrl.origin).toBe(op.issuer)
    expect(endSessionUrl.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGIN}/login`)
    expect(endSessionUrl.searchParams.get('client_id')).toBe(CLIENT.clientId)
    expect(await me(session)).toBeNull()
    expect(await signOutAtProvider(endSessionUrl.href, jar)).toBe(`${ORIGIN}/login`)
    // A password's session signs out as before: no provider to go on to.
    const password = await t.login('coach@demo.test')
    expect((await t.request('POST', '/api/auth/logout', { cookie: password.cookie })).status).toBe(204)
  })

  it('the provider ending the person’s session there ends it here (back channel), not another person’s', async () => {
    op.person = entraPerson()
    const jar = cookieJar()
    const { session } = await signIn('entra', '/', jar)
    op.person = entraPerson('manager@demo.test')
    const other = await signIn('entra', '/')
    const userData = await me(session)
    expect(userData?.email).toBe('backoffice@demo.test')
    // The app open in a browser: its live socket on the person's own channel.
    const { key } = (await t.request('GET', '/api/realtime/config', { cookie: session })).json as { key: string }
    const socket = await rawSocket(appPort, key)
    const channel = wire.user(userData!.id)
    socket.send({ event: 'pusher:subscribe', data: { channel, auth: await channelSignature(t, session!, socket.socketId, channel) } })
    await socket.next('pusher_internal:subscription_succeeded')
    const closed = closedWith(socket.ws)
    // The person signs out at the provider (from another of the organisation's apps): it posts a logout token here.
    const endSession = new URL('/session/end', op.issuer)
    endSession.searchParams.set('client_id', CLIENT.clientId)
    await signOutAtProvider(endSession.href, jar)
    await expect.poll(() => me(session)).toBeNull()
    expect(await closed).toBe(4009)
    expect((await me(other.session))?.email).toBe('manager@demo.test')
  })

  it('refuses a logout token that is not the provider’s, not for this app, not a logout, or carries a nonce', async () => {
    op.person = entraPerson()
    const { session } = await signIn('entra', '/')
    const now = Math.floor(Date.now() / 1000)
    const good = {
      iss: op.issuer,
      aud: CLIENT.clientId,
      iat: now,
      jti: `j-${now}`,
      sub: 'pairwise-backoffice@demo.test',
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    }
    const post = async (token: string) => {
      const r = await fetch(`${appUrl}/api/auth/sso/entra/backchannel-logout`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ logout_token: token }).toString(),
      })
      return { status: r.status, body: (await r.json().catch(() => null)) as { error?: string } | null }
    }
    const { generateKeyPair, SignJWT } = await import('jose')
    const stranger = await new SignJWT(good).setProtectedHeader({ alg: 'RS256', kid: 'test-key' }).sign((await generateKeyPair('RS256')).privateKey)
    for (const token of [
      stranger,
      await op.sign({ ...good, aud: 'another-client' }),
      await op.sign({ ...good, iss: 'https://login.example.org/other' }),
      await op.sign({ ...good, events: { 'http://schemas.openid.net/event/other': {} } }),
      await op.sign({ ...good, nonce: 'n' }),
      await op.sign({ ...good, iat: now - 3600 }),
      await op.sign({ ...good, sub: undefined }),
    ]) {
      expect(await post(token)).toEqual({ status: 400, body: expect.objectContaining({ error: 'invalid_request' }) })
    }
    // Entra ID's provider names people by `oid`: its `sub` in a logout token names no account, so nothing ends.
    expect((await post(await op.sign(good))).status).toBe(200)
    expect((await me(session))?.email).toBe('backoffice@demo.test')
  })
})

describe('accounts made at the first sign-in', () => {
  it('makes a seller at their first sign-in with a verified e-mail of an allowed domain, and signs them in after', async () => {
    await addProvider({ key: 'jit', label: 'Google Workspace', allowedDomains: ['jit.test'], jitRoleId: await roleId('seller') })
    op.person = { sub: 'g-123', claims: { email: 'Nya.Saljaren@jit.test', email_verified: true, given_name: 'Nya', family_name: 'Säljaren', locale: 'fi-FI' } }
    const first = await signIn('jit', '/')
    const user = await me(first.session)
    expect(user).toMatchObject({ email: 'nya.saljaren@jit.test', role: 'seller', fullName: 'Nya Säljaren' })
    const { db, t: tables } = t.database
    const [row] = await db.select({ language: tables.users.language }).from(tables.users).where(eq(tables.users.email, 'nya.saljaren@jit.test'))
    expect(row?.language).toBe('fi')
    expect(await logLines('sso_created')).toHaveLength(1)
    // Nobody knows the account's password.
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'nya.saljaren@jit.test', password: DEMO_PASSWORD } })).status).toBe(401)
    // The second time, the same account.
    expect((await me((await signIn('jit', '/')).session))?.email).toBe('nya.saljaren@jit.test')
    expect(await logLines('sso_created')).toHaveLength(1)
  })

  it('makes none for an e-mail the provider does not vouch for, or of another domain', async () => {
    op.person = { sub: 'g-unverified', claims: { email: 'someone@jit.test', email_verified: false } }
    expect((await signIn('jit')).location).toBe('/login?sso=not_linked')
    op.person = { sub: 'g-other', claims: { email: 'someone@other.test', email_verified: true } }
    expect((await signIn('jit')).location).toBe('/login?sso=not_linked')
    const { db, t: tables } = t.database
    expect(await db.select().from(tables.users).where(eq(tables.users.email, 'someone@jit.test'))).toHaveLength(0)
  })
})

describe('a BankID broker', () => {
  it('asks for BankID (acr_values) and the ID token says so', async () => {
    await addProvider({ key: 'bankid', label: 'BankID', acrValues: 'urn:grn:authn:se:bankid', scopes: 'openid', allowedDomains: [] })
    const start = await t.request('GET', '/api/auth/sso/bankid/start')
    const url = new URL(start.res.headers.get('location')!)
    expect(url.origin).toBe(op.issuer)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      acr_values: 'urn:grn:authn:se:bankid',
      response_type: 'code',
      code_challenge_method: 'S256',
      client_id: CLIENT.clientId,
      redirect_uri: callback('bankid'),
      scope: 'openid',
    })
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{40,}$/)
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{40,}$/)
  })
})

describe('the administrator’s providers', () => {
  it('lists them with their links and never the secret; only an administrator may', async () => {
    const list = await t.request('GET', '/api/identity-providers', { cookie: admin.cookie })
    expect(list.status).toBe(200)
    const entra = (list.json.items as Array<Record<string, unknown>>).find((p) => p.key === 'entra')!
    expect(entra).toMatchObject({ hasSecret: true, subjectClaim: 'oid', linkedCount: 2 })
    expect(list.text).not.toContain(CLIENT.clientSecret)
    const { db, t: tables } = t.database
    const [stored] = await db
      .select({ secret: tables.identityProviders.clientSecret })
      .from(tables.identityProviders)
      .where(eq(tables.identityProviders.key, 'entra'))
    expect(stored?.secret).toMatch(/^v1\./)
    for (const who of ['backoffice@demo.test', 'manager@demo.test', 'seller@demo.test']) {
      const { cookie } = await t.login(who)
      expect((await t.request('GET', '/api/identity-providers', { cookie })).status).toBe(403)
      expect((await t.request('POST', '/api/identity-providers', { cookie, body: { key: 'x', label: 'X', issuer: op.issuer, ...CLIENT } })).status).toBe(403)
    }
  })

  it('refuses bad input with translated field errors and changes nothing', async () => {
    const bad = await t.request('POST', '/api/identity-providers', {
      cookie: admin.cookie,
      body: { key: 'Bad Key', label: '', issuer: 'http://idp.example.org', clientId: 'x', scopes: 'email', allowedDomains: ['not a domain'] },
    })
    expect(bad.status).toBe(400)
    const fields = bad.json.fieldErrors as Record<string, string[]>
    expect(Object.keys(fields).sort()).toEqual(['allowedDomains.0', 'issuer', 'key', 'label', 'scopes'].sort())
    expect(fields.issuer![0]).toMatch(/https/)
    const taken = await t.request('POST', '/api/identity-providers', {
      cookie: admin.cookie,
      body: { key: 'entra', label: 'Again', issuer: op.issuer, clientId: 'x' },
    })
    expect(taken.status).toBe(409)
    const { db, t: tables } = t.database
    expect(
      await db
        .select()
        .from(tables.identityProviders)
        .where(and(eq(tables.identityProviders.label, 'Again'))),
    ).toHaveLength(0)
  })

  it('a change on an old version is refused; a turned-off provider has no button and no sign-in', async () => {
    const items = (await t.request('GET', '/api/identity-providers', { cookie: admin.cookie })).json.items as Array<Record<string, unknown>>
    const jit = items.find((p) => p.key === 'jit')!
    const body = providerChange(jit, { active: false })
    const off = await t.request('PUT', `/api/identity-providers/${String(jit.id)}`, { cookie: admin.cookie, body })
    expect(off.status, off.text).toBe(200)
    expect(off.json).toMatchObject({ active: false, hasSecret: true, version: 2 })
    expect((await t.request('PUT', `/api/identity-providers/${String(jit.id)}`, { cookie: admin.cookie, body })).status).toBe(409)
    expect(((await t.request('GET', '/api/auth/sso/providers')).json as unknown as Array<{ key: string }>).map((b) => b.key)).not.toContain('jit')
    expect((await t.request('GET', '/api/auth/sso/jit/start')).status).toBe(404)
  })
})

describe('a person’s own linked sign-ins', () => {
  it('lists them on the profile, unlinks one of their own (logged), and not another’s', async () => {
    op.person = entraPerson()
    const { session } = await signIn('entra', '/')
    const mine = await t.request('GET', '/api/auth/sso/identities', { cookie: session })
    expect(mine.status).toBe(200)
    const items = mine.json.items as Array<{ id: string; providerLabel: string; email: string | null; lastUsedAt: number | null }>
    expect(items).toEqual([expect.objectContaining({ providerLabel: 'Microsoft', email: 'backoffice@demo.test' })])
    expect(items[0]!.lastUsedAt).toBeGreaterThan(Date.now() - 60_000)

    const manager = await t.login('manager@demo.test')
    expect((await t.request('DELETE', `/api/auth/sso/identities/${items[0]!.id}`, { cookie: manager.cookie })).status).toBe(404)
    expect((await t.request('DELETE', `/api/auth/sso/identities/${items[0]!.id}`, { cookie: session })).status).toBe(204)
    expect((await t.request('GET', '/api/auth/sso/identities', { cookie: session })).json.items).toEqual([])
    expect((await logLines('sso_unlinked')).map((l) => l.reason)).toEqual(['entra'])
  })
})
