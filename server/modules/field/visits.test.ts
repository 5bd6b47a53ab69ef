import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { SYNC_SCHEMA_VERSION } from '../../../shared/schemas/sync'
import { createTestApp } from '../../test/harness'
import { REMINDER_AHEAD_MS, VISIT_REMINDER_JOB } from './field.visits'

const t = await createTestApp()
const { db, t: s } = t.database

let seller = { cookie: '', id: '' }
beforeAll(async () => {
  const admin = (await t.login('admin@demo.test')).cookie
  const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
  const email = `dorr.${randomUUID().slice(0, 6)}@demo.test`
  const made = await t.request('POST', '/api/users', {
    cookie: admin,
    body: { email, firstName: 'Dora', lastName: 'Dörr', password: 'ett-langt-losenord', roleId: roles.find((r) => r.key === 'seller')!.id },
  })
  expect(made.status, made.text).toBe(201)
  const login = await t.login(email, 'ett-langt-losenord')
  seller = { cookie: login.cookie, id: login.answer.userData.id }
})

const visit = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  outcome: 'notHome',
  address: 'Storgatan 12',
  postalCode: '211 45',
  city: 'Malmö',
  note: null,
  comeBackAt: null,
  visitedAt: Date.now() - 60_000,
  position: null,
  runId: null,
  ...over,
})

describe('door visits from the seller’s device', () => {
  it('are taken once, refused with translated field errors, and travel back to the device that takes them', async () => {
    const clientId = randomUUID()
    const comeBackAt = Date.now() + 2 * 3600_000
    const comeBack = visit({ outcome: 'comeBack', comeBackAt, note: 'Ring på dörren till vänster', position: { lat: 55.6, lng: 13, accuracy: 12 } })
    const mutations = [
      { seq: 1, name: 'recordVisit', args: visit(), createdAt: Date.now() },
      { seq: 2, name: 'recordVisit', args: comeBack, createdAt: Date.now() },
      // A come-back without a time, and one whose time is before the visit: refused, each with its reason.
      { seq: 3, name: 'recordVisit', args: visit({ outcome: 'comeBack' }), createdAt: Date.now() },
      { seq: 4, name: 'recordVisit', args: visit({ outcome: 'comeBack', comeBackAt: Date.now() - 3600_000 }), createdAt: Date.now() },
    ]
    const push = () => t.request('POST', '/api/sync/push', { cookie: seller.cookie, body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations } })
    expect((await push()).json).toMatchObject({ applied: 2, rejected: 2 })
    // The same batch again (a retry after a lost answer): nothing twice.
    expect((await push()).json).toMatchObject({ applied: 0, skipped: 4 })
    expect(await db.select().from(s.fieldVisits).where(eq(s.fieldVisits.userId, seller.id))).toHaveLength(2)

    const pulled = (await t.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId, cookie: null, tables: ['visits'] } }))
      .json as unknown as {
      rejections: Array<{ seq: number; fieldErrors: Record<string, string[]> }>
      patch: Array<{ table: string; key: string; value: Record<string, unknown> }>
    }
    expect(pulled.rejections.map((r) => [r.seq, r.fieldErrors])).toEqual([
      [3, { comeBackAt: ['Välj när du ska komma tillbaka'] }],
      [4, { comeBackAt: ['Återbesöket måste ligga efter besöket'] }],
    ])
    const mine = pulled.patch.filter((p) => p.table === 'visits')
    expect(mine.find((p) => p.key === comeBack.id)?.value).toMatchObject({ outcome: 'comeBack', comeBackAt, lat: 55.6, lng: 13 })
    // An app from before visits gets none of them.
    const old = (await t.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId, cookie: null } })).json as unknown as {
      patch: Array<{ table: string }>
    }
    expect(old.patch.filter((p) => p.table === 'visits')).toEqual([])

    // The come-back's reminder is a job half an hour before; when it runs, the seller's bell has it.
    const [job] = await db
      .select()
      .from(s.jobs)
      .where(and(eq(s.jobs.name, VISIT_REMINDER_JOB), eq(s.jobs.uniqueKey, `visit:${comeBack.id}`)))
    expect(job!.runAt).toBe(comeBackAt - REMINDER_AHEAD_MS)
    await db.update(s.jobs).set({ runAt: Date.now() }).where(eq(s.jobs.id, job!.id))
    await t.jobs.settled()
    await t.events.settled()
    const bell = await db.select().from(s.notifications).where(eq(s.notifications.userId, seller.id))
    expect(bell.map((n) => [n.title, n.message])).toEqual([
      ['Återbesök: Storgatan 12, Malmö', expect.stringMatching(/^Du lovade att komma tillbaka kl\. \d\d:\d\d\. Ring på dörren till vänster$/)],
    ])
  })

  it('are not for someone who does not sell', async () => {
    const coach = (await t.login('coach@demo.test')).cookie
    const clientId = randomUUID()
    const r = await t.request('POST', '/api/sync/push', {
      cookie: coach,
      body: { clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ seq: 1, name: 'recordVisit', args: visit(), createdAt: Date.now() }] },
    })
    expect(r.json).toMatchObject({ rejected: 1 })
  })
})
