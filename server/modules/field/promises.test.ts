import { randomUUID } from 'node:crypto'
import { eq, like } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { PROMISE_QUEUE_AFTER_MS, PROMISE_REMINDER_MS } from '../../../shared/rules/field'
import { SYNC_SCHEMA_VERSION } from '../../../shared/schemas/sync'
import { createTestApp } from '../../test/harness'
import { PROMISE_OVERDUE_JOB, PROMISE_REMINDER_JOB, PROMISE_UNOWNED_JOB } from './field.promises'
import { VISIT_REMINDER_JOB } from './field.visits'

/**
 * Promises (issue 75, docs/decisions/097): call-backs and appointments made on the seller's device, their reminders,
 * their ends, the team's queue an overdue promise moves to (once, however many instances run), and the coach's figures.
 */
const t = await createTestApp()
const { db, t: s } = t.database

type Person = { cookie: string; id: string; clientId: string; seq: number }
let anna: Person
let bo: Person
let other: Person
let coach = ''
let teamId = ''

async function seller(first: string, team: string | null): Promise<Person> {
  const admin = (await t.login('admin@demo.test')).cookie
  const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
  const email = `${first.toLowerCase()}.${randomUUID().slice(0, 6)}@demo.test`
  const made = await t.request('POST', '/api/users', {
    cookie: admin,
    body: { email, firstName: first, lastName: 'Löfte', password: 'ett-langt-losenord', roleId: roles.find((r) => r.key === 'seller')!.id, teamId: team },
  })
  expect(made.status, made.text).toBe(201)
  const login = await t.login(email, 'ett-langt-losenord')
  return { cookie: login.cookie, id: login.answer.userData.id, clientId: randomUUID(), seq: 0 }
}

beforeAll(async () => {
  const sven = await t.login('seller@demo.test')
  teamId = (sven.answer.userData.teamIds as string[])[0]!
  const teams = (await t.request('GET', '/api/teams?itemsPerPage=100', { cookie: (await t.login('admin@demo.test')).cookie })).json.items as Array<{
    id: string
  }>
  anna = await seller('Anna', teamId)
  bo = await seller('Bo', teamId)
  other = await seller('Olle', teams.find((x) => x.id !== teamId)!.id)
  coach = (await t.login('coach@demo.test')).cookie
})

async function push(p: Person, name: string, args: Record<string, unknown>) {
  p.seq++
  const r = await t.request('POST', '/api/sync/push', {
    cookie: p.cookie,
    body: { clientId: p.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ seq: p.seq, name, args, createdAt: Date.now() }] },
  })
  expect(r.status, r.text).toBe(200)
  return r.json as { applied: number; rejected: number }
}

type Pulled = {
  rejections: Array<{ seq: number; fieldErrors: Record<string, string[]> }>
  patch: Array<{ op: string; table: string; key: string; value?: Record<string, unknown> }>
}
async function pull(p: Person, tables: string[] = ['promises']) {
  const r = await t.request('POST', '/api/sync/pull', { cookie: p.cookie, body: { clientId: p.clientId, cookie: null, tables } })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as Pulled
}
const promisesIn = (pulled: Pulled) => pulled.patch.filter((x) => x.table === 'promises')

const callBack = (over: Record<string, unknown> = {}) => ({
  id: randomUUID(),
  kind: 'callBack',
  customerName: 'Karin Kund',
  phone: '070-123 45 67',
  address: null,
  note: 'efter fem',
  dueAt: Date.now() + 3 * 3_600_000,
  closerId: null,
  createdAt: Date.now(),
  ...over,
})

async function runNow(uniqueKey: string) {
  await db.update(s.jobs).set({ runAt: Date.now() }).where(eq(s.jobs.uniqueKey, uniqueKey))
  await t.jobs.settled()
  await t.events.settled()
}
const bellOf = async (userId: string) => db.select().from(s.notifications).where(eq(s.notifications.userId, userId))

