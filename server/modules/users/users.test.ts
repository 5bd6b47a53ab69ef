import { count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()

let admin = ''
let sellerRoleId = ''
async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(t.database.t.users)
  return row!.n
}

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  const roles = await t.request('GET', '/api/roles', { cookie: admin })
  sellerRoleId = (roles.json.items as Array<{ id: string; key: string }>).find((r) => r.key === 'seller')!.id
})

const valid = () => ({
  email: 'ny.saljare@demo.test',
  firstName: 'Ny',
  lastName: 'Säljare',
  password: 'ett-langt-losenord',
  roleId: sellerRoleId,
})

describe('POST /api/users: bad input gets 400 with field errors and stores nothing', () => {
  const cases: Array<[string, () => unknown, Record<string, RegExp>]> = [
    ['missing fields', () => ({}), { email: /obligatoriskt/, firstName: /obligatoriskt/, password: /obligatoriskt/, roleId: /obligatoriskt/ }],
    ['wrong types', () => ({ ...valid(), firstName: 42, password: ['x'] }), { firstName: /Fel typ/, password: /Fel typ/ }],
    [
      'oversized values',
      () => ({ ...valid(), firstName: 'x'.repeat(101), email: `${'a'.repeat(250)}@demo.test` }),
      { firstName: /Högst 100 tecken/, email: /Högst 254 tecken/ },
    ],
    ['unknown fields', () => ({ ...valid(), isAdmin: true, role: 'admin' }), { isAdmin: /Okänt fält/, role: /Okänt fält/ }],
    ['a malformed e-mail', () => ({ ...valid(), email: 'not-an-email' }), { email: /giltig e-postadress/ }],
    ['a short password', () => ({ ...valid(), password: 'kort' }), { password: /Minst 10 tecken/ }],
    ['a role that does not exist', () => ({ ...valid(), roleId: 'nope' }), { roleId: /Rollen finns inte/ }],
    ['a team that does not exist', () => ({ ...valid(), teamId: 'nope' }), { teamId: /Teamet finns inte/ }],
  ]

  it.each(cases)('%s', async (_name, body, expected) => {
    const before = await userCount()
    const r = await t.request('POST', '/api/users', { cookie: admin, body: body() })
    expect(r.status, r.text).toBe(400)
    expect(r.json.error).toBe('validation_failed')
    expect(r.json.message).toBe('Validering misslyckades')
    const fieldErrors = r.json.fieldErrors as Record<string, string[]>
    for (const [field, pattern] of Object.entries(expected)) {
      expect(fieldErrors[field]?.join(' '), `${field} in ${JSON.stringify(fieldErrors)}`).toMatch(pattern)
    }
    expect(await userCount()).toBe(before)
  })

  it('malformed JSON → 400 invalid_json', async () => {
    const r = await t.request('POST', '/api/users', { cookie: admin, body: '{"email": ' })
    expect(r.status).toBe(400)
    expect(r.json.error).toBe('invalid_json')
  })

  it('a body over the limit → 413 before it is read', async () => {
    const before = await userCount()
    const r = await t.request('POST', '/api/users', { cookie: admin, body: { ...valid(), lastName: 'x'.repeat(1_100_000) } })
    expect(r.status).toBe(413)
    expect(r.json.error).toBe('payload_too_large')
    expect(await userCount()).toBe(before)
  })

  it('field errors come in English when the client asks for English', async () => {
    const r = await t.request('POST', '/api/users', { cookie: admin, body: {}, headers: { 'accept-language': 'en' } })
    expect((r.json.fieldErrors as Record<string, string[]>).email).toEqual(['This field is required'])
  })
})

