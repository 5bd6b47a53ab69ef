import { and, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REALTIME_EVENTS, wire } from '../../../shared/realtime'
import { createTestApp } from '../../test/harness'

/**
 * Messages from administrators and extra receivers of deviation alerts (issue 16, docs/decisions/031): who a
 * message reaches, what each recipient gets, the history, and who may do it.
 */
const t = await createTestApp()
const { db, t: tables } = t.database

async function roleId(key: string): Promise<string> {
  const [row] = await db.select({ id: tables.roles.id }).from(tables.roles).where(eq(tables.roles.key, key))
  if (!row) throw new Error(`no role ${key}`)
  return row.id
}
const userId = async (email: string) => (await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email)))[0]!.id
const generalTitles = async (cookie: string) =>
  ((await t.request('GET', '/api/notifications?kind=general', { cookie })).json.items as Array<{
    title: string
    fromName: string | null
    link: string | null
  }>) ?? []

describe('a message from an administrator', () => {
  it('reaches the members and coaches of a chosen team, live and in their bells, and is kept in the history', async () => {
    const admin = await t.login('admin@demo.test')
    const seller = await t.login('seller@demo.test')
    const coach = await t.login('coach@demo.test')
    const manager = await t.login('manager@demo.test')
    const team = seller.answer.userData.teamIds[0]!
    const [{ name: teamName } = { name: '' }] = await db.select({ name: tables.teams.name }).from(tables.teams).where(eq(tables.teams.id, team))
    const audience = { teamIds: [team] }

    const preview = await t.request('POST', '/api/notification-messages/preview', { cookie: admin.cookie, body: { audience } })
    expect(preview.status).toBe(200)
    const expected = preview.json.recipients as number
    expect(expected).toBeGreaterThanOrEqual(2)

    const live: unknown[] = []
    const original = t.realtime.trigger
    t.realtime.trigger = async (channels, event, data) => {
      if (event === REALTIME_EVENTS.notification && channels.includes(wire.user(seller.answer.userData.id))) live.push(data)
      return original(channels, event, data)
    }
    try {
      const sent = await t.request('POST', '/api/notification-messages', {
        cookie: admin.cookie,
        body: { audience, title: 'Säljmöte på fredag', message: 'Vi ses kl. 8 på kontoret.', link: '/sales/list' },
      })
      expect(sent.status).toBe(201)
      expect(sent.json.recipients).toBe(expected)
      await t.events.settled()
    } finally {
      t.realtime.trigger = original
    }
    expect(live).toEqual([expect.objectContaining({ title: 'Säljmöte på fredag', message: 'Vi ses kl. 8 på kontoret.', link: '/sales/list', kind: 'general' })])
    expect((await generalTitles(seller.cookie))[0]).toMatchObject({
      title: 'Säljmöte på fredag',
      fromName: admin.answer.userData.fullName,
      link: '/sales/list',
    })
    expect((await generalTitles(coach.cookie))[0]).toMatchObject({ title: 'Säljmöte på fredag' })
    // The manager belongs to no team: not in the audience.
    expect((await generalTitles(manager.cookie)).map((n) => n.title)).not.toContain('Säljmöte på fredag')

    const history = await t.request('GET', '/api/notification-messages', { cookie: admin.cookie })
    expect(history.status).toBe(200)
    expect((history.json.items as unknown[])[0]).toMatchObject({
      title: 'Säljmöte på fredag',
      everyone: false,
      audience: [teamName],
      recipients: expected,
      sentByName: admin.answer.userData.fullName,
    })
  })

  it('goes to everyone, or to a role, and counts only active people', async () => {
    const admin = await t.login('admin@demo.test')
    const active = (await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.active, true))).length
    const coachRole = await roleId('coach')
    const activeCoaches = (
      await db
        .select({ id: tables.users.id })
        .from(tables.users)
        .where(and(eq(tables.users.roleId, coachRole), eq(tables.users.active, true)))
    ).length
    const everyone = await t.request('POST', '/api/notification-messages/preview', { cookie: admin.cookie, body: { audience: { everyone: true } } })
    expect(everyone.json.recipients).toBe(active)
    const coaches = await t.request('POST', '/api/notification-messages/preview', { cookie: admin.cookie, body: { audience: { roleIds: [coachRole] } } })
    expect(activeCoaches).toBeGreaterThan(0)
    expect(coaches.json.recipients).toBe(activeCoaches)
  })

  it('reaches only people the sender may see: back office reaches all, and nobody grants themselves an audience by id', async () => {
    const backoffice = await t.login('backoffice@demo.test')
    const everyone = await t.request('POST', '/api/notification-messages/preview', { cookie: backoffice.cookie, body: { audience: { everyone: true } } })
    expect(everyone.status).toBe(200)
    // A coach may not send at all (no update on users).
    const coach = await t.login('coach@demo.test')
    const refused = await t.request('POST', '/api/notification-messages', {
      cookie: coach.cookie,
      body: { audience: { everyone: true }, title: 'Hej', message: 'Alla' },
    })
    expect(refused.status).toBe(403)
    expect((await t.request('GET', '/api/notification-messages', { cookie: (await t.login('seller@demo.test')).cookie })).status).toBe(403)
  })

  it('refuses bad input with translated field errors and sends nothing', async () => {
    const admin = await t.login('admin@demo.test')
    const before = (await t.request('GET', '/api/notification-messages', { cookie: admin.cookie })).json.items as unknown[]
    const send = (body: unknown) => t.request('POST', '/api/notification-messages', { cookie: admin.cookie, body })
    const empty = await send({ audience: {}, title: 'Hej', message: 'Text' })
    expect(empty.status).toBe(400)
    expect(empty.json.fieldErrors).toMatchObject({ 'audience.everyone': ['Välj minst en mottagare'] })
    const offsite = await send({ audience: { everyone: true }, title: 'Hej', message: 'Text', link: 'https://evil.example' })
    expect(offsite.status).toBe(400)
    expect(offsite.json.fieldErrors).toMatchObject({ link: [expect.stringContaining('börjar med /')] })
    const protocolRelative = await send({ audience: { everyone: true }, title: 'Hej', message: 'Text', link: '//evil.example' })
    expect(protocolRelative.status).toBe(400)
    const long = await send({ audience: { everyone: true }, title: 'x'.repeat(81), message: '' })
    expect(long.status).toBe(400)
    expect(Object.keys(long.json.fieldErrors as object).sort()).toEqual(['message', 'title'])
    // An audience that resolves to nobody (an unknown team).
    const nobody = await send({ audience: { teamIds: ['00000000-0000-4000-8000-000000000000'] }, title: 'Hej', message: 'Text' })
    expect(nobody.status).toBe(409)
    expect(nobody.json).toMatchObject({ error: 'no_recipients', message: 'Ingen du kan nå finns bland de valda mottagarna.' })
    expect((await t.request('GET', '/api/notification-messages', { cookie: admin.cookie })).json.items).toEqual(before)
  })
})

