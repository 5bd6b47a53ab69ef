import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CoachGroupItem, OphOverview, ProviderCoachGroups } from '../../../shared/schemas/org'
import { createTestApp } from '../../test/harness'

/** Coach groups (decision 041) and OPH targets (decision 042): what each list holds, the changes, who may, bad input. */
const t = await createTestApp()
const { db, t: tables } = t.database
let admin = ''
let manager = ''
let coachId = ''
let sellerId = ''

const groups = async () => (await t.request('GET', '/api/coach-groups', { cookie: admin })).json.items as unknown as CoachGroupItem[]
const byProvider = async () => (await t.request('GET', '/api/coach-group-providers', { cookie: admin })).json.items as unknown as ProviderCoachGroups[]
const logOf = (entity: string, id: string) =>
  db
    .select()
    .from(tables.activityLog)
    .where(and(eq(tables.activityLog.entity, entity), eq(tables.activityLog.entityId, id)))
const userId = async (email: string) => (await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email)))[0]!.id

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  manager = (await t.login('manager@demo.test')).cookie
  coachId = await userId('coach@demo.test')
  sellerId = await userId('seller@demo.test')
})

describe('/api/coach-groups', () => {
  it('creates a group with coaches, changes it on the version seen, and deletes it; each logged with names', async () => {
    const created = await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: ' Energi syd ', coachIds: [coachId] } })
    expect(created.status, created.text).toBe(201)
    const group = created.json as unknown as CoachGroupItem
    expect(group).toMatchObject({ name: 'Energi syd', version: 1, coaches: [{ id: coachId, name: 'Cecilia Coach', active: true }], providers: [] })

    const twice = await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'energi SYD', coachIds: [] } })
    expect(twice.status).toBe(409)
    expect((twice.json.fieldErrors as Record<string, string[]>).name?.[0]).toMatch(/finns redan/)

    const changed = await t.request('PUT', `/api/coach-groups/${group.id}`, {
      cookie: admin,
      body: { name: 'Energi söder', coachIds: [coachId, sellerId], version: 1 },
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json).toMatchObject({ name: 'Energi söder', version: 2 })
    expect((changed.json as unknown as CoachGroupItem).coaches.map((c) => c.name)).toEqual(['Cecilia Coach', 'Sven Säljare'])

    const stale = await t.request('PUT', `/api/coach-groups/${group.id}`, { cookie: admin, body: { name: 'Energi väst', coachIds: [], version: 1 } })
    expect(stale.status).toBe(409)
    expect((stale.json.details as { current: CoachGroupItem }).current.name).toBe('Energi söder')

    const removed = await t.request('DELETE', `/api/coach-groups/${group.id}`, { cookie: admin })
    expect(removed.status).toBe(200)
    expect((await groups()).some((g) => g.id === group.id)).toBe(false)
    expect((await db.select().from(tables.coachGroupMembers).where(eq(tables.coachGroupMembers.groupId, group.id))).length).toBe(0)
    expect((await logOf('coach_group', group.id)).map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { name: 'Energi syd', coaches: ['Cecilia Coach'] }],
      ['updated', { name: 'Energi syd', coaches: ['Cecilia Coach'] }, { name: 'Energi söder', coaches: ['Cecilia Coach', 'Sven Säljare'] }],
      ['deleted', { name: 'Energi söder', coaches: ['Cecilia Coach', 'Sven Säljare'], providers: [] }, null],
    ])
  })

  it('sets the groups working for a provider on the set seen, and lists them both ways', async () => {
    const a = (await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'Grupp A', coachIds: [coachId] } }))
      .json as unknown as CoachGroupItem
    const b = (await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'Grupp B', coachIds: [] } })).json as unknown as CoachGroupItem
    const provider = (await byProvider()).find((p) => p.active && p.groups.length === 0)!
    expect(provider.groups).toEqual([])

    const set = await t.request('PUT', `/api/coach-group-providers/${provider.providerId}`, { cookie: admin, body: { groupIds: [b.id, a.id], basedOn: [] } })
    expect(set.status, set.text).toBe(200)
    expect((set.json as unknown as ProviderCoachGroups).groups.map((g) => g.name)).toEqual(['Grupp A', 'Grupp B'])
    expect((await groups()).find((g) => g.id === a.id)!.providers).toEqual([{ id: provider.providerId, name: provider.providerName }])

    // Another's change in between: the set seen is not the set now.
    const stale = await t.request('PUT', `/api/coach-group-providers/${provider.providerId}`, { cookie: admin, body: { groupIds: [], basedOn: [] } })
    expect(stale.status).toBe(409)
    const cut = await t.request('PUT', `/api/coach-group-providers/${provider.providerId}`, {
      cookie: admin,
      body: { groupIds: [a.id], basedOn: [a.id, b.id] },
    })
    expect((cut.json as unknown as ProviderCoachGroups).groups.map((g) => g.id)).toEqual([a.id])
    expect((await logOf('coach_group', b.id)).map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { name: 'Grupp B', coaches: [] }],
      ['updated', { provider: null }, { provider: provider.providerName }],
      ['updated', { provider: provider.providerName }, { provider: null }],
    ])
    // A group's version moves with its providers: an edit on the old one is a conflict.
    expect((await groups()).find((g) => g.id === b.id)!.version).toBe(3)

    const unknown = await t.request('PUT', `/api/coach-group-providers/${provider.providerId}`, {
      cookie: admin,
      body: { groupIds: ['nope'], basedOn: [a.id] },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json.fieldErrors).toHaveProperty('groupIds')
    expect((await t.request('PUT', '/api/coach-group-providers/nope', { cookie: admin, body: { groupIds: [], basedOn: [] } })).status).toBe(404)
  })

  it('refuses a former user as coach, an empty or long name, and unknown fields', async () => {
    const [former] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.active, false)).limit(1)
    if (former) {
      const r = await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'Med en som slutat', coachIds: [former.id] } })
      expect(r.status).toBe(400)
      expect(r.json.fieldErrors).toHaveProperty('coachIds')
    }
    const ghost = await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'Spöke', coachIds: ['no-such-user'] } })
    expect(ghost.status).toBe(400)
    for (const name of ['', '  ', 'x'.repeat(61)]) {
      expect((await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name, coachIds: [] } })).status).toBe(400)
    }
    expect((await t.request('POST', '/api/coach-groups', { cookie: admin, body: { name: 'Extra', coachIds: [], admin: true } })).status).toBe(400)
    expect((await groups()).some((g) => ['Med en som slutat', 'Spöke', 'Extra'].includes(g.name))).toBe(false)
  })

  it('is read by a manager, changed only by those with the permission, and closed to sellers', async () => {
    expect((await t.request('GET', '/api/coach-groups', { cookie: manager })).status).toBe(200)
    expect((await t.request('GET', '/api/coach-group-providers', { cookie: manager })).status).toBe(200)
    expect((await t.request('POST', '/api/coach-groups', { cookie: manager, body: { name: 'Smyg', coachIds: [] } })).status).toBe(403)
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', '/api/coach-groups', { cookie: seller })).status).toBe(403)
  })
})