describe('POST /api/users: a valid user', () => {
  it('is created, can sign in, and the same e-mail again is a 409 conflict', async () => {
    const r = await t.request('POST', '/api/users', { cookie: admin, body: { ...valid(), email: '  Ny.Saljare@Demo.test' } })
    expect(r.status, r.text).toBe(201)
    const [row] = await t.database.db
      .select()
      .from(t.database.t.users)
      .where(eq(t.database.t.users.id, r.json.id as string))
    expect(row?.email).toBe('ny.saljare@demo.test')
    const { answer } = await t.login('ny.saljare@demo.test', 'ett-langt-losenord')
    expect(answer.userData.role).toBe('seller')

    const again = await t.request('POST', '/api/users', { cookie: admin, body: valid() })
    expect(again.status).toBe(409)
    expect((again.json.fieldErrors as Record<string, string[]>).email).toEqual(['E-postadressen används redan'])
  })
})

describe('rule conditions are applied to the queries', () => {
  type Page = { items: Array<{ name?: string; email?: string; teamName?: string | null; officeName?: string | null }>; total: number }

  it('a coach lists only the teams they coach, and only those teams’ members', async () => {
    const { cookie } = await t.login('coach@demo.test')
    const teams = (await t.request('GET', '/api/teams', { cookie })).json as unknown as Page
    expect(teams.items.map((x) => x.name).sort()).toEqual(['Team Lund', 'Team Öresund'])
    const users = (await t.request('GET', '/api/users?itemsPerPage=100', { cookie })).json as unknown as Page
    expect(users.total).toBeGreaterThan(0)
    expect(new Set(users.items.map((u) => u.teamName))).toEqual(new Set(['Team Lund', 'Team Öresund']))
  })

  it('a manager lists the teams of their office; back office lists all', async () => {
    const manager = (await t.login('manager@demo.test')).cookie
    const mine = (await t.request('GET', '/api/teams?itemsPerPage=100', { cookie: manager })).json as unknown as Page
    expect(mine.items.every((x) => (x as { officeName: string }).officeName === 'Malmö')).toBe(true)
    const bo = (await t.login('backoffice@demo.test')).cookie
    const all = (await t.request('GET', '/api/teams?itemsPerPage=100', { cookie: bo })).json as unknown as Page
    expect(all.total).toBe(5)
    expect(mine.total).toBe(2)
  })

  it('a seller may not list teams at all', async () => {
    const { cookie } = await t.login('seller@demo.test')
    expect((await t.request('GET', '/api/teams', { cookie })).status).toBe(403)
  })

  it('pages, sorts and searches on the server; a page size outside the options is refused', async () => {
    const page1 = (await t.request('GET', '/api/users?itemsPerPage=5&page=1&sortBy=email', { cookie: admin })).json as unknown as Page
    const page2 = (await t.request('GET', '/api/users?itemsPerPage=5&page=2&sortBy=email', { cookie: admin })).json as unknown as Page
    expect(page1.items).toHaveLength(5)
    expect(page1.items[4]!.email! < page2.items[0]!.email!).toBe(true)
    const search = (await t.request('GET', '/api/users?q=LINDQ', { cookie: admin })).json as unknown as Page
    expect(search.items.map((u) => u.email)).toEqual(['anna.lindqvist@demo.test'])
    const bad = await t.request('GET', '/api/users?itemsPerPage=7', { cookie: admin })
    expect(bad.status).toBe(400)
    expect((bad.json.fieldErrors as Record<string, string[]>).itemsPerPage).toEqual(['Ogiltig sidstorlek'])
  })
})

