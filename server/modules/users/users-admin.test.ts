import { and, asc, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { userEditOf, type UserDetail, type UserListItem } from '../../../shared/schemas/users'
import { createTestApp, DEMO_PASSWORD } from '../../test/harness'

/** The user page, edits, sensitive fields, deactivation and bulk actions (docs/decisions/033). */
const t = await createTestApp()
const { db, t: tables } = t.database

let admin = ''
const ids = new Map<string, string>()
const idOf = (email: string) => ids.get(email)!

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  for (const u of await db.select({ id: tables.users.id, email: tables.users.email }).from(tables.users)) ids.set(u.email, u.id)
})

const detail = async (cookie: string, email: string) => t.request('GET', `/api/users/${idOf(email)}`, { cookie })
const logOf = async (email: string) =>
  db
    .select()
    .from(tables.activityLog)
    .where(and(eq(tables.activityLog.entity, 'user'), eq(tables.activityLog.entityId, idOf(email))))
    .orderBy(asc(tables.activityLog.id))
const editBody = (u: UserDetail, change: Record<string, unknown> = {}) => ({ ...userEditOf(u), ...change })

describe('GET /api/users/:id: who reads whom, and the sensitive fields', () => {
  it('admin reads a seller with every field, the sensitive ones masked, and may edit', async () => {
    const r = await detail(admin, 'seller@demo.test')
    expect(r.status, r.text).toBe(200)
    const u = r.json as unknown as UserDetail
    expect(u).toMatchObject({
      email: 'seller@demo.test',
      roleKey: 'seller',
      teamName: 'Team Öresund',
      may: { edit: true, deactivate: true, impersonate: true, resetMfa: true },
    })
    expect(u.sensitive).toEqual({ personalNumber: null, bankClearing: null, bankAccount: null })
    expect(u.rules.role.length).toBeGreaterThan(0)
  })

  it('a coach reads their team’s seller without the sensitive fields and may not edit; another team’s user is a 404', async () => {
    const { cookie } = await t.login('coach@demo.test')
    const mine = await detail(cookie, 'seller@demo.test')
    expect(mine.status).toBe(200)
    expect(mine.json.sensitive).toBeUndefined()
    expect(mine.json.may).toEqual({ edit: false, deactivate: false, impersonate: false, resetMfa: false })
    expect((await detail(cookie, 'sara.nystrom@demo.test')).status).toBe(404)
    expect((await t.request('GET', '/api/users/no-such-user', { cookie: admin })).status).toBe(404)
  })

  it('a seller may not read the user page at all', async () => {
    const { cookie } = await t.login('anna.lindqvist@demo.test')
    expect((await detail(cookie, 'seller@demo.test')).status).toBe(403)
  })
})

