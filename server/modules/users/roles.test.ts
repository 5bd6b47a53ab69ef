import { randomUUID } from 'node:crypto'
import { and, count, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_ROLES } from '../../../shared/permissions/roles'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { RoleDetail } from '../../../shared/schemas/roles'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()
const { db, t: s } = t.database

let admin = ''
let roles: RoleDetail[] = []
const role = (key: string) => roles.find((r) => r.key === key)!

async function userId(email: string) {
  const [row] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, email))
  return row!.id
}

async function grant(email: string, action: string, subject: string) {
  await db.insert(s.permissionRules).values({
    id: randomUUID(),
    roleId: null,
    userId: await userId(email),
    action: action as never,
    subject: subject as never,
    fields: null,
    conditions: null,
    inverted: false,
    reason: null,
    position: 0,
  })
}

async function roleCount() {
  const [row] = await db.select({ n: count() }).from(s.roles)
  return row!.n
}

async function logOf(entityId: string) {
  return db
    .select()
    .from(s.activityLog)
    .where(and(eq(s.activityLog.entity, 'role'), eq(s.activityLog.entityId, entityId)))
}

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  roles = (await t.request('GET', '/api/roles', { cookie: admin })).json.items as unknown as RoleDetail[]
})

describe('the role editor can show every seeded role', () => {
  it('each seeded rule is a scoped permission, so an edit round-trips the seeded roles unchanged', () => {
    for (const def of DEFAULT_ROLES) for (const rule of def.rules) expect(scopedOfRule(rule), `${def.key}: ${rule.action} ${rule.subject}`).not.toBeNull()
    const coach = role('coach')
    expect(coach.otherRules).toBe(0)
    expect(coach.permissions).toContainEqual({ action: 'view', subject: 'users', scope: 'teams' })
    expect(role('manager').permissions).toContainEqual({ action: 'view', subject: 'sale_reports', scope: 'office' })
    expect(role('seller').permissions).toContainEqual({ action: 'view', subject: 'sales', scope: 'own' })
    expect(role('admin')).toMatchObject({ locked: true, system: true, grantable: true })
    expect(role('seller').userCount).toBeGreaterThan(0)
  })
})