describe('nobody gives a role beyond their own permissions (decision 016)', () => {
  async function grantDirect(email: string, action: string, subject: string) {
    const { db, t: tables } = t.database
    const [user] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email))
    await db.insert(tables.permissionRules).values({
      id: crypto.randomUUID(),
      roleId: null,
      userId: user!.id,
      action: action as never,
      subject: subject as never,
      fields: null,
      conditions: null,
      inverted: false,
      reason: null,
      position: 0,
    })
  }

  it('back office (no "create users") cannot create users; the role options it reads to edit users are the roles it may give', async () => {
    const { cookie } = await t.login('backoffice@demo.test')
    const before = await userCount()
    const options = await t.request('GET', '/api/users/role-options', { cookie })
    expect(options.status).toBe(200)
    // Its own role, and the recruiter's, whose every rule it holds (docs/decisions/070).
    expect((options.json.items as Array<{ key: string }>).map((o) => o.key)).toEqual(['backoffice', 'recruiter'])
    const coach = (await t.login('coach@demo.test')).cookie
    expect((await t.request('GET', '/api/users/role-options', { cookie: coach })).status).toBe(403)
    const r = await t.request('POST', '/api/users', { cookie, body: { ...valid(), email: 'bo-made@demo.test' } })
    expect(r.status).toBe(403)
    expect(await userCount()).toBe(before)
  })

  it('a creator is offered, and may give, only the roles whose every rule they hold', async () => {
    await grantDirect('erik.johansson@demo.test', 'create', 'users')
    // Erik is a seller: his seller rules are scoped to himself, so not even "Seller" is his to give.
    const seller = (await t.login('erik.johansson@demo.test')).cookie
    expect((await t.request('GET', '/api/users/role-options', { cookie: seller })).json.items).toEqual([])

    const roles = (await t.request('GET', '/api/roles', { cookie: admin })).json.items as Array<{ id: string; key: string; name: string }>
    const roleId = (key: string) => roles.find((r) => r.key === key)!.id
    await grantDirect('backoffice@demo.test', 'create', 'users')
    const { cookie, answer } = await t.login('backoffice@demo.test')
    expect(answer.userData.role).toBe('backoffice')
    const options = (await t.request('GET', '/api/users/role-options', { cookie })).json.items as Array<{ key: string }>
    expect(options.map((o) => o.key)).toEqual(['backoffice', 'recruiter'])

    const before = await userCount()
    for (const key of ['admin', 'manager', 'coach', 'seller']) {
      const r = await t.request('POST', '/api/users', { cookie, body: { ...valid(), email: `made-${key}@demo.test`, roleId: roleId(key) } })
      expect(r.status, `${key}: ${r.text}`).toBe(403)
      expect((r.json.fieldErrors as Record<string, string[]>).roleId).toEqual(['Du kan inte ge en roll med behörigheter som du själv saknar'])
    }
    expect(await userCount()).toBe(before)
    const ok = await t.request('POST', '/api/users', { cookie, body: { ...valid(), email: 'made-backoffice@demo.test', roleId: roleId('backoffice') } })
    expect(ok.status, ok.text).toBe(201)
  })
})

describe('a manager without an office (created without a team)', () => {
  // "Their office" on a missing office once matched every row without one: the admin account whole (issue 39).
  it('sees no one and nothing by office: not the people, teams, sale reports or time reports without an office', async () => {
    const roles = await t.request('GET', '/api/roles', { cookie: admin })
    const managerRoleId = (roles.json.items as Array<{ id: string; key: string }>).find((r) => r.key === 'manager')!.id
    const made = await t.request('POST', '/api/users', {
      cookie: admin,
      body: { email: 'utan.kontor@demo.test', firstName: 'Utan', lastName: 'Kontor', password: 'ett-langt-losenord', roleId: managerRoleId },
    })
    expect(made.status, made.text).toBe(201)
    const { cookie } = await t.login('utan.kontor@demo.test', 'ett-langt-losenord')
    for (const path of ['/api/users', '/api/teams', '/api/sale-reports', '/api/time-reports?month=2026-11']) {
      const r = await t.request('GET', path, { cookie })
      expect(r.status, `${path}: ${r.text}`).toBe(200)
      expect(r.json.items, path).toEqual([])
    }
    expect((await t.request('GET', `/api/users/${(await t.login('admin@demo.test')).answer.userData.id}`, { cookie })).status).toBe(404)
  })
})
