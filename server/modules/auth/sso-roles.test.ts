import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, DEMO_PASSWORD } from '../../test/harness'
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-op'
import { providerChange, SSO_CLIENT, ssoCallback, ssoFlow } from '../../test/sso-flow'
import { hashToken } from './auth.service'

/**
 * Who a provider's person is here beyond the link (issue 74, decision 093), against a real OpenID Provider on loopback
 * (server/test/oidc-op.ts): roles from Entra ID's `groups` claim (Microsoft's ID token reference: an array of group
 * object ids; past 200 groups the token carries `_claim_names` instead), the personal identity number of a BankID
 * broker (Idura Verify's ID token for Swedish BankID carries it as `ssn`, 12 digits), roles that must sign in through
 * a provider, and confirming a sensitive action with a fresh sign-in at the provider (`prompt=login`, `max_age=0`).
 */
const t = await createTestApp()
const { db, t: tables } = t.database
let op: TestOidcProvider
let admin: { cookie: string }
const flow = ssoFlow(t, () => op)
const { signIn, me, logLines, stepUp, comeBack } = flow

beforeAll(async () => {
  op = await startOidcProvider({ ...SSO_CLIENT, redirectUris: ['groups', 'eid', 'req', 'other'].map(ssoCallback) })
  admin = await t.login('admin@demo.test')
})
afterAll(() => op.close())

async function userRow(email: string) {
  const [row] = await db.select({ id: tables.users.id, roleId: tables.users.roleId }).from(tables.users).where(eq(tables.users.email, email))
  return row
}

const person = (sub: string, email: string, claims: Record<string, unknown> = {}) => ({
  sub,
  claims: { oid: `oid-${sub}`, email, preferred_username: email, name: 'Corp Person', ...claims },
})

async function providerOf(key: string) {
  const items = (await t.request('GET', '/api/identity-providers', { cookie: admin.cookie })).json.items as Array<
    Record<string, unknown> & { id: string; key: string; version: number }
  >
  return items.find((p) => p.key === key)!
}

async function putMappings(cookie: string, key: string, mappings: Array<{ claimValue: string; roleId: string }>) {
  const p = await providerOf(key)
  return t.request('PUT', `/api/identity-providers/${p.id}/role-mappings`, { cookie, body: { version: p.version, mappings } })
}