describe('extra receivers of deviation alerts', () => {
  it('an office’s extra receiver gets its deviation alerts; removing them stops it', async () => {
    const admin = await t.login('admin@demo.test')
    const backoffice = await t.login('backoffice@demo.test')
    const seller = await t.login('seller@demo.test')
    const manager = await t.login('manager@demo.test')
    const office = seller.answer.userData.officeId!
    const added = await t.request('POST', '/api/alert-recipients', {
      cookie: admin.cookie,
      body: { userId: manager.answer.userData.id, scope: 'office', scopeId: office },
    })
    expect(added.status).toBe(201)
    const list = await t.request('GET', '/api/alert-recipients', { cookie: admin.cookie })
    expect(list.json.items).toEqual([
      expect.objectContaining({
        id: added.json.id,
        userName: 'Maria Manager',
        scope: 'office',
        scopeName: 'Malmö',
        createdByName: admin.answer.userData.fullName,
      }),
    ])
    // A coach reads the list too (view users), but only the people of their own teams: not the manager.
    const coach = await t.login('coach@demo.test')
    const coachView = await t.request('GET', '/api/alert-recipients', { cookie: coach.cookie })
    expect(coachView.status).toBe(200)
    expect(coachView.json.items).toEqual([])
    expect((await t.request('GET', '/api/alert-recipients', { cookie: seller.cookie })).status).toBe(403)
    // Twice: refused, named.
    const again = await t.request('POST', '/api/alert-recipients', {
      cookie: admin.cookie,
      body: { userId: manager.answer.userData.id, scope: 'office', scopeId: office },
    })
    expect(again.status).toBe(409)
    expect(again.json.message).toBe('Maria Manager får redan avvikelser för det här.')

    const deviate = async () => {
      const [sale] = await db
        .select({ id: tables.sales.id, version: tables.sales.version })
        .from(tables.sales)
        // One that can go to deviation (through approved): not a regretted one.
        .where(and(eq(tables.sales.sellerId, seller.answer.userData.id), inArray(tables.sales.status, ['finalized', 'approved', 'deviation'])))
        .orderBy(tables.sales.soldAt)
      // Back to finalized first when needed, then to deviation: each call alerts once.
      const r = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
        cookie: backoffice.cookie,
        body: { status: 'approved', version: sale!.version },
      })
      const version = r.status === 200 ? (r.json.version as number) : sale!.version
      const d = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
        cookie: backoffice.cookie,
        body: { status: 'deviation', version, deviationType: 'incorrect_ssn', reason: 'Kontrollera' },
      })
      expect(d.status).toBe(200)
      await t.events.settled()
    }
    const managerDeviations = async () => (await t.request('GET', '/api/notifications?kind=deviation', { cookie: manager.cookie })).json.items as unknown[]
    const before = (await managerDeviations()).length
    await deviate()
    expect((await managerDeviations()).length).toBe(before + 1)

    expect((await t.request('DELETE', `/api/alert-recipients/${added.json.id as string}`, { cookie: admin.cookie })).status).toBe(204)
    expect((await t.request('GET', '/api/alert-recipients', { cookie: admin.cookie })).json.items).toEqual([])
    await deviate()
    expect((await managerDeviations()).length).toBe(before + 1)
    expect((await t.request('DELETE', `/api/alert-recipients/${added.json.id as string}`, { cookie: admin.cookie })).status).toBe(404)
  })

  it('refuses an unknown person or place and a user without the right', async () => {
    const admin = await t.login('admin@demo.test')
    const team = (await t.login('seller@demo.test')).answer.userData.teamIds[0]!
    const unknown = '00000000-0000-4000-8000-000000000000'
    const bad = await t.request('POST', '/api/alert-recipients', { cookie: admin.cookie, body: { userId: unknown, scope: 'team', scopeId: team } })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toMatchObject({ userId: ['Valet finns inte eller är inte ditt att välja'] })
    const place = await t.request('POST', '/api/alert-recipients', {
      cookie: admin.cookie,
      body: { userId: await userId('coach@demo.test'), scope: 'office', scopeId: team },
    })
    expect(place.status).toBe(400)
    expect(place.json.fieldErrors).toMatchObject({ scopeId: ['Valet finns inte eller är inte ditt att välja'] })
    const coach = await t.login('coach@demo.test')
    const refused = await t.request('POST', '/api/alert-recipients', {
      cookie: coach.cookie,
      body: { userId: coach.answer.userData.id, scope: 'team', scopeId: team },
    })
    expect(refused.status).toBe(403)
    expect((await t.request('GET', '/api/alert-recipients', { cookie: admin.cookie })).json.items).toEqual([])
  })
})
