import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userEditOf, type UserDetail, type UserTitleItem } from '../../../shared/schemas/users'
import { createTestApp } from '../../test/harness'

/** The user titles list (issue 17, decision 040): kept by admins, renamed on its holders, not deleted while held. */
const t = await createTestApp()
const { db, t: tables } = t.database

const editBody = (u: UserDetail, title: string) => ({ ...userEditOf(u), title })

// An organisation that keeps no titles yet (the demo gives everyone one): the list starts empty.
await db.update(tables.users).set({ title: null })
await db.delete(tables.userTitles)

describe('user titles', () => {
  it('admins keep the list; back office reads it; a coach does not', async () => {
    const admin = (await t.login('admin@demo.test')).cookie
    const backoffice = (await t.login('backoffice@demo.test')).cookie
    const coach = (await t.login('coach@demo.test')).cookie
    expect((await t.request('GET', '/api/user-titles', { cookie: coach })).status).toBe(403)
    expect((await t.request('POST', '/api/user-titles', { cookie: backoffice, body: { name: 'Säljare' } })).status).toBe(403)

    const created = await t.request('POST', '/api/user-titles', { cookie: admin, body: { name: ' Säljare ' } })
    expect(created.status, created.text).toBe(201)
    expect(created.json).toMatchObject({ name: 'Säljare', userCount: 0 })
    const twice = await t.request('POST', '/api/user-titles', { cookie: admin, body: { name: 'SÄLJARE' } })
    expect(twice.status).toBe(409)
    expect((twice.json.fieldErrors as Record<string, string[]>).name).toEqual(['Titeln finns redan.'])
    expect((await t.request('POST', '/api/user-titles', { cookie: admin, body: { name: '' } })).status).toBe(400)
    expect((await t.request('POST', '/api/user-titles', { cookie: admin, body: { name: 'x'.repeat(61) } })).status).toBe(400)
    expect(((await t.request('GET', '/api/user-titles', { cookie: backoffice })).json.items as UserTitleItem[]).map((x) => x.name)).toEqual(['Säljare'])
  })

  it('a title given to a user joins the list; a rename reaches its holders; a held title is not deleted', async () => {
    const admin = (await t.login('admin@demo.test')).cookie
    const [seller] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, 'seller@demo.test'))
    const u = (await t.request('GET', `/api/users/${seller!.id}`, { cookie: admin })).json as unknown as UserDetail
    const saved = await t.request('PUT', `/api/users/${u.id}`, { cookie: admin, body: editBody(u, 'Teamledare') })
    expect(saved.status, saved.text).toBe(200)
    const list = async () => (await t.request('GET', '/api/user-titles', { cookie: admin })).json.items as UserTitleItem[]
    const lead = (await list()).find((x) => x.name === 'Teamledare')!
    expect(lead).toMatchObject({ userCount: 1 })
    expect((await t.request('GET', '/api/users/titles', { cookie: admin })).json.items).toEqual(['Säljare', 'Teamledare'])

    const stale = await t.request('PUT', `/api/user-titles/${lead.id}`, { cookie: admin, body: { name: 'Lagledare', basedOn: 'Något annat' } })
    expect(stale.json.error).toBe('version_conflict')
    const renamed = await t.request('PUT', `/api/user-titles/${lead.id}`, { cookie: admin, body: { name: 'Lagledare', basedOn: 'Teamledare' } })
    expect(renamed.status, renamed.text).toBe(200)
    expect(((await t.request('GET', `/api/users/${u.id}`, { cookie: admin })).json as unknown as UserDetail).title).toBe('Lagledare')

    const held = await t.request('DELETE', `/api/user-titles/${lead.id}`, { cookie: admin })
    expect(held.status).toBe(409)
    expect(held.json).toMatchObject({ error: 'title_in_use', message: '1 person har titeln. Ge den en annan titel först.' })
    const unused = (await list()).find((x) => x.name === 'Säljare')!
    expect((await t.request('DELETE', `/api/user-titles/${unused.id}`, { cookie: admin })).status).toBe(200)
    expect((await list()).map((x) => x.name)).toEqual(['Lagledare'])
    const log = await db.select().from(tables.activityLog).where(eq(tables.activityLog.entityId, lead.id))
    expect(log.map((l) => l.action)).toEqual(['updated'])
    expect(log[0]).toMatchObject({ entity: 'user_title', before: { name: 'Teamledare' }, after: { name: 'Lagledare', users: 1 } })
  })
})