describe('PUT /api/users/:id', () => {
  it('bad input is a 400 naming each field, and changes nothing', async () => {
    const u = (await detail(admin, 'oskar.berg@demo.test')).json as unknown as UserDetail
    const r = await t.request('PUT', `/api/users/${u.id}`, {
      cookie: admin,
      body: editBody(u, {
        personalNumber: '19811218-9875',
        bankClearing: '12',
        bankAccount: '12x',
        employmentDate: '2026-02-30',
        phone: 'ring mig',
        firstName: '',
        isAdmin: true,
      }),
    })
    expect(r.status, r.text).toBe(400)
    const errors = r.json.fieldErrors as Record<string, string[]>
    expect(errors.personalNumber?.[0]).toMatch(/personnummer/)
    expect(errors.bankClearing?.[0]).toMatch(/clearingnummer/)
    expect(errors.bankAccount?.[0]).toMatch(/kontonumret/)
    expect(errors.employmentDate?.[0]).toMatch(/datum/)
    expect(errors.phone?.[0]).toMatch(/telefonnummer/)
    expect(errors.firstName?.[0]).toMatch(/obligatoriskt/)
    expect(errors.isAdmin?.[0]).toMatch(/Okänt fält/)
    const after = (await detail(admin, 'oskar.berg@demo.test')).json as unknown as UserDetail
    expect(after.version).toBe(u.version)
  })

  it('an edit changes the fields, bumps the version, and logs what changed; sensitive values never reach the log', async () => {
    const u = (await detail(admin, 'oskar.berg@demo.test')).json as unknown as UserDetail
    const r = await t.request('PUT', `/api/users/${u.id}`, {
      cookie: admin,
      body: editBody(u, {
        title: 'Teamledare',
        driversLicense: true,
        employmentDate: '2025-03-01',
        personalNumber: '198112189876',
        bankClearing: '8327-9',
        bankAccount: '123 456 789 0',
      }),
    })
    expect(r.status, r.text).toBe(200)
    const saved = r.json as unknown as UserDetail
    expect(saved).toMatchObject({ title: 'Teamledare', driversLicense: true, employmentDate: '2025-03-01', version: u.version + 1 })
    expect(saved.sensitive).toEqual({ personalNumber: '19811218-****', bankClearing: '83279', bankAccount: '••••7890' })
    const line = (await logOf('oskar.berg@demo.test')).find((l) => l.action === 'updated')!
    expect(line.after).toMatchObject({ title: 'Teamledare', driversLicense: true, personalNumber: '••••', bankAccount: '••••' })
    expect(JSON.stringify(line)).not.toMatch(/1234567890|198112189876/)
    expect(saved.activity[0]).toMatchObject({ action: 'updated', actor: { name: 'Astrid Admin' } })

    // The same edit again on the old version: a conflict with the current user; nothing changes.
    const stale = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, { title: 'Annat' }) })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toBe('version_conflict')
    expect((stale.json.details as { current: UserDetail }).current.title).toBe('Teamledare')

    // An absent sensitive field keeps its value; null removes it.
    const kept = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(saved, { bankAccount: null }) })
    expect(kept.json.sensitive).toEqual({ personalNumber: '19811218-****', bankClearing: '83279', bankAccount: null })
  })

  it('an e-mail another user has is a 409 on the field', async () => {
    const u = (await detail(admin, 'oskar.berg@demo.test')).json as unknown as UserDetail
    const r = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, { email: 'seller@demo.test' }) })
    expect(r.status).toBe(409)
    expect((r.json.fieldErrors as Record<string, string[]>).email).toEqual(['E-postadressen används redan'])
  })

  it('back office edits a seller, but not an admin (user_outranks), and gives no role beyond its own', async () => {
    const { cookie } = await t.login('backoffice@demo.test')
    const seller = (await detail(cookie, 'mikael.virtanen@demo.test')).json as unknown as UserDetail
    expect(seller.may.edit).toBe(true)
    expect((await t.request('PUT', `/api/users/${seller.id}`, { cookie, body: editBody(seller, { phone: '070-111 22 33' }) })).status).toBe(200)

    const adminUser = (await detail(cookie, 'admin@demo.test')).json as unknown as UserDetail
    expect(adminUser.may.edit).toBe(false)
    expect(adminUser.sensitive).toBeUndefined()
    const takeover = await t.request('PUT', `/api/users/${adminUser.id}`, { cookie, body: editBody(adminUser, { email: 'mine@demo.test' }) })
    expect(takeover.status).toBe(403)
    expect(takeover.json.error).toBe('user_outranks')
    expect((await detail(admin, 'admin@demo.test')).json.email).toBe('admin@demo.test')

    const roles = (await t.request('GET', '/api/users/role-options', { cookie })).json.items as Array<{ id: string; key: string }>
    // Back office holds all of its own role's rules and the recruiter's (docs/decisions/070), no other role's.
    expect(roles.map((r) => r.key)).toEqual(['backoffice', 'recruiter'])
    const allRoles = (await t.request('GET', '/api/roles', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const fresh = (await detail(cookie, 'mikael.virtanen@demo.test')).json as unknown as UserDetail
    const promote = await t.request('PUT', `/api/users/${fresh.id}`, {
      cookie,
      body: editBody(fresh, { roleId: allRoles.find((r) => r.key === 'manager')!.id }),
    })
    expect(promote.status).toBe(403)
    expect((promote.json.fieldErrors as Record<string, string[]>).roleId).toBeDefined()
  })
})