describe('POST /api/roles', () => {
  it('bad input is a 400 naming each field, and writes nothing', async () => {
    const before = await roleCount()
    const cases: Array<[unknown, Record<string, RegExp>]> = [
      [{}, { name: /obligatoriskt/, permissions: /obligatoriskt/ }],
      [{ name: 'x'.repeat(61), permissions: [] }, { name: /Högst 60 tecken/ }],
      [{ name: 'Ok', permissions: [{ action: 'fly', subject: 'users' }] }, { 'permissions.0.action': /.+/ }],
      [{ name: 'Ok', permissions: [{ action: 'view', subject: 'users', scope: 'planet' }] }, { 'permissions.0.scope': /.+/ }],
      // A known action and subject, but no such permission in the catalogue; a scope the subject has no rows for.
      [{ name: 'Ok', permissions: [{ action: 'impersonate', subject: 'stats' }] }, { 'permissions.0': /finns inte/ }],
      [{ name: 'Ok', permissions: [{ action: 'view', subject: 'stats', scope: 'office' }] }, { 'permissions.0': /kan inte begränsas/ }],
      [
        {
          name: 'Ok',
          permissions: [
            { action: 'view', subject: 'users' },
            { action: 'view', subject: 'users', scope: 'teams' },
          ],
        },
        { 'permissions.1': /finns redan/ },
      ],
      [{ name: 'Ok', permissions: [], isSystem: true }, { isSystem: /Okänt fält/ }],
    ]
    for (const [body, fields] of cases) {
      const r = await t.request('POST', '/api/roles', { cookie: admin, body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      for (const [field, message] of Object.entries(fields)) expect((r.json.fieldErrors as Record<string, string[]>)[field]?.[0]).toMatch(message)
    }
    expect(await roleCount()).toBe(before)
  })

  it('creates a role with scoped permissions, logs it, and a name twice is a 409 on the name', async () => {
    const r = await t.request('POST', '/api/roles', {
      cookie: admin,
      body: {
        name: 'Teamledare',
        description: 'Leder ett team i fält',
        permissions: [
          { action: 'view', subject: 'users', scope: 'teams' },
          { action: 'view', subject: 'stats' },
        ],
      },
    })
    expect(r.status).toBe(201)
    const id = (r.json as { id: string }).id
    const created = (await t.request('GET', `/api/roles/${id}`, { cookie: admin })).json as unknown as RoleDetail
    expect(created).toMatchObject({ key: 'teamledare', name: 'Teamledare', system: false, locked: false, userCount: 0, otherRules: 0 })
    expect(created.permissions).toEqual([
      { action: 'view', subject: 'users', scope: 'teams' },
      { action: 'view', subject: 'stats', scope: 'all' },
    ])
    const [line] = await logOf(id)
    expect(line).toMatchObject({ action: 'created', after: { name: 'Teamledare', permissions: ['view users (teams)', 'view stats'] } })

    const again = await t.request('POST', '/api/roles', { cookie: admin, body: { name: 'teamLEDARE', permissions: [] } })
    expect(again.status).toBe(409)
    expect(again.json.fieldErrors).toEqual({ name: ['Det finns redan en roll med det namnet'] })
  })
})

describe('nobody gives or takes away a permission they do not hold', () => {
  let bo = ''
  beforeAll(async () => {
    for (const action of ['view', 'create', 'update', 'delete']) await grant('backoffice@demo.test', action, 'roles')
    bo = (await t.login('backoffice@demo.test')).cookie
  })

  it('back office with the roles permissions creates a role of what they hold, not of what they do not', async () => {
    const ok = await t.request('POST', '/api/roles', { cookie: bo, body: { name: 'Kundtjänst', permissions: [{ action: 'view', subject: 'customers' }] } })
    expect(ok.status).toBe(201)
    const before = await roleCount()
    const refused = await t.request('POST', '/api/roles', {
      cookie: bo,
      body: {
        name: 'Rekrytering',
        permissions: [
          { action: 'view', subject: 'sales_planner' },
          { action: 'create', subject: 'users' },
        ],
      },
    })
    expect(refused.status).toBe(403)
    expect((refused.json.fieldErrors as Record<string, string[]>).permissions![0]).toMatch(/view sales_planner, create users/)
    expect(await roleCount()).toBe(before)
  })

  it('an edit may not take away a permission the editor lacks either; what they hold they may change', async () => {
    const coach = (await t.request('GET', `/api/roles/${role('coach').id}`, { cookie: bo })).json as unknown as RoleDetail
    expect(coach.grantable).toBe(false)
    const without = coach.permissions.filter((p) => p.subject !== 'sales_planner')
    const r = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: bo,
      body: { name: coach.name, description: coach.description, permissions: without, basedOn: coach.updatedAt },
    })
    expect(r.status).toBe(403)
    const withStats = [...coach.permissions, { action: 'view', subject: 'customers', scope: 'all' }]
    const ok = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: bo,
      body: { name: coach.name, description: coach.description, permissions: withStats, basedOn: coach.updatedAt },
    })
    expect(ok.status).toBe(200)
    expect((ok.json as unknown as RoleDetail).permissions).toContainEqual({ action: 'view', subject: 'customers', scope: 'all' })
  })
})

describe('PUT /api/roles/:id', () => {
  it('the admin role is locked, a seeded role keeps its name, and an edit on an old version is a 409 with the current role', async () => {
    const adminRole = role('admin')
    const locked = await t.request('PUT', `/api/roles/${adminRole.id}`, { cookie: admin, body: { name: 'Admin', permissions: [] } })
    expect(locked.status).toBe(403)
    expect(locked.json.error).toBe('role_locked')

    const coach = (await t.request('GET', `/api/roles/${role('coach').id}`, { cookie: admin })).json as unknown as RoleDetail
    const renamed = await t.request('PUT', `/api/roles/${coach.id}`, { cookie: admin, body: { name: 'Tränare', permissions: coach.permissions } })
    expect(renamed.status).toBe(400)
    expect(renamed.json.fieldErrors).toEqual({ name: ['En inbyggd rolls namn kan inte ändras'] })

    const first = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: admin,
      body: { name: coach.name, description: 'Sina team', permissions: coach.permissions, basedOn: coach.updatedAt },
    })
    expect(first.status).toBe(200)
    const stale = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: admin,
      body: { name: coach.name, description: 'Något annat', permissions: [], basedOn: coach.updatedAt },
    })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toBe('version_conflict')
    expect((stale.json.details as { current: RoleDetail }).current).toMatchObject({ description: 'Sina team', permissions: coach.permissions })
  })

  it('a holder’s next request uses the new rules, and their answers name a new session revision', async () => {
    const { cookie } = await t.login('coach@demo.test')
    const before = await t.request('GET', '/api/users?page=1&itemsPerPage=5', { cookie })
    expect(before.status).toBe(200)
    const rev = before.res.headers.get('X-Session-Rev')
    expect(rev).toMatch(/^[\w-]{16}$/)

    const coach = (await t.request('GET', `/api/roles/${role('coach').id}`, { cookie: admin })).json as unknown as RoleDetail
    const edited = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: admin,
      body: { name: coach.name, description: coach.description, permissions: coach.permissions.filter((p) => p.subject !== 'users'), basedOn: coach.updatedAt },
    })
    expect(edited.status).toBe(200)
    const after = await t.request('GET', '/api/users?page=1&itemsPerPage=5', { cookie })
    expect(after.status).toBe(403)
    const me = await t.request('GET', '/api/auth/me', { cookie })
    expect(me.res.headers.get('X-Session-Rev')).not.toBe(rev)
    // A refusal names the new revision too: the app that met it takes the new rules at once.
    expect(after.res.headers.get('X-Session-Rev')).toBe(me.res.headers.get('X-Session-Rev'))
    expect(me.json.userAbilityRules!.some((r) => r.subject === 'users')).toBe(false)
    const [line] = (await logOf(coach.id)).filter((l) => (l.before as { permissions?: string[] } | null)?.permissions)
    expect(line).toMatchObject({ action: 'updated', before: { permissions: ['view users (teams)'] }, after: {} })

    // Given back, so the other tests see the seeded coach.
    const current = (await t.request('GET', `/api/roles/${coach.id}`, { cookie: admin })).json as unknown as RoleDetail
    const restored = await t.request('PUT', `/api/roles/${coach.id}`, {
      cookie: admin,
      body: { name: coach.name, description: coach.description, permissions: coach.permissions, basedOn: current.updatedAt },
    })
    expect(restored.status).toBe(200)
    expect((await t.request('GET', '/api/users?page=1&itemsPerPage=5', { cookie })).status).toBe(200)
  })
})

