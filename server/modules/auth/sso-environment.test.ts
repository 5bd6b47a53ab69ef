import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../env'
import { createTestApp, DEMO_PASSWORD } from '../../test/harness'
import { startOidcProvider } from '../../test/oidc-op'
import { providerChange, SSO_CLIENT, ssoCallback, ssoFlow } from '../../test/sso-flow'
import { authContext } from './auth.context'
import { ssoEnvironment } from './sso.environment'
import { ssoRepo } from './sso.repo'

/**
 * Identity providers the server's environment declares (issue 74: "configured by an administrator in the app or by
 * environment"; decision 093): `SSO_PROVIDERS`, a JSON array with the screen's settings and roles named by key. The
 * server stores them before any sign-in reads the providers; the screen shows them and cannot change them.
 */
const op = await startOidcProvider({ ...SSO_CLIENT, redirectUris: ['entra-env', 'bad-env'].map(ssoCallback) })
afterAll(() => op.close())
const declared = [
  {
    key: 'entra-env',
    label: 'Microsoft (server)',
    issuer: op.issuer,
    ...SSO_CLIENT,
    subjectClaim: 'oid',
    matchByEmail: true,
    trustEmails: true,
    allowedDomains: ['demo.test', 'corp.test'],
    groupsClaim: 'groups',
    jitRole: 'seller',
    requiredFor: ['manager'],
    roleMappings: [{ claimValue: 'g-backoffice', role: 'backoffice' }],
  },
  // A role that does not exist: left out, and said in the server's log.
  { key: 'bad-env', label: 'Bad', issuer: op.issuer, clientId: 'x', jitRole: 'no-such-role' },
]
const t = await createTestApp({ SSO_PROVIDERS: JSON.stringify(declared) })
const { db, t: tables } = t.database
const flow = ssoFlow(t, () => op)