describe('"Can view team" (decision 042)', () => {
  const rulesOf = async (cookie: string) =>
    (await t.request('GET', '/api/auth/me', { cookie })).json as unknown as {
      userData: { canViewTeam?: boolean }
      userAbilityRules: Array<Record<string, unknown>>
    }
  const teamSales = (rules: Array<Record<string, unknown>>) =>
    rules.filter((r) => r.action === 'view' && r.subject === 'sales' && JSON.stringify(r.conditions).includes('teamId'))

  it('an admin turns it on: logged, and the seller’s open session reads its team’s sales at the next request; an edit without it keeps it', async () => {
    const seller = await t.login('anna.lindqvist@demo.test')
    expect(teamSales((await rulesOf(seller.cookie)).userAbilityRules)).toEqual([])
    const u = (await detail(admin, 'anna.lindqvist@demo.test')).json as unknown as UserDetail
    expect(u.canViewTeam).toBe(false)
    const on = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, { canViewTeam: true }) })
    expect(on.status, on.text).toBe(200)
    expect(on.json.canViewTeam).toBe(true)
    const [line] = (await logOf('anna.lindqvist@demo.test')).sort((a, b) => b.id - a.id)
    expect(line).toMatchObject({ action: 'updated', before: { canViewTeam: false }, after: { canViewTeam: true } })
    const me = await rulesOf(seller.cookie)
    expect(me.userData.canViewTeam).toBe(true)
    expect(teamSales(me.userAbilityRules)).toEqual([{ action: 'view', subject: 'sales', conditions: { teamId: { $in: [u.teamId] } } }])

    // An edit that does not name it (an older client) leaves it as it is.
    const phone = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(on.json as unknown as UserDetail, { phone: '070-222 33 44' }) })
    expect(phone.json.canViewTeam).toBe(true)
    const off = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(phone.json as unknown as UserDetail, { canViewTeam: false }) })
    expect(off.json.canViewTeam).toBe(false)
    expect(teamSales((await rulesOf(seller.cookie)).userAbilityRules)).toEqual([])
  })

  it('back office, who may not view sales, cannot give it, and nothing changes', async () => {
    const { cookie } = await t.login('backoffice@demo.test')
    const u = (await detail(cookie, 'mikael.virtanen@demo.test')).json as unknown as UserDetail
    const r = await t.request('PUT', `/api/users/${u.id}`, { cookie, body: editBody(u, { canViewTeam: true }) })
    expect(r.status).toBe(403)
    expect((r.json.fieldErrors as Record<string, string[]>).canViewTeam?.[0]).toMatch(/Kan se teamet/)
    expect((await detail(admin, 'mikael.virtanen@demo.test')).json).toMatchObject({ canViewTeam: false, version: u.version })
  })
})

