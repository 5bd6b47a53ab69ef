import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ActivityEntryItem } from '../../../shared/schemas/activity'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { businessDayStart } from '../../../shared/rules/work'
import { createTestApp } from '../../test/harness'

/** The activity-log search (decision 035): who may read it, its filters, and bad input. */
const t = await createTestApp()
const { db, t: tables } = t.database

let admin = ''
const ids = new Map<string, string>()
const search = async (query: string, cookie = admin) => {
  const r = await t.request('GET', `/api/activity-log${query}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as ListAnswer<ActivityEntryItem>
}

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  for (const u of await db.select({ id: tables.users.id, email: tables.users.email }).from(tables.users)) ids.set(u.email, u.id)
  // A known history: two days in January (Stockholm days), one entry made while acting as someone else.
  const day = (d: string, hour: number) => businessDayStart(d) + hour * 3_600_000
  await db.insert(tables.activityLog).values([
    {
      at: day('2026-01-14', 23),
      actorId: ids.get('admin@demo.test')!,
      entity: 'user',
      entityId: ids.get('seller@demo.test')!,
      action: 'updated',
      before: { title: null },
      after: { title: 'Säljare' },
      reason: null,
    },
    {
      at: day('2026-01-15', 0),
      actorId: ids.get('backoffice@demo.test')!,
      entity: 'sale_report',
      entityId: 'sale-1',
      action: 'status_changed',
      before: { status: 'finalized' },
      after: { status: 'approved' },
      reason: 'Kontrollringd',
    },
    {
      at: day('2026-01-15', 10),
      actorId: ids.get('admin@demo.test')!,
      actingAsId: ids.get('coach@demo.test')!,
      entity: 'user',
      entityId: ids.get('seller@demo.test')!,
      action: 'deactivated',
      before: { active: true },
      after: { active: false },
      reason: 'Slutat',
    },
  ])
})

describe('GET /api/activity-log', () => {
  it('names teams, offices, roles and a sale report (its customer and provider) on its lines', async () => {
    const [team] = await db.select({ id: tables.teams.id, name: tables.teams.name }).from(tables.teams).limit(1)
    const [office] = await db.select({ id: tables.offices.id, name: tables.offices.name }).from(tables.offices).limit(1)
    const [role] = await db.select({ id: tables.roles.id, name: tables.roles.name }).from(tables.roles).limit(1)
    const [sale] = await db
      .select({ id: tables.sales.id, customer: tables.sales.customerName, provider: tables.providers.name })
      .from(tables.sales)
      .innerJoin(tables.providers, eq(tables.providers.id, tables.sales.providerId))
      .limit(1)
    const at = businessDayStart('2026-02-02') + 3_600_000
    const line = (entity: string, entityId: string) => ({ at, actorId: ids.get('admin@demo.test')!, entity, entityId, action: 'updated' })
    await db
      .insert(tables.activityLog)
      .values([line('team', team!.id), line('office', office!.id), line('role', role!.id), line('sale_report', sale!.id), line('quality_survey', 'q-1')])
    const named = new Map((await search('?from=2026-02-02&to=2026-02-02')).items.map((e) => [e.entity, e.entityName]))
    expect(Object.fromEntries(named)).toEqual({
      team: team!.name,
      office: office!.name,
      role: role!.name,
      sale_report: `${sale!.customer} · ${sale!.provider}`,
      quality_survey: null,
    })
  })

  it('is for admins: back office, coaches and sellers are refused', async () => {
    for (const email of ['backoffice@demo.test', 'coach@demo.test', 'seller@demo.test']) {
      const { cookie } = await t.login(email)
      expect((await t.request('GET', '/api/activity-log', { cookie })).status, email).toBe(403)
    }
    expect((await t.request('GET', '/api/activity-log')).status).toBe(401)
  })

  it('lists newest first with the actor’s name and whom they acted as', async () => {
    const answer = await search('?from=2026-01-14&to=2026-01-15')
    expect(answer.total).toBe(3)
    expect(answer.items.map((e) => e.action)).toEqual(['deactivated', 'status_changed', 'updated'])
    expect(answer.items[0]).toMatchObject({
      entity: 'user',
      entityId: ids.get('seller@demo.test'),
      actor: { id: ids.get('admin@demo.test'), name: 'Astrid Admin' },
      actingAs: { id: ids.get('coach@demo.test'), name: 'Cecilia Coach' },
      before: { active: true },
      after: { active: false },
      reason: 'Slutat',
    })
    expect(answer.items[1]!.actingAs).toBeNull()
    // Each line names what it is about where its area names it: the person, by name; an unknown sale by its id alone.
    expect(answer.items.map((e) => e.entityName)).toEqual(['Sven Säljare', null, 'Sven Säljare'])
    const oldestFirst = await search('?from=2026-01-14&to=2026-01-15&sortBy=at&orderBy=asc')
    expect(oldestFirst.items.map((e) => e.action)).toEqual(['updated', 'status_changed', 'deactivated'])
  })

  it('filters by actor, entity, one entity’s id, action, period (Stockholm days) and free text', async () => {
    const period = '&from=2026-01-14&to=2026-01-15'
    const actions = async (query: string) => (await search(`?${query}${period}`)).items.map((e) => e.action)
    expect(await actions(`actorId=${ids.get('backoffice@demo.test')}`)).toEqual(['status_changed'])
    expect(await actions('entity=user')).toEqual(['deactivated', 'updated'])
    expect(await actions(`entity=user&entityId=${ids.get('seller@demo.test')}&action=updated`)).toEqual(['updated'])
    expect(await actions('q=kontrollringd')).toEqual(['status_changed'])
    expect(await actions('q=bertil')).toEqual(['status_changed'])
    // 23:00 on 14 January in Stockholm is the 14th, though it is 22:00 UTC; midnight is the 15th.
    expect((await search('?from=2026-01-14&to=2026-01-14')).items.map((e) => e.action)).toEqual(['updated'])
    expect((await search('?from=2026-01-15&to=2026-01-15')).items.map((e) => e.action)).toEqual(['deactivated', 'status_changed'])
  })

  it('finds what the app itself logged: an admin’s edit of a user', async () => {
    const [seller] = await db.select().from(tables.users).where(eq(tables.users.email, 'anna.lindqvist@demo.test'))
    const detail = (await t.request('GET', `/api/users/${seller!.id}`, { cookie: admin })).json as { version: number; roleId: string; teamId: string | null }
    const edit = await t.request('PUT', `/api/users/${seller!.id}`, {
      cookie: admin,
      body: {
        email: seller!.email,
        firstName: seller!.firstName,
        lastName: seller!.lastName,
        title: 'Teamledare',
        roleId: detail.roleId,
        teamId: detail.teamId,
        language: null,
        driversLicense: false,
        version: detail.version,
      },
    })
    expect(edit.status, edit.text).toBe(200)
    const answer = await search(`?entity=user&entityId=${seller!.id}`)
    expect(answer.items[0]).toMatchObject({ action: 'updated', actor: { name: 'Astrid Admin' }, after: { title: 'Teamledare' } })
  })

  it('refuses bad filters with the field named, and pages', async () => {
    for (const query of ['?entity=user;drop', '?from=15-01-2026', '?sortBy=actor', '?itemsPerPage=7', '?action=%27or%271']) {
      const r = await t.request('GET', `/api/activity-log${query}`, { cookie: admin })
      expect(r.status, query).toBe(400)
      expect(Object.keys(r.json.fieldErrors as object).length, query).toBe(1)
    }
    const first = await search('?itemsPerPage=2&from=2026-01-14&to=2026-01-15')
    const second = await search('?itemsPerPage=2&page=2&from=2026-01-14&to=2026-01-15')
    expect([first.items.length, second.items.length, first.total]).toEqual([2, 1, 3])
  })
})