describe('DELETE /api/roles/:id', () => {
  it('a seeded role is not deleted; a role with users needs a role for them, then they move and are logged', async () => {
    const seeded = await t.request('DELETE', `/api/roles/${role('recruiter').id}`, { cookie: admin })
    expect(seeded.status).toBe(403)
    expect(seeded.json.error).toBe('role_locked')

    const created = await t.request('POST', '/api/roles', {
      cookie: admin,
      body: { name: 'Tillfällig', permissions: [{ action: 'view', subject: 'profile' }] },
    })
    const id = (created.json as { id: string }).id
    const movedUser = await userId('recruiter@demo.test')
    await db.update(s.users).set({ roleId: id }).where(eq(s.users.id, movedUser))

    const inUse = await t.request('DELETE', `/api/roles/${id}`, { cookie: admin })
    expect(inUse.status).toBe(409)
    expect(inUse.json).toMatchObject({
      error: 'role_in_use',
      message: '1 användare har rollen. Välj vilken roll den ska få i stället.',
      details: { userCount: 1 },
    })
    const toItself = await t.request('DELETE', `/api/roles/${id}?replacementRoleId=${id}`, { cookie: admin })
    expect(toItself.status).toBe(400)
    const unknown = await t.request('DELETE', `/api/roles/${id}?replacementRoleId=${randomUUID()}`, { cookie: admin })
    expect(unknown.status).toBe(400)
    expect((await t.request('GET', `/api/roles/${id}`, { cookie: admin })).status).toBe(200)

    const ok = await t.request('DELETE', `/api/roles/${id}?replacementRoleId=${role('recruiter').id}`, { cookie: admin })
    expect(ok.status).toBe(200)
    expect(ok.json).toEqual({ moved: 1 })
    const [user] = await db.select({ roleId: s.users.roleId }).from(s.users).where(eq(s.users.id, movedUser))
    expect(user!.roleId).toBe(role('recruiter').id)
    expect(await db.select().from(s.permissionRules).where(eq(s.permissionRules.roleId, id))).toEqual([])
    const [userLine] = await db
      .select()
      .from(s.activityLog)
      .where(and(eq(s.activityLog.entity, 'user'), eq(s.activityLog.entityId, movedUser), eq(s.activityLog.action, 'role_changed')))
    expect(userLine).toMatchObject({ before: { role: 'Tillfällig' }, after: { role: 'Recruiter' }, reason: 'Rollen Tillfällig togs bort' })
    expect((await logOf(id)).map((l) => l.action)).toEqual(['created', 'deleted'])
    expect((await t.request('GET', `/api/roles/${id}`, { cookie: admin })).status).toBe(404)
  })

  it('those without the roles permissions are refused every change', async () => {
    const { cookie } = await t.login('manager@demo.test')
    expect((await t.request('GET', '/api/roles', { cookie })).status).toBe(403)
    expect((await t.request('POST', '/api/roles', { cookie, body: { name: 'X', permissions: [] } })).status).toBe(403)
    expect((await t.request('PUT', `/api/roles/${role('seller').id}`, { cookie, body: { name: 'Seller', permissions: [] } })).status).toBe(403)
    expect((await t.request('DELETE', `/api/roles/${role('seller').id}`, { cookie })).status).toBe(403)
  })
})