describe('the providers a user sells for (decision 044)', () => {
  it('are chosen among active providers, shown by name beside the team’s provider, logged by name, and kept by an edit without them', async () => {
    const providers = await db.select({ id: tables.providers.id, name: tables.providers.name }).from(tables.providers).orderBy(tables.providers.name)
    const [a, b] = providers
    const u = (await detail(admin, 'seller@demo.test')).json as unknown as UserDetail
    expect(u.providers).toEqual([])
    // Team Öresund sells for the demo's first provider.
    expect(u.teamProvider).toMatchObject({ name: 'Nordel Energi', active: true })

    const unknown = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, { providerIds: ['nobody'] }) })
    expect(unknown.status).toBe(400)
    expect((unknown.json.fieldErrors as Record<string, string[]>).providerIds).toEqual(['En av leverantörerna finns inte eller är arkiverad'])
    const set = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, { providerIds: [b!.id, a!.id, a!.id] }) })
    expect(set.status, set.text).toBe(200)
    const saved = set.json as unknown as UserDetail
    expect(saved.providers).toEqual([a, b].map((p) => ({ id: p!.id, name: p!.name, active: true })).sort((x, y) => x.name.localeCompare(y.name, 'sv')))
    expect(saved.version).toBe(u.version + 1)
    const [line] = (await logOf('seller@demo.test')).sort((x, y) => y.id - x.id)
    expect(line).toMatchObject({
      action: 'updated',
      before: { providers: [] },
      after: { providers: [a!.name, b!.name].sort((x, y) => x.localeCompare(y, 'sv')) },
    })

    // Without providerIds (an older client) they stay; an archived one held stays, but is not given anew.
    const kept = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(saved, { phone: '070-111 22 33' }) })
    expect((kept.json as unknown as UserDetail).providers).toHaveLength(2)
    await db.update(tables.providers).set({ active: false }).where(eq(tables.providers.id, a!.id))
    try {
      const after = (await detail(admin, 'seller@demo.test')).json as unknown as UserDetail
      expect(after.providers.find((p) => p.id === a!.id)).toMatchObject({ active: false })
      const onlyA = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(after, { providerIds: [a!.id] }) })
      expect(onlyA.status, onlyA.text).toBe(200)
      const again = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(onlyA.json as unknown as UserDetail, { providerIds: [] }) })
      const none = again.json as unknown as UserDetail
      expect(none.providers).toEqual([])
      const back = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(none, { providerIds: [a!.id] }) })
      expect(back.status).toBe(400)
      expect((await detail(admin, 'seller@demo.test')).json).toMatchObject({ providers: [], version: none.version })
    } finally {
      await db.update(tables.providers).set({ active: true }).where(eq(tables.providers.id, a!.id))
    }
  })
})

describe('sensitive fields are read on request, and the reading is logged', () => {
  it('admin reveals the full numbers; the user’s log says who read which; a coach may not', async () => {
    const id = idOf('oskar.berg@demo.test')
    const r = await t.request('POST', `/api/users/${id}/reveal`, { cookie: admin, body: { fields: ['personalNumber', 'bankClearing'] } })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ personalNumber: '19811218-9876', bankClearing: '83279' })
    const read = (await logOf('oskar.berg@demo.test')).filter((l) => l.action === 'sensitive_read')
    expect(read.at(-1)).toMatchObject({ actorId: idOf('admin@demo.test'), after: { fields: ['personalNumber', 'bankClearing'] } })

    const { cookie } = await t.login('coach@demo.test')
    expect((await t.request('POST', `/api/users/${id}/reveal`, { cookie, body: { fields: ['personalNumber'] } })).status).toBe(403)
    const bad = await t.request('POST', `/api/users/${id}/reveal`, { cookie: admin, body: { fields: ['passwordHash'] } })
    expect(bad.status).toBe(400)
    expect((await logOf('oskar.berg@demo.test')).filter((l) => l.action === 'sensitive_read')).toHaveLength(read.length)
  })
})