describe('/api/oph-targets', () => {
  const values = { level1Gold: 120, level1Platinum: 160, level2Gold: 150, level2Platinum: 200 }
  const overview = async (cookie = admin) => (await t.request('GET', '/api/oph-targets', { cookie })).json as unknown as OphOverview

  it('lists the demo’s: Malmö’s own, Team Lund’s own, and Team Öresund following Malmö', async () => {
    const malmo = (await overview()).offices.find((o) => o.name === 'Malmö')!
    expect(malmo).toMatchObject({ regionName: 'Region Syd', own: { level1Gold: 120, level1Platinum: 160, level2Gold: 150, level2Platinum: 200 } })
    expect(malmo.teams.map((x) => [x.name, x.own?.level1Gold ?? null])).toEqual([
      ['Team Lund', 110],
      ['Team Öresund', null],
    ])
    const syd = (await groups()).find((g) => g.name === 'Coachgrupp Syd')!
    expect([syd.coaches.map((c) => c.name), syd.providers.length]).toEqual([['Cecilia Coach'], 1])
  })

  it('sets an office’s targets, gives a team its own, and removes them again; each logged', async () => {
    const office = (await overview()).offices.find((o) => o.teams.length > 0 && o.own === null)!
    const team = office.teams[0]!

    const set = await t.request('PUT', `/api/oph-targets/office/${office.id}`, { cookie: admin, body: { values, version: null } })
    expect(set.status, set.text).toBe(200)
    expect(set.json.own).toMatchObject({ ...values, version: 1 })
    // Set twice from "none": the second saw no targets, but there are some now.
    expect((await t.request('PUT', `/api/oph-targets/office/${office.id}`, { cookie: admin, body: { values, version: null } })).status).toBe(409)

    const own = { ...values, level1Gold: 100 }
    const teamSet = await t.request('PUT', `/api/oph-targets/team/${team.id}`, { cookie: admin, body: { values: own, version: null } })
    expect(teamSet.status).toBe(200)
    const after = (await overview()).offices.find((o) => o.id === office.id)!
    expect(after.own).toMatchObject(values)
    expect(after.teams.find((x) => x.id === team.id)!.own).toMatchObject(own)
    expect(after.teams.filter((x) => x.id !== team.id).every((x) => x.own === null)).toBe(true)

    const removed = await t.request('PUT', `/api/oph-targets/team/${team.id}`, { cookie: admin, body: { values: null, version: 1 } })
    expect(removed.json.own).toBeNull()
    expect((await overview()).offices.find((o) => o.id === office.id)!.teams.find((x) => x.id === team.id)!.own).toBeNull()
    expect((await logOf('oph_target', `team:${team.id}`)).map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { team: team.name, level1Gold: 1, level1Platinum: 1.6, level2Gold: 1.5, level2Platinum: 2 }],
      ['deleted', { team: team.name, level1Gold: 1, level1Platinum: 1.6, level2Gold: 1.5, level2Platinum: 2 }, null],
    ])
  })

  it('refuses platinum not above gold, values out of range and unknown scopes, and changes nothing', async () => {
    const office = (await overview()).offices.find((o) => o.own === null)!
    const flat = await t.request('PUT', `/api/oph-targets/office/${office.id}`, {
      cookie: admin,
      body: { values: { ...values, level2Platinum: 150 }, version: null },
    })
    expect(flat.status).toBe(400)
    expect((flat.json.fieldErrors as Record<string, string[]>).level2Platinum?.[0]).toMatch(/Platina måste vara högre än guld/)
    for (const bad of [0, -5, 2001, 1.5]) {
      const r = await t.request('PUT', `/api/oph-targets/office/${office.id}`, {
        cookie: admin,
        body: { values: { ...values, level1Gold: bad }, version: null },
      })
      expect(r.status, String(bad)).toBe(400)
    }
    expect((await t.request('PUT', `/api/oph-targets/region/${office.id}`, { cookie: admin, body: { values, version: null } })).status).toBe(400)
    expect((await t.request('PUT', `/api/oph-targets/team/nope`, { cookie: admin, body: { values, version: null } })).status).toBe(404)
    expect((await overview()).offices.find((o) => o.id === office.id)!.own).toBeNull()
  })

  it('shows a coach only their teams, and lets only those who may change offices or teams set targets', async () => {
    const coach = (await t.login('coach@demo.test')).cookie
    const seen = await overview(coach)
    const teams = seen.offices.flatMap((o) => o.teams)
    expect(teams.length).toBeGreaterThan(0)
    expect(teams.length).toBeLessThan((await overview()).offices.flatMap((o) => o.teams).length)
    expect(seen.may).toEqual({ office: false, team: false })
    expect((await t.request('PUT', `/api/oph-targets/team/${teams[0]!.id}`, { cookie: coach, body: { values, version: null } })).status).toBe(403)
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', '/api/oph-targets', { cookie: seller })).status).toBe(403)
  })
})