describe('promises made on the seller’s device', () => {
  it('a call-back is taken once, reaches only its holder’s device, and reminds them half an hour before', async () => {
    const cb = callBack()
    expect(await push(anna, 'recordPromise', cb)).toMatchObject({ applied: 1 })
    // Refused with their reasons: a time before it was made, a call-back without a number.
    expect(await push(anna, 'recordPromise', callBack({ dueAt: Date.now() - 60_000 }))).toMatchObject({ rejected: 1 })
    expect(await push(anna, 'recordPromise', callBack({ phone: null }))).toMatchObject({ rejected: 1 })
    const pulled = await pull(anna)
    expect(pulled.rejections.map((r) => r.fieldErrors)).toEqual([{ dueAt: ['Tiden måste ligga efter nu'] }, { phone: ['Ange numret att ringa'] }])
    expect(promisesIn(pulled)).toEqual([
      expect.objectContaining({ op: 'put', key: cb.id, value: expect.objectContaining({ kind: 'callBack', state: 'open', dueAt: cb.dueAt, bookedBy: null }) }),
    ])
    // An app from before promises gets none; a teammate's device gets none of hers.
    expect(promisesIn(await pull(anna, []))).toEqual([])
    expect(promisesIn(await pull(bo))).toEqual([])

    const [job] = await db
      .select()
      .from(s.jobs)
      .where(eq(s.jobs.uniqueKey, `promise-remind:${cb.id}`))
    expect(job).toMatchObject({ name: PROMISE_REMINDER_JOB, runAt: cb.dueAt - PROMISE_REMINDER_MS })
    await runNow(`promise-remind:${cb.id}`)
    expect((await bellOf(anna.id)).map((n) => [n.title, n.message, n.link])).toEqual([
      ['Ring tillbaka: Karin Kund, 070-123 45 67', expect.stringMatching(/^Du lovade .+\d\d:\d\d\. efter fem$/), '/sales/promises'],
    ])

    // Kept: the end travels back; a call-back cannot be a no-show; a teammate cannot end it.
    expect(await push(bo, 'closePromise', { id: cb.id, end: 'kept', at: Date.now() })).toMatchObject({ rejected: 1 })
    expect(await push(anna, 'closePromise', { id: cb.id, end: 'noShow', at: Date.now() })).toMatchObject({ rejected: 1 })
    expect(await push(anna, 'closePromise', { id: cb.id, end: 'kept', at: Date.now() })).toMatchObject({ applied: 1 })
    expect(promisesIn(await pull(anna))[0]!.value).toMatchObject({ state: 'kept' })
  })

  it('a setter books an appointment for a teammate: on the closer’s device, not a stranger’s', async () => {
    const appointment = callBack({ kind: 'appointment', phone: null, address: 'Storgatan 1, Malmö', closerId: bo.id })
    expect(await push(anna, 'recordPromise', appointment)).toMatchObject({ applied: 1 })
    expect(await push(anna, 'recordPromise', { ...appointment, id: randomUUID(), closerId: other.id })).toMatchObject({ rejected: 1 })
    expect((await pull(anna)).rejections.at(-1)!.fieldErrors).toEqual({ closerId: ['Välj en säljare i ditt team'] })
    expect(promisesIn(await pull(bo))).toEqual([
      expect.objectContaining({ key: appointment.id, value: expect.objectContaining({ kind: 'appointment', bookedBy: anna.id }) }),
    ])
    expect(promisesIn(await pull(anna)).map((x) => x.key)).not.toContain(appointment.id)
    // The closer went; the customer was not there: it counts against the setter.
    expect(await push(bo, 'closePromise', { id: appointment.id, end: 'noShow', at: Date.now() })).toMatchObject({ applied: 1 })
  })

  it('a door’s come-back is a promise too; kept before its time, its reminder does not come', async () => {
    const id = randomUUID()
    const comeBackAt = Date.now() + 2 * 3_600_000
    const visit = {
      id,
      outcome: 'comeBack',
      address: 'Lillgatan 3',
      postalCode: null,
      city: 'Lund',
      note: null,
      comeBackAt,
      visitedAt: Date.now(),
      position: null,
      runId: null,
    }
    expect(await push(anna, 'recordVisit', visit)).toMatchObject({ applied: 1 })
    expect(promisesIn(await pull(anna)).find((x) => x.key === id)?.value).toMatchObject({ kind: 'comeBack', address: 'Lillgatan 3, Lund', dueAt: comeBackAt })
    expect(await push(anna, 'closePromise', { id, end: 'kept', at: Date.now() })).toMatchObject({ applied: 1 })
    const before = (await bellOf(anna.id)).length
    await runNow(`visit:${id}`)
    const [job] = await db
      .select()
      .from(s.jobs)
      .where(eq(s.jobs.uniqueKey, `visit:${id}`))
    expect(job).toMatchObject({ name: VISIT_REMINDER_JOB, status: 'done' })
    expect(await bellOf(anna.id)).toHaveLength(before)
  })
})