describe('deactivation (former users)', () => {
  it('ends the user’s open session at its next request and refuses sign-in, keeping their history; reactivation lets them in again', async () => {
    const email = 'ahmed.karimi@demo.test'
    const own = await t.login(email)
    expect((await t.request('GET', '/api/auth/me', { cookie: own.cookie })).status).toBe(200)
    const u = (await detail(admin, email)).json as unknown as UserDetail

    const noReason = await t.request('POST', `/api/users/${u.id}/deactivate`, { cookie: admin, body: { reason: ' ', version: u.version } })
    expect(noReason.status).toBe(400)

    const r = await t.request('POST', `/api/users/${u.id}/deactivate`, { cookie: admin, body: { reason: 'Slutat', version: u.version } })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toMatchObject({ active: false, deactivationReason: 'Slutat' })
    expect((await t.request('GET', '/api/auth/me', { cookie: own.cookie })).status).toBe(401)
    const signIn = await t.request('POST', '/api/auth/login', { body: { email, password: DEMO_PASSWORD } })
    expect(signIn.status).toBe(401)

    const former = await t.request('GET', '/api/users?status=former&sortBy=deactivated&orderBy=desc', { cookie: admin })
    const row = (former.json.items as UserListItem[]).find((x) => x.id === u.id)!
    expect(row).toMatchObject({ active: false, deactivationReason: 'Slutat' })
    expect(row.deactivatedAt).toBeGreaterThan(0)
    const active = await t.request('GET', '/api/users?itemsPerPage=100', { cookie: admin })
    expect((active.json.items as UserListItem[]).some((x) => x.id === u.id)).toBe(false)

    const back = await t.request('POST', `/api/users/${u.id}/reactivate`, { cookie: admin, body: { version: (r.json as unknown as UserDetail).version } })
    expect(back.status, back.text).toBe(200)
    expect(back.json).toMatchObject({ active: true, deactivatedAt: null, deactivationReason: null })
    expect((await t.login(email)).answer.userData.id).toBe(u.id)
    expect((await logOf(email)).map((l) => l.action)).toEqual(expect.arrayContaining(['deactivated', 'reactivated']))
  })

  it('nobody deactivates themselves', async () => {
    const me = (await detail(admin, 'admin@demo.test')).json as unknown as UserDetail
    expect(me.may.deactivate).toBe(false)
    const r = await t.request('POST', `/api/users/${me.id}/deactivate`, { cookie: admin, body: { reason: 'test', version: me.version } })
    expect(r.status).toBe(400)
    expect((r.json.fieldErrors as Record<string, string[]>).reason).toEqual(['Du kan inte avaktivera dig själv'])
  })
})

describe('POST /api/users/bulk', () => {
  it('moves the selected users to a team in one go; those the editor may not change are skipped and named', async () => {
    const { cookie } = await t.login('backoffice@demo.test')
    const [team] = await db.select({ id: tables.teams.id }).from(tables.teams).where(eq(tables.teams.name, 'Team Norr'))
    const picked = ['anna.lindqvist@demo.test', 'erik.johansson@demo.test', 'admin@demo.test'].map(idOf)
    const r = await t.request('POST', '/api/users/bulk', { cookie, body: { action: 'team', ids: [...picked, 'no-such-user'], teamId: team!.id } })
    expect(r.status, r.text).toBe(200)
    expect(r.json.changed).toBe(2)
    expect(r.json.skipped).toEqual([
      { id: idOf('admin@demo.test'), name: 'Astrid Admin', reason: 'notAllowed' },
      { id: 'no-such-user', name: null, reason: 'notFound' },
    ])
    const teams = await db.select({ teamId: tables.users.teamId }).from(tables.users).where(eq(tables.users.email, 'anna.lindqvist@demo.test'))
    expect(teams[0]!.teamId).toBe(team!.id)
    // The log names the teams too (an id says nothing to a reader).
    const moved = (await logOf('erik.johansson@demo.test')).find((l) => l.action === 'updated' && (l.after as { teamId?: string }).teamId === team!.id)
    expect(moved).toMatchObject({ before: { team: 'Team Öresund' }, after: { team: 'Team Norr' } })

    const unknownTeam = await t.request('POST', '/api/users/bulk', { cookie, body: { action: 'team', ids: picked, teamId: 'nope' } })
    expect(unknownTeam.status).toBe(400)
  })

  it('deactivates the selected users but never the editor; a coach may not use it', async () => {
    const picked = ['johanna.ek@demo.test', 'admin@demo.test'].map(idOf)
    const r = await t.request('POST', '/api/users/bulk', { cookie: admin, body: { action: 'deactivate', ids: picked, reason: 'Säsongen slut' } })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ changed: 1, skipped: [{ id: idOf('admin@demo.test'), name: 'Astrid Admin', reason: 'self' }] })
    const [row] = await db.select({ active: tables.users.active }).from(tables.users).where(eq(tables.users.email, 'johanna.ek@demo.test'))
    expect(row!.active).toBe(false)

    const { cookie } = await t.login('coach@demo.test')
    expect((await t.request('POST', '/api/users/bulk', { cookie, body: { action: 'deactivate', ids: picked, reason: 'x' } })).status).toBe(403)
    const tooMany = await t.request('POST', '/api/users/bulk', {
      cookie: admin,
      body: { action: 'team', ids: Array.from({ length: 501 }, (_, i) => `u${i}`), teamId: null },
    })
    expect(tooMany.status).toBe(400)
  })
})