describe('roles from the provider’s groups', () => {
  let seller: string, backoffice: string
  beforeAll(async () => {
    seller = await flow.roleId(admin.cookie, 'seller')
    backoffice = await flow.roleId(admin.cookie, 'backoffice')
    await flow.addProvider(admin.cookie, {
      key: 'groups',
      label: 'Entra ID',
      subjectClaim: 'oid',
      trustEmails: true,
      matchByEmail: true,
      allowedDomains: ['corp.test', 'demo.test'],
      groupsClaim: 'groups',
    })
    const r = await putMappings(admin.cookie, 'groups', [
      { claimValue: 'g-backoffice', roleId: backoffice },
      { claimValue: 'g-sales', roleId: seller },
    ])
    expect(r.status, r.text).toBe(200)
    expect(r.json.roleMappings).toEqual([
      { claimValue: 'g-backoffice', roleId: backoffice },
      { claimValue: 'g-sales', roleId: seller },
    ])
  })

  it('makes an account with the first mapped group’s role, and follows the groups at each sign-in (logged)', async () => {
    op.person = person('p1', 'ny.person@corp.test', { groups: ['g-unrelated', 'g-sales'] })
    expect((await me((await signIn('groups', '/')).session))?.role).toBe('seller')
    expect((await logLines('sso_created')).length).toBe(1)

    // Moved to the back-office group at the provider: the role follows at the next sign-in.
    op.person = person('p1', 'ny.person@corp.test', { groups: ['g-sales', 'g-backoffice'] })
    expect((await me((await signIn('groups', '/')).session))?.role).toBe('backoffice')
    const changed = await logLines('sso_role_changed')
    expect(changed).toEqual([expect.objectContaining({ entityId: (await userRow('ny.person@corp.test'))!.id, reason: 'groups' })])
  })

  it('gives nothing for a group or app role it does not map: no account, and a governed account that lost its groups is refused', async () => {
    op.person = person('p2', 'utan.grupp@corp.test', { groups: ['g-admins'], roles: ['admin'] })
    expect((await signIn('groups', '/')).location).toBe('/login?sso=no_role')
    expect(await userRow('utan.grupp@corp.test')).toBeUndefined()

    op.person = person('p1', 'ny.person@corp.test', { groups: ['g-admins'], roles: ['admin'] })
    expect((await signIn('groups', '/')).location).toBe('/login?sso=no_role')
    expect((await userRow('ny.person@corp.test'))!.roleId).toBe(backoffice)
    expect((await logLines('sso_refused')).map((l) => l.reason)).toContain('groups: no groups mapped')
  })

  it('leaves a role the mapping does not govern: the administrator linked by e-mail stays administrator', async () => {
    op.person = person('p-admin', 'admin@demo.test', { groups: ['g-sales'] })
    expect((await me((await signIn('groups', '/')).session))?.role).toBe('admin')
  })

  it('refuses Entra ID’s groups overage (the groups are not in the token)', async () => {
    op.person = person('p3', 'many.groups@corp.test', {
      _claim_names: { groups: 'src1' },
      _claim_sources: { src1: { endpoint: 'https://graph.microsoft.com/v1.0/me/getMemberObjects' } },
    })
    expect((await signIn('groups', '/')).location).toBe('/login?sso=no_role')
    expect((await logLines('sso_refused')).some((l) => l.reason?.startsWith('groups: groups overage'))).toBe(true)
  })

  it('a mapping gives no more than its author may: refused when saved beyond their rules, and at sign-in once they lost them', async () => {
    // Someone who keeps the providers' mappings but holds fewer rules than the back office.
    const role = await t.request('POST', '/api/roles', {
      cookie: admin.cookie,
      body: {
        name: 'Inloggningsansvarig',
        permissions: ['view identity_providers', 'update identity_providers', 'view roles', 'view users'].map((p) => {
          const [action, subject] = p.split(' ')
          return { action, subject }
        }),
      },
    })
    expect(role.status, role.text).toBe(201)
    const coach = await userRow('coach@demo.test')
    await db
      .update(tables.users)
      .set({ roleId: role.json.id as string })
      .where(eq(tables.users.id, coach!.id))
    const keeper = await t.login('coach@demo.test')
    // Rows kept as they were keep their author; a new one is the keeper's, and the back office is beyond them.
    const beyond = await putMappings(keeper.cookie, 'groups', [
      { claimValue: 'g-backoffice', roleId: backoffice },
      { claimValue: 'g-sales', roleId: seller },
      { claimValue: 'g-office-2', roleId: backoffice },
    ])
    expect(beyond.status).toBe(403)
    expect(beyond.json.fieldErrors).toEqual({ 'mappings.2.roleId': [expect.stringMatching(/.+/)] })
    expect((await providerOf('groups')).version).toBe(2)

    // The author of the back-office mapping loses their rules: it gives the role no more.
    const [mapping] = await db.select().from(tables.identityProviderRoles).where(eq(tables.identityProviderRoles.claimValue, 'g-backoffice'))
    await db.update(tables.identityProviderRoles).set({ mappedBy: coach!.id }).where(eq(tables.identityProviderRoles.id, mapping!.id))
    op.person = person('p1', 'ny.person@corp.test', { groups: ['g-backoffice'] })
    expect((await signIn('groups', '/')).location).toBe('/login?sso=no_role')
    expect((await logLines('sso_refused')).some((l) => l.reason?.includes('more than its author may give'))).toBe(true)
  })

  it('refuses mappings with bad input, with field errors, and a change on an old version', async () => {
    const p = await providerOf('groups')
    const dup = await t.request('PUT', `/api/identity-providers/${p.id}/role-mappings`, {
      cookie: admin.cookie,
      body: {
        version: p.version,
        mappings: [
          { claimValue: 'a', roleId: seller },
          { claimValue: 'a', roleId: backoffice },
          { claimValue: '', roleId: seller },
        ],
      },
    })
    expect(dup.status).toBe(400)
    expect(Object.keys(dup.json.fieldErrors as object).sort()).toEqual(['mappings.1.claimValue', 'mappings.2.claimValue'])
    const old = await t.request('PUT', `/api/identity-providers/${p.id}/role-mappings`, {
      cookie: admin.cookie,
      body: { version: p.version - 1, mappings: [] },
    })
    expect(old.status).toBe(409)
    expect((await providerOf('groups')).version).toBe(p.version)
  })
})