describe('an overdue promise and the team’s queue', () => {
  it('left an hour past its time it moves to the queue once; a teammate takes it; the coach sees who missed it', async () => {
    // Made on a phone that was offline: it arrives already past its time.
    const late = callBack({ customerName: 'Sen Kund', createdAt: Date.now() - 3 * 3_600_000, dueAt: Date.now() - 2 * 3_600_000 })
    expect(await push(anna, 'recordPromise', late)).toMatchObject({ applied: 1 })
    const [job] = await db
      .select()
      .from(s.jobs)
      .where(eq(s.jobs.uniqueKey, `promise-overdue:${late.id}`))
    expect(job!.name).toBe(PROMISE_OVERDUE_JOB)
    expect(job!.runAt).toBeLessThanOrEqual(Date.now())
    expect(job!.runAt).toBeGreaterThanOrEqual(late.dueAt + PROMISE_QUEUE_AFTER_MS - 1)
    await t.jobs.settled()
    await t.events.settled()
    // Taken off the holder's device, into the team's queue, and the holder told.
    expect(promisesIn(await pull(anna)).find((x) => x.key === late.id)).toMatchObject({ op: 'del' })
    expect((await bellOf(anna.id)).map((n) => n.title)).toContain('Till teamets kö: Sen Kund, 070-123 45 67')
    const queue = await t.request('GET', '/api/field/promises/queue', { cookie: bo.cookie })
    expect(queue.json).toEqual([expect.objectContaining({ id: late.id, customerName: 'Sen Kund', missedByName: 'Anna Löfte' })])
    // The holder can no longer end it from a device that had not heard.
    expect(await push(anna, 'closePromise', { id: late.id, end: 'kept', at: Date.now() })).toMatchObject({ rejected: 1 })
    // Another team's seller neither sees nor takes it; a teammate takes it, first come first served.
    expect((await t.request('GET', '/api/field/promises/queue', { cookie: other.cookie })).json).toEqual([])
    expect((await t.request('POST', `/api/field/promises/${late.id}/take`, { cookie: other.cookie })).status).toBe(404)
    expect((await t.request('POST', `/api/field/promises/${late.id}/take`, { cookie: bo.cookie })).status).toBe(204)
    const again = await t.request('POST', `/api/field/promises/${late.id}/take`, { cookie: anna.cookie })
    expect([again.status, again.json.error]).toEqual([409, 'promise_taken'])
    expect(promisesIn(await pull(bo)).find((x) => x.key === late.id)?.value).toMatchObject({ state: 'open', taken: true })
    expect(await push(bo, 'closePromise', { id: late.id, end: 'kept', at: Date.now() })).toMatchObject({ applied: 1 })
    // Once taken, it is not escalated.
    await runNow(`promise-unowned:${late.id}`)
    const [row] = await db.select().from(s.fieldPromises).where(eq(s.fieldPromises.id, late.id))
    expect(row).toMatchObject({ missedById: anna.id, userId: bo.id, escalatedAt: null, state: 'kept' })

    // The coach's figures: Anna missed one, Bo took one; the setter's appointment had a customer not there.
    const day = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())
    const from = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now() - 86_400_000)
    const report = await t.request('GET', `/api/field/promises-report?from=${from}&to=${day}&teamId=${teamId}`, { cookie: coach })
    expect(report.status, report.text).toBe(200)
    const sellers = report.json.sellers as Array<{ id: string; missed: number; kept: number; taken: number }>
    expect(sellers.find((x) => x.id === anna.id)).toMatchObject({ missed: 1 })
    expect(sellers.find((x) => x.id === bo.id)).toMatchObject({ taken: 1 })
    // A seller does not read the coach's figures.
    expect((await t.request('GET', `/api/field/promises-report?from=${from}&to=${day}`, { cookie: anna.cookie })).status).toBe(403)
  })

  it('a day past its time with no one taking it, the team’s coaches are told, once', async () => {
    const left = callBack({ customerName: 'Ingen Tar', createdAt: Date.now() - 26 * 3_600_000, dueAt: Date.now() - 25 * 3_600_000 })
    expect(await push(anna, 'recordPromise', left)).toMatchObject({ applied: 1 })
    await t.jobs.settled()
    await t.events.settled()
    await runNow(`promise-unowned:${left.id}`)
    const [job] = await db
      .select()
      .from(s.jobs)
      .where(eq(s.jobs.uniqueKey, `promise-unowned:${left.id}`))
    expect(job!.name).toBe(PROMISE_UNOWNED_JOB)
    const told = await db.select().from(s.notifications).where(like(s.notifications.title, 'Ingen har tagit: Ingen Tar%'))
    expect(told.length).toBeGreaterThan(0)
    expect(new Set(told.map((n) => n.userId)).size).toBe(told.length)
    const [row] = await db.select().from(s.fieldPromises).where(eq(s.fieldPromises.id, left.id))
    expect(row!.escalatedAt).not.toBeNull()
  })

  // Several instances are the PostgreSQL mode; the embedded database has one server.
  it.skipIf(!t.env.databaseUrl)('two instances running the same overdue promise at once move it once', async () => {
    const other2 = await createTestApp({ DATABASE_URL: t.env.databaseUrl! }, { deps: { instanceId: 'second-instance' } })
    // Both instances stand aside while the promise is made, then each has the job due at once (as a duplicate would be).
    await t.jobs.stop()
    await other2.jobs.stop()
    const late = callBack({ customerName: 'Två Instanser', createdAt: Date.now() - 3 * 3_600_000, dueAt: Date.now() - 2 * 3_600_000 })
    expect(await push(anna, 'recordPromise', late)).toMatchObject({ applied: 1 })
    await other2.jobs.enqueue(other2.database.db, PROMISE_OVERDUE_JOB, { promiseId: late.id })
    t.jobs.start()
    other2.jobs.start()
    await Promise.all([t.jobs.settled(30_000, 5_000), other2.jobs.settled(30_000, 5_000)])
    await Promise.all([t.events.settled(), other2.events.settled()])
    const runs = (await db.select().from(s.jobs).where(eq(s.jobs.name, PROMISE_OVERDUE_JOB))).filter((r) => r.payload.promiseId === late.id)
    expect(runs.map((r) => r.status)).toEqual(['done', 'done'])
    expect(new Set(runs.map((r) => r.lockedBy ?? r.id)).size).toBe(2)
    const events = (await db.select().from(s.domainEvents).where(eq(s.domainEvents.name, 'promise.queued'))).filter(
      (e) => (e.payload as { promiseId: string }).promiseId === late.id,
    )
    expect(events).toHaveLength(1)
    expect((await bellOf(anna.id)).filter((n) => n.title === 'Till teamets kö: Två Instanser, 070-123 45 67')).toHaveLength(1)
  })
})