describe('GET /api/users: filters', () => {
  const list = async (query: string) =>
    (await t.request('GET', `/api/users?itemsPerPage=100&${query}`, { cookie: admin })).json as { items: UserListItem[]; total: number }

  it('by role, team, office, region, title, status and creation time; each narrows the total as the rows', async () => {
    const roles = (await t.request('GET', '/api/roles', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const coachRole = roles.find((r) => r.key === 'coach')!.id
    expect((await list(`roleId=${coachRole}`)).items.map((u) => u.email)).toEqual(['coach@demo.test'])

    const [lund] = await db.select({ id: tables.teams.id, officeId: tables.teams.officeId }).from(tables.teams).where(eq(tables.teams.name, 'Team Lund'))
    const inLund = await list(`teamId=${lund!.id}`)
    expect(inLund.items.length).toBe(inLund.total)
    expect(inLund.items.every((u) => u.teamName === 'Team Lund')).toBe(true)

    const inOffice = await list(`officeId=${lund!.officeId}`)
    expect(inOffice.total).toBeGreaterThanOrEqual(inLund.total)
    const [office] = await db.select({ regionId: tables.offices.regionId }).from(tables.offices).where(eq(tables.offices.id, lund!.officeId))
    const inRegion = await list(`regionId=${office!.regionId}`)
    expect(inRegion.total).toBeGreaterThanOrEqual(inOffice.total)
    expect(inRegion.items.length).toBe(inRegion.total)

    // The demo's coach is a team leader too; the seller given it above joins her.
    expect((await list('title=Teamledare')).items.map((u) => u.email).sort()).toEqual(['coach@demo.test', 'oskar.berg@demo.test'])
    const titles = await t.request('GET', '/api/users/titles', { cookie: admin })
    expect(titles.json.items).toContain('Teamledare')

    const all = await list('status=all')
    const [n] = await db.select({ n: count() }).from(tables.users)
    expect(all.total).toBe(n!.n)
    expect((await list('status=former')).items.every((u) => !u.active)).toBe(true)
    expect((await list(`createdSince=${Date.now() + 60_000}`)).total).toBe(0)

    const bad = await t.request('GET', '/api/users?status=gone&roleId=', { cookie: admin })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors as object).sort()).toEqual(['roleId', 'status'])
  })

  it('a coach’s filters stay within the teams they coach', async () => {
    const { cookie } = await t.login('coach@demo.test')
    const r = await t.request('GET', '/api/users?status=all&itemsPerPage=100', { cookie })
    const teamsSeen = new Set((r.json.items as UserListItem[]).map((u) => u.teamName))
    expect([...teamsSeen].every((name) => name === null || ['Team Öresund', 'Team Lund'].includes(name))).toBe(true)
  })
})