describe('providers the environment declares', () => {
  it('are stored at the first read: a button, the roles by key, the secret sealed; one naming an unknown role is left out', async () => {
    expect((await t.request('GET', '/api/auth/sso/providers')).json).toEqual([{ key: 'entra-env', label: 'Microsoft (server)' }])
    const admin = await t.login('admin@demo.test')
    const items = (await t.request('GET', '/api/identity-providers', { cookie: admin.cookie })).json.items as Array<Record<string, unknown>>
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      key: 'entra-env',
      fromEnv: true,
      hasSecret: true,
      jitRoleId: await flow.roleId(admin.cookie, 'seller'),
      requiredForRoleIds: [await flow.roleId(admin.cookie, 'manager')],
      roleMappings: [{ claimValue: 'g-backoffice', roleId: await flow.roleId(admin.cookie, 'backoffice') }],
    })
    const [row] = await db.select({ secret: tables.identityProviders.clientSecret }).from(tables.identityProviders)
    expect(row?.secret).toMatch(/^v1\./)
    const created = await db
      .select()
      .from(tables.activityLog)
      .where(eq(tables.activityLog.entityId, String(items[0]!.id)))
    expect(created).toEqual([expect.objectContaining({ action: 'created', actorId: null, reason: 'SSO_PROVIDERS' })])
    expect(JSON.stringify(created)).not.toContain(SSO_CLIENT.clientSecret)
  })

  it('sign people in as declared: a mapped group’s role (no administrator its author), and the required role’s password refused', async () => {
    op.person = { sub: 'env-1', claims: { oid: 'oid-env-1', email: 'ny.kontorist@corp.test', groups: ['g-backoffice'] } }
    expect((await flow.me((await flow.signIn('entra-env', '/')).session))?.role).toBe('backoffice')
    const manager = await t.request('POST', '/api/auth/login', { body: { email: 'manager@demo.test', password: DEMO_PASSWORD } })
    expect(manager.json).toMatchObject({ error: 'sso_required', details: { providers: [{ key: 'entra-env' }] } })
  })

  it('cannot be changed, remapped or removed on the screen, with a message that says why', async () => {
    const admin = await t.login('admin@demo.test')
    const [item] = (await t.request('GET', '/api/identity-providers', { cookie: admin.cookie })).json.items as Array<Record<string, unknown>>
    const id = item!.id
    const put = await t.request('PUT', `/api/identity-providers/${String(id)}`, { cookie: admin.cookie, body: providerChange(item!, { label: 'Changed' }) })
    expect(put.status).toBe(409)
    expect(put.json).toMatchObject({ error: 'provider_from_environment', message: expect.stringContaining('SSO_PROVIDERS') })
    const remap = await t.request('PUT', `/api/identity-providers/${String(id)}/role-mappings`, {
      cookie: admin.cookie,
      body: { version: item!.version, mappings: [] },
    })
    expect(remap.status).toBe(409)
    expect((await t.request('DELETE', `/api/identity-providers/${String(id)}`, { cookie: admin.cookie })).status).toBe(409)
    const [stored] = await db.select({ label: tables.identityProviders.label }).from(tables.identityProviders)
    expect(stored?.label).toBe('Microsoft (server)')
  })

  it('a stored secret sealed under another key is replaced by the environment’s; a failure to apply the variable stops no sign-in', async () => {
    const { ssoProviders } = parseEnv({ SSO_PROVIDERS: JSON.stringify(declared) })
    await db.update(tables.identityProviders).set({ clientSecret: 'v1.c2VhbGVk.dW5kZXIgYW5vdGhlciBrZXk' }).where(eq(tables.identityProviders.key, 'entra-env'))
    const ctx = authContext(t.database, { sessionTtlMs: 60_000, scryptLogN: 10, secrets: t.deps.secrets })
    await ssoEnvironment(ctx, ssoRepo(t.database), ssoProviders).ready()
    const [row] = await db
      .select({ secret: tables.identityProviders.clientSecret })
      .from(tables.identityProviders)
      .where(eq(tables.identityProviders.key, 'entra-env'))
    expect(t.deps.secrets.open(row!.secret!)).toBe(SSO_CLIENT.clientSecret)

    // Sealing fails (a broken key): said in the log, the stored providers stay, and it is not tried again at once.
    let seals = 0
    const broken = {
      ...t.deps.secrets,
      seal: (): string => {
        seals++
        throw new Error('no key')
      },
    }
    const failing = authContext(t.database, { sessionTtlMs: 60_000, scryptLogN: 10, secrets: broken })
    const another = [{ ...ssoProviders[0]!, key: 'entra-second' }]
    const environment = ssoEnvironment(failing, ssoRepo(t.database), another)
    await expect(environment.ready()).resolves.toBeUndefined()
    await expect(environment.ready()).resolves.toBeUndefined()
    expect(seals).toBe(1)
    expect(await db.select().from(tables.identityProviders).where(eq(tables.identityProviders.key, 'entra-second'))).toEqual([])
  })

  it('one the environment no longer declares is turned off and given back to the screen (logged)', async () => {
    const ctx = authContext(t.database, { sessionTtlMs: 60_000, scryptLogN: 10, secrets: t.deps.secrets })
    await ssoEnvironment(ctx, ssoRepo(t.database), []).ready()
    const [row] = await db.select({ fromEnv: tables.identityProviders.fromEnv, active: tables.identityProviders.active }).from(tables.identityProviders)
    expect(row).toEqual({ fromEnv: false, active: false })
    expect((await t.request('GET', '/api/auth/sso/providers')).json).toEqual([])
    const lines = await db.select().from(tables.activityLog).where(eq(tables.activityLog.reason, 'SSO_PROVIDERS no longer declares it'))
    expect(lines).toHaveLength(1)
  })
})

describe('the environment variable', () => {
  it('refuses what is not a JSON array of providers, naming the setting', () => {
    expect(() => parseEnv({ SSO_PROVIDERS: '{not json' })).toThrow(/SSO_PROVIDERS must be a JSON array/)
    expect(() => parseEnv({ SSO_PROVIDERS: JSON.stringify([{ key: 'x', label: 'X', clientId: 'c' }]) })).toThrow(/SSO_PROVIDERS 0\.issuer/)
    expect(() => parseEnv({ SSO_PROVIDERS: JSON.stringify([{ ...declared[1], issuer: 'http://idp.example.org' }]) })).toThrow(/SSO_PROVIDERS 0\.issuer/)
    const twice = [declared[1], declared[1]]
    expect(() => parseEnv({ SSO_PROVIDERS: JSON.stringify(twice) })).toThrow(/a key of its own/)
    expect(() => parseEnv({ SSO_PROVIDERS: JSON.stringify([{ ...declared[1], unknownSetting: true }]) })).toThrow(/SSO_PROVIDERS 0/)
    expect(parseEnv({}).ssoProviders).toEqual([])
  })
})