describe('BankID through a broker: the personal identity number', () => {
  beforeAll(async () => {
    await flow.addProvider(admin.cookie, {
      key: 'eid',
      label: 'BankID',
      acrValues: 'urn:grn:authn:se:bankid',
      scopes: 'openid',
      identityNumberClaim: 'ssn',
      allowedDomains: [],
    })
    await db.update(tables.users).set({ personalNumber: '198112189876' }).where(eq(tables.users.email, 'manager@demo.test'))
  })
  // Idura Verify's Swedish BankID token: a pseudonymous `sub`, the number as `ssn`, names; no e-mail.
  const bankid = (sub: string, ssn: string) => ({ sub, claims: { ssn, name: 'Bo Chef', given_name: 'Bo', family_name: 'Chef', country: 'SE' } })

  it('signs in the account with that number, links it, and never logs the number', async () => {
    op.person = bankid('{1373c272-b61a-4cb5-88b2-9c44883fe62f}', '198112189876')
    expect((await me((await signIn('eid', '/')).session))?.email).toBe('manager@demo.test')
    expect((await logLines('sso_linked')).map((l) => l.reason)).toContain('eid (identity number)')
    // The second time through the link (the same pseudonym).
    op.person = bankid('{1373c272-b61a-4cb5-88b2-9c44883fe62f}', '198112189876')
    expect((await me((await signIn('eid', '/')).session))?.email).toBe('manager@demo.test')
    const lines = await db.select().from(tables.activityLog)
    expect(JSON.stringify(lines)).not.toMatch(/811218-?9876/)
  })

  it('refuses a number on no account, one not a valid personal number, and one on two accounts', async () => {
    op.person = bankid('{other-1}', '199002171234')
    expect((await signIn('eid', '/')).location).toBe('/login?sso=not_linked')
    op.person = bankid('{other-2}', '19811218987')
    expect((await signIn('eid', '/')).location).toBe('/login?sso=not_linked')
    await db.update(tables.users).set({ personalNumber: '197001011233' }).where(eq(tables.users.email, 'seller@demo.test'))
    await db.update(tables.users).set({ personalNumber: '197001011233' }).where(eq(tables.users.email, 'coach@demo.test'))
    op.person = bankid('{other-3}', '197001011233')
    expect((await signIn('eid', '/')).location).toBe('/login?sso=not_linked')
    expect((await logLines('sso_refused')).map((l) => l.reason)).toContain('eid: the identity number is on more than one account')
    expect(JSON.stringify(await db.select().from(tables.activityLog))).not.toMatch(/199002171234|197001011233/)
  })
})

describe('roles that must sign in through a provider', () => {
  let backoffice: string
  beforeAll(async () => {
    backoffice = await flow.roleId(admin.cookie, 'backoffice')
    await flow.addProvider(admin.cookie, { key: 'req', label: 'Company account', matchByEmail: true, trustEmails: true, allowedDomains: ['demo.test'] })
    await flow.addProvider(admin.cookie, { key: 'other', label: 'Other', matchByEmail: true, trustEmails: true, allowedDomains: ['demo.test'] })
    const p = await providerOf('req')
    const body = providerChange(p, { requiredForRoleIds: [backoffice] })
    const r = await t.request('PUT', `/api/identity-providers/${p.id}`, { cookie: admin.cookie, body })
    expect(r.status, r.text).toBe(200)
  })

  it('refuses the password of such a role (after checking it), names the provider, and signs in through it', async () => {
    const wrong = await t.request('POST', '/api/auth/login', { body: { email: 'backoffice@demo.test', password: 'not-the-password' } })
    expect(wrong.status).toBe(401)
    const right = await t.request('POST', '/api/auth/login', { body: { email: 'backoffice@demo.test', password: DEMO_PASSWORD } })
    expect(right.status).toBe(403)
    expect(right.json).toMatchObject({ error: 'sso_required', details: { providers: [{ key: 'req', label: 'Company account' }] } })
    expect(right.res.headers.getSetCookie().some((c) => c.startsWith('sk_session='))).toBe(false)
    // Other roles keep their passwords.
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'seller@demo.test', password: DEMO_PASSWORD } })).status).toBe(200)

    op.person = person('bo', 'backoffice@demo.test')
    expect((await signIn('other', '/')).location).toBe('/login?sso=required')
    op.person = person('bo', 'backoffice@demo.test')
    expect((await me((await signIn('req', '/')).session))?.email).toBe('backoffice@demo.test')
  })

  it('will not let an administrator require their own role of a provider their account is not linked to', async () => {
    const p = await providerOf('other')
    const body = providerChange(p, { requiredForRoleIds: [await flow.roleId(admin.cookie, 'admin')] })
    const r = await t.request('PUT', `/api/identity-providers/${p.id}`, { cookie: admin.cookie, body })
    expect(r.status).toBe(409)
    expect(Object.keys(r.json.fieldErrors as object)).toEqual(['requiredForRoleIds'])
    expect((await providerOf('other')).version).toBe(p.version)
  })
})