describe('PUT /api/users/:id/permissions: a user’s direct permissions', () => {
  const put = (cookie: string, email: string, permissions: unknown[], version: number) =>
    t.request('PUT', `/api/users/${idOf(email)}/permissions`, { cookie, body: { permissions, version } })

  it('admin gives a seller direct permissions: shown beside the role’s, logged, and in their next request without a new sign-in', async () => {
    const seller = await t.login('jonas.aberg@demo.test')
    const before = (await detail(admin, 'jonas.aberg@demo.test')).json as unknown as UserDetail
    const r = await put(
      admin,
      'jonas.aberg@demo.test',
      [
        { action: 'view', subject: 'stats' },
        { action: 'view', subject: 'users', scope: 'teams' },
      ],
      before.version,
    )
    expect(r.status, r.text).toBe(200)
    const after = r.json as unknown as UserDetail
    expect(after.version).toBe(before.version + 1)
    expect(after.rules.direct).toEqual([
      { action: 'view', subject: 'stats', scope: 'all', inverted: false },
      { action: 'view', subject: 'users', scope: 'teams', inverted: false },
    ])
    const [line] = (await logOf('jonas.aberg@demo.test')).sort((a, b) => b.id - a.id)
    expect(line).toMatchObject({ action: 'updated', before: { permissions: [] }, after: { permissions: ['view stats', 'view users (teams)'] } })
    // The seller's open session now reads users of their teams.
    expect((await t.request('GET', '/api/users', { cookie: seller.cookie })).status).toBe(200)

    // Taking one away; the old version is a conflict with the current user.
    const stale = await put(admin, 'jonas.aberg@demo.test', [], before.version)
    expect(stale.status).toBe(409)
    const removed = await put(admin, 'jonas.aberg@demo.test', [{ action: 'view', subject: 'stats' }], after.version)
    expect((removed.json as unknown as UserDetail).rules.direct).toEqual([{ action: 'view', subject: 'stats', scope: 'all', inverted: false }])
    expect((await t.request('GET', '/api/users', { cookie: seller.cookie })).status).toBe(403)
  })

  it('back office gives only what it holds whole, and does not touch an admin', async () => {
    const { cookie } = await t.login('backoffice@demo.test')
    const u = (await detail(cookie, 'leila.haddad@demo.test')).json as unknown as UserDetail
    const refused = await put(cookie, 'leila.haddad@demo.test', [{ action: 'create', subject: 'users' }], u.version)
    expect(refused.status).toBe(403)
    expect((refused.json.fieldErrors as Record<string, string[]>).permissions?.[0]).toMatch(/create users/)
    const given = await put(cookie, 'leila.haddad@demo.test', [{ action: 'view', subject: 'stats' }], u.version)
    expect(given.status, given.text).toBe(200)
    const adminUser = (await detail(admin, 'admin@demo.test')).json as unknown as UserDetail
    expect((await put(cookie, 'admin@demo.test', [], adminUser.version)).status).toBe(403)
  })

  it('refuses what is no permission, a scope the subject lacks, and the same one twice, naming each', async () => {
    const u = (await detail(admin, 'leila.haddad@demo.test')).json as unknown as UserDetail
    const cases: Array<[unknown[], string]> = [
      [[{ action: 'fly', subject: 'users' }], 'permissions.0.action'],
      [[{ action: 'view', subject: 'stats', scope: 'teams' }], 'permissions.0'],
      [
        [
          { action: 'view', subject: 'stats' },
          { action: 'view', subject: 'stats', scope: 'all' },
        ],
        'permissions.1',
      ],
    ]
    for (const [permissions, field] of cases) {
      const r = await put(admin, 'leila.haddad@demo.test', permissions, u.version)
      expect(r.status, JSON.stringify(permissions)).toBe(400)
      expect(Object.keys(r.json.fieldErrors as object)).toContain(field)
    }
    expect(((await detail(admin, 'leila.haddad@demo.test')).json as unknown as UserDetail).version).toBe(u.version)
  })
})
