import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SessionAnswer } from '../../../shared/schemas/auth'
import { SYNC_SCHEMA_VERSION, type PullResult } from '../../../shared/schemas/sync'
import type { UserDetail } from '../../../shared/schemas/users'
import { createTestApp } from '../../test/harness'

/** An admin acts as another user, with a banner's data, a stop, and every change logged with both (decision 037). */
const t = await createTestApp()
const { db, t: tables } = t.database

const ids = new Map<string, string>()
const idOf = (email: string) => ids.get(email)!
const logOf = (email: string) =>
  db
    .select()
    .from(tables.activityLog)
    .where(and(eq(tables.activityLog.entity, 'user'), eq(tables.activityLog.entityId, idOf(email))))

beforeAll(async () => {
  for (const u of await db.select({ id: tables.users.id, email: tables.users.email }).from(tables.users)) ids.set(u.email, u.id)
})

const start = (cookie: string, email: string) => t.request('POST', '/api/auth/impersonation', { cookie, body: { userId: idOf(email) } })
const me = async (cookie: string) => (await t.request('GET', '/api/auth/me', { cookie })).json as unknown as SessionAnswer

describe('impersonation', () => {
  it('an admin acts as back office: the session answers as them with who is really signed in, until stopped', async () => {
    const { cookie } = await t.login('admin@demo.test')
    const r = await start(cookie, 'backoffice@demo.test')
    expect(r.status, r.text).toBe(200)
    const answer = r.json as unknown as SessionAnswer
    expect(answer.userData).toMatchObject({ email: 'backoffice@demo.test', impersonatedBy: { id: idOf('admin@demo.test'), fullName: 'Astrid Admin' } })
    // The rules are back office's: no role administration.
    expect((await t.request('GET', '/api/roles', { cookie })).status).toBe(403)
    expect((await me(cookie)).userData.email).toBe('backoffice@demo.test')

    // A change made meanwhile is logged as the admin acting as back office, and the user page shows both names.
    const reveal = await t.request('POST', `/api/users/${idOf('seller@demo.test')}/reveal`, { cookie, body: { fields: ['bankAccount'] } })
    expect(reveal.status, reveal.text).toBe(200)
    const [line] = (await logOf('seller@demo.test')).filter((l) => l.action === 'sensitive_read')
    expect(line).toMatchObject({ actorId: idOf('admin@demo.test'), actingAsId: idOf('backoffice@demo.test') })
    const admin2 = (await t.login('admin@demo.test')).cookie
    const page = (await t.request('GET', `/api/users/${idOf('seller@demo.test')}`, { cookie: admin2 })).json as unknown as UserDetail
    expect(page.activity.find((a) => a.action === 'sensitive_read')).toMatchObject({
      actor: { name: 'Astrid Admin' },
      actingAs: { id: idOf('backoffice@demo.test'), name: 'Bertil Backoffice' },
    })

    // Their own profile edited meanwhile: a line with the fields changed, the admin its actor (issue 39 found none).
    const edit = await t.request('PATCH', '/api/profile', { cookie, body: { firstName: 'Bertil', lastName: 'Backoffice', specialDiet: 'Vegetarisk' } })
    expect(edit.status, edit.text).toBe(200)
    const [profileLine] = (await logOf('backoffice@demo.test')).filter((l) => l.action === 'profile_updated')
    expect(profileLine).toMatchObject({
      actorId: idOf('admin@demo.test'),
      actingAsId: idOf('backoffice@demo.test'),
      before: { specialDiet: null },
      after: { specialDiet: 'Vegetarisk' },
    })

    const stop = await t.request('DELETE', '/api/auth/impersonation', { cookie })
    expect(stop.status, stop.text).toBe(200)
    expect((stop.json as unknown as SessionAnswer).userData).toMatchObject({ email: 'admin@demo.test' })
    expect((stop.json as unknown as SessionAnswer).userData.impersonatedBy).toBeUndefined()
    expect((await me(cookie)).userData.email).toBe('admin@demo.test')
    expect((await t.request('GET', '/api/roles', { cookie })).status).toBe(200)

    const log = await logOf('backoffice@demo.test')
    expect(log.filter((l) => l.action === 'impersonation_started' || l.action === 'impersonation_stopped').map((l) => [l.action, l.actorId])).toEqual([
      ['impersonation_started', idOf('admin@demo.test')],
      ['impersonation_stopped', idOf('admin@demo.test')],
    ])
  })

  it('what moves money or commits the person is refused while acting as them: a purchase, a sale, a checkout, an attestation', async () => {
    // Decision 054 (issue 39).
    const { cookie } = await t.login('admin@demo.test')
    expect((await start(cookie, 'seller@demo.test')).status).toBe(200)
    const purchase = await t.request('POST', '/api/game/purchases', { cookie, body: { rewardId: 'any', quantity: 1 } })
    expect(purchase.status).toBe(403)
    expect(purchase.json.error).toBe('not_while_impersonating')
    const clientId = '00000000-0000-4000-8000-0000000000a1'
    const mutations = ['createSale', 'correctSale', 'checkout'].map((name, i) => ({ seq: i + 1, name, args: {}, createdAt: Date.now() }))
    const pushed = await t.request('POST', '/api/sync/push', { cookie, body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations } })
    expect(pushed.json).toMatchObject({ applied: 0, rejected: 3 })
    const pulled = (await t.request('POST', '/api/sync/pull', { cookie, body: { clientId, cookie: null } })).json as unknown as PullResult
    expect(pulled.rejections.map((r) => [r.name, r.code, r.message])).toEqual(
      ['createSale', 'correctSale', 'checkout'].map((name) => [
        name,
        'not_while_impersonating',
        'Det här gör bara personen själv, inte en administratör som visar appen som hen',
      ]),
    )
    await t.request('DELETE', '/api/auth/impersonation', { cookie })
    expect((await start(cookie, 'coach@demo.test')).status).toBe(200)
    const attest = await t.request('POST', '/api/time-attestations', { cookie, body: { userId: idOf('seller@demo.test'), month: '2026-10' } })
    expect(attest.json.error).toBe('not_while_impersonating')
    await t.request('DELETE', '/api/auth/impersonation', { cookie })
  })

  it('what only the person may do for themselves is refused while acting as them, and another start too', async () => {
    const { cookie } = await t.login('admin@demo.test')
    expect((await start(cookie, 'seller@demo.test')).status).toBe(200)
    const password = await t.request('POST', '/api/profile/password', { cookie, body: { currentPassword: 'x', newPassword: 'a-new-password-1' } })
    expect(password.status).toBe(403)
    expect(password.json.error).toBe('not_while_impersonating')
    const revoke = await t.request('POST', '/api/profile/sessions/revoke-others', { cookie })
    expect(revoke.json.error).toBe('not_while_impersonating')
    expect((await start(cookie, 'coach@demo.test')).status).toBe(403)
    // They do not show as present on the seller's team; the seller's own channel they may follow.
    const channel = async (name: string) =>
      t.request('POST', '/api/broadcasting/auth', {
        cookie,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ socket_id: '1234.5678', channel_name: name }).toString(),
      })
    const { userData } = await me(cookie)
    expect((await channel(`presence-App.Team.${userData.teamIds[0]}`)).json.error).toBe('not_while_impersonating')
    expect((await channel(`private-App.Models.User.${userData.id}`)).status).toBe(200)
    // The seller's own session is untouched.
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await me(seller)).userData.impersonatedBy).toBeUndefined()
    expect((await t.request('DELETE', '/api/auth/impersonation', { cookie })).status).toBe(200)
  })

  it('refuses: without the permission, an unknown or own id, an admin, and someone holding more than the admin', async () => {
    const coach = (await t.login('coach@demo.test')).cookie
    expect((await start(coach, 'seller@demo.test')).status).toBe(403)

    const admin = (await t.login('admin@demo.test')).cookie
    expect((await t.request('POST', '/api/auth/impersonation', { cookie: admin, body: { userId: 'nobody' } })).status).toBe(404)
    expect((await start(admin, 'admin@demo.test')).status).toBe(404)
    expect((await t.request('POST', '/api/auth/impersonation', { cookie: admin, body: {} })).status).toBe(400)

    // The recruiter is given the right to impersonate: then an admin may not act as them (someone who
    // impersonates), and they may not act as back office, whose rules they do not hold.
    const recruiter = (await t.request('GET', `/api/users/${idOf('recruiter@demo.test')}`, { cookie: admin })).json as unknown as UserDetail
    const put = await t.request('PUT', `/api/users/${idOf('recruiter@demo.test')}/permissions`, {
      cookie: admin,
      body: { permissions: [{ action: 'impersonate', subject: 'users', scope: 'all' }], version: recruiter.version },
    })
    expect(put.status, put.text).toBe(200)
    const refused = await start(admin, 'recruiter@demo.test')
    expect(refused.status).toBe(403)
    expect(refused.json).toMatchObject({ error: 'cannot_impersonate' })
    expect(refused.json.message).toContain('Rut Rekryterare')

    const asRecruiter = (await t.login('recruiter@demo.test')).cookie
    const beyond = await start(asRecruiter, 'backoffice@demo.test')
    expect(beyond.status).toBe(403)
    expect(beyond.json.error).toBe('cannot_impersonate')
    expect((await me(admin)).userData.impersonatedBy).toBeUndefined()
  })

  it('a user deactivated while acted as ends it: the next request is the admin’s own, and the log says why', async () => {
    const admin = (await t.login('admin@demo.test')).cookie
    expect((await start(admin, 'oskar.berg@demo.test')).status).toBe(200)
    const other = (await t.login('admin@demo.test')).cookie
    const u = (await t.request('GET', `/api/users/${idOf('oskar.berg@demo.test')}`, { cookie: other })).json as unknown as UserDetail
    const off = await t.request('POST', `/api/users/${u.id}/deactivate`, { cookie: other, body: { reason: 'Slutat', version: u.version } })
    expect(off.status, off.text).toBe(200)
    expect((await me(admin)).userData.email).toBe('admin@demo.test')
    const ended = (await logOf('oskar.berg@demo.test')).find((l) => l.action === 'impersonation_ended')
    expect(ended).toMatchObject({ actorId: idOf('admin@demo.test'), reason: 'inactive' })
    // An inactive user cannot be started on either.
    expect((await start(admin, 'oskar.berg@demo.test')).json.error).toBe('cannot_impersonate')
  })

  it('two stops at once end it once, and log it once', async () => {
    const { cookie } = await t.login('admin@demo.test')
    expect((await start(cookie, 'manager@demo.test')).status).toBe(200)
    const both = await Promise.all([1, 2].map(() => t.request('DELETE', '/api/auth/impersonation', { cookie })))
    expect(both.map((r) => r.status)).toEqual([200, 200])
    expect((await logOf('manager@demo.test')).filter((l) => l.action === 'impersonation_stopped')).toHaveLength(1)
    expect((await me(cookie)).userData.email).toBe('admin@demo.test')
  })

  it('a stop sent again after the first was done (a retry, a second tab) answers the admin’s own session and logs nothing', async () => {
    const stops = async () => (await logOf('coach@demo.test')).filter((l) => l.action === 'impersonation_stopped').length
    const before = await stops()
    const { cookie } = await t.login('admin@demo.test')
    expect((await start(cookie, 'coach@demo.test')).status).toBe(200)
    expect((await t.request('DELETE', '/api/auth/impersonation', { cookie })).status).toBe(200)
    const again = await t.request('DELETE', '/api/auth/impersonation', { cookie })
    expect(again.status).toBe(200)
    const answer = again.json as { userData: { email: string; impersonatedBy?: unknown } }
    expect(answer.userData.email).toBe('admin@demo.test')
    expect(answer.userData.impersonatedBy ?? null).toBeNull()
    expect(await stops()).toBe(before + 1)
  })
})