describe('confirming a sensitive action at the provider', () => {
  /** A session signed in through `req` whose sign-in was long ago. */
  async function oldSession(email: string) {
    op.person = person(email === 'backoffice@demo.test' ? 'bo' : email, email)
    const { session } = await signIn('req', '/')
    await db
      .update(tables.sessions)
      .set({ authenticatedAt: Date.now() - 60 * 60_000 })
      .where(eq(tables.sessions.tokenHash, hashToken(session!.split('=')[1]!)))
    return session!
  }

  it('asks the provider for a fresh sign-in and marks this session as recently signed in (logged)', async () => {
    const session = await oldSession('backoffice@demo.test')
    const before = await t.request('GET', '/api/auth/step-up', { cookie: session })
    expect(before.json).toMatchObject({ method: 'provider', providers: [{ key: 'req', label: 'Company account' }] })
    expect(before.json.validUntil).toBeLessThan(Date.now())
    // The password does not confirm for a role that signs in through a provider.
    expect((await t.request('POST', '/api/auth/step-up', { cookie: session, body: { password: DEMO_PASSWORD } })).status).toBe(403)

    op.person = person('bo', 'backoffice@demo.test')
    const { authorize, callbackUrl, pending } = await stepUp('req', session, '/backoffice/users')
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({ prompt: 'login', max_age: '0' })
    expect(await comeBack(callbackUrl, pending, session)).toEqual({ location: '/login?step=done&to=%2Fbackoffice%2Fusers', session: undefined })
    expect((await t.request('GET', '/api/auth/step-up', { cookie: session })).json.validUntil).toBeGreaterThan(Date.now())
    expect((await logLines('step_up')).map((l) => l.reason)).toEqual(['req'])
  })

  it('refuses a confirmation by someone else at the provider, or brought back without the session that asked', async () => {
    const session = await oldSession('backoffice@demo.test')
    op.person = person('mgr', 'manager@demo.test')
    const other = await stepUp('req', session)
    expect((await comeBack(other.callbackUrl, other.pending, session)).location).toBe('/login?step=other_person')

    op.person = person('bo', 'backoffice@demo.test')
    const elsewhere = await stepUp('req', session)
    expect((await comeBack(elsewhere.callbackUrl, elsewhere.pending)).location).toBe('/login?step=expired')
    expect((await t.request('GET', '/api/auth/step-up', { cookie: session })).json.validUntil).toBeLessThan(Date.now())
    expect((await logLines('step_up')).length).toBe(1)
  })

  it('refuses a sign-in the provider remembered instead of a fresh one (no auth_time after the question)', async () => {
    const session = await oldSession('backoffice@demo.test')
    op.person = person('bo', 'backoffice@demo.test')
    op.tamper = (p) => ({ ...p, auth_time: Math.floor(Date.now() / 1000) - 3600 })
    try {
      const stale = await stepUp('req', session)
      expect((await comeBack(stale.callbackUrl, stale.pending, session)).location).toBe('/login?step=failed')
    } finally {
      op.tamper = null
    }
    expect((await t.request('GET', '/api/auth/step-up', { cookie: session })).json.validUntil).toBeLessThan(Date.now())
  })
})
