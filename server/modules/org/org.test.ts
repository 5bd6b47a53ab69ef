import { and, eq, inArray } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { OfficeDetail, OfficeItem, RegionDetail, RegionItem, TeamDetail } from '../../../shared/schemas/org'
import { createTestApp } from '../../test/harness'

/** Regions (decision 036): the list with what each holds, create, rename, delete, who may, and bad input. */
const t = await createTestApp()
const { db, t: tables } = t.database
let admin = ''

const regions = async () => (await t.request('GET', '/api/regions', { cookie: admin })).json.items as unknown as RegionItem[]
const logOf = (id: string) =>
  db
    .select()
    .from(tables.activityLog)
    .where(and(eq(tables.activityLog.entity, 'region'), eq(tables.activityLog.entityId, id)))

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
})

describe('/api/regions', () => {
  it('lists every region by name with its offices, teams and active people', async () => {
    const list = await regions()
    expect(list.map((r) => r.name)).toEqual([...list.map((r) => r.name)].sort((a, b) => a.localeCompare(b)))
    const south = list.find((r) => r.officeCount === 2)!
    expect(south.teamCount).toBeGreaterThan(0)
    expect(south.userCount).toBeGreaterThan(0)
  })

  it('creates, renames (on the name seen) and deletes a region, each logged', async () => {
    const created = await t.request('POST', '/api/regions', { cookie: admin, body: { name: '  Region Norrland ' } })
    expect(created.status, created.text).toBe(201)
    const region = created.json as unknown as RegionItem
    expect(region).toMatchObject({ name: 'Region Norrland', officeCount: 0, teamCount: 0, userCount: 0 })

    const twice = await t.request('POST', '/api/regions', { cookie: admin, body: { name: 'region norrland' } })
    expect(twice.status).toBe(409)
    expect((twice.json.fieldErrors as Record<string, string[]>).name?.[0]).toMatch(/finns redan/)

    const renamed = await t.request('PUT', `/api/regions/${region.id}`, { cookie: admin, body: { name: 'Region Norr', basedOn: 'Region Norrland' } })
    expect(renamed.json).toMatchObject({ name: 'Region Norr' })
    const stale = await t.request('PUT', `/api/regions/${region.id}`, { cookie: admin, body: { name: 'Region Nord', basedOn: 'Region Norrland' } })
    expect(stale.status).toBe(409)
    expect((stale.json.details as { current: RegionItem }).current.name).toBe('Region Norr')

    const removed = await t.request('DELETE', `/api/regions/${region.id}`, { cookie: admin })
    expect(removed.status).toBe(200)
    expect((await regions()).some((r) => r.id === region.id)).toBe(false)
    expect((await logOf(region.id)).map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { name: 'Region Norrland' }],
      ['updated', { name: 'Region Norrland' }, { name: 'Region Norr' }],
      ['deleted', { name: 'Region Norr' }, null],
    ])
  })

  it('does not delete a region with offices, and says how many', async () => {
    const withOffices = (await regions()).find((r) => r.officeCount > 0)!
    const r = await t.request('DELETE', `/api/regions/${withOffices.id}`, { cookie: admin })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'region_in_use' })
    expect(r.json.message).toContain(String(withOffices.officeCount))
    expect((await regions()).some((x) => x.id === withOffices.id)).toBe(true)
  })

  it('is read by those who view regions and changed only by those with the permission', async () => {
    const back = (await t.login('backoffice@demo.test')).cookie
    expect((await t.request('GET', '/api/regions', { cookie: back })).status).toBe(200)
    expect((await t.request('POST', '/api/regions', { cookie: back, body: { name: 'Smyg' } })).status).toBe(403)
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', '/api/regions', { cookie: seller })).status).toBe(403)
    const any = (await regions())[0]!
    expect((await t.request('DELETE', `/api/regions/${any.id}`, { cookie: back })).status).toBe(403)
  })

  it('refuses an empty or too long name, and an unknown region', async () => {
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const r = await t.request('POST', '/api/regions', { cookie: admin, body: { name } })
      expect(r.status, JSON.stringify(name)).toBe(400)
      expect(r.json.fieldErrors).toHaveProperty('name')
    }
    expect((await t.request('PUT', '/api/regions/nope', { cookie: admin, body: { name: 'X', basedOn: 'Y' } })).status).toBe(404)
    expect((await t.request('DELETE', '/api/regions/nope', { cookie: admin })).status).toBe(404)
  })

  it('keeps a region’s country (where its new sellers’ directory accounts are used, decision 070), logged; only known ones', async () => {
    const created = (await t.request('POST', '/api/regions', { cookie: admin, body: { name: `Region Nord ${Date.now()}` } })).json as unknown as RegionItem
    const detail = async () => (await t.request('GET', `/api/regions/${created.id}`, { cookie: admin })).json as unknown as RegionDetail
    expect((await detail()).country).toBe('SE')
    const set = await t.request('PUT', `/api/regions/${created.id}/country`, { cookie: admin, body: { country: 'FI' } })
    expect(set.status, set.text).toBe(200)
    expect((await detail()).country).toBe('FI')
    expect((await logOf(created.id)).map((l) => [l.action, l.after])).toContainEqual(['updated', { country: 'FI' }])
    expect((await t.request('PUT', `/api/regions/${created.id}/country`, { cookie: admin, body: { country: 'XX' } })).status).toBe(400)
    const backoffice = (await t.login('backoffice@demo.test')).cookie
    expect((await t.request('PUT', `/api/regions/${created.id}/country`, { cookie: backoffice, body: { country: 'SE' } })).status).toBe(403)
    expect((await t.request('PUT', '/api/regions/nope/country', { cookie: admin, body: { country: 'SE' } })).status).toBe(404)
    expect((await detail()).country).toBe('FI')
  })
})

describe('/api/offices', () => {
  const offices = async (cookie = admin) => (await t.request('GET', '/api/offices', { cookie })).json.items as unknown as OfficeItem[]

  it('lists the offices the reader may see, with region, teams and active people', async () => {
    const all = await offices()
    expect(all.map((o) => o.name)).toEqual(['Göteborg', 'Malmö', 'Stockholm'])
    expect(all.find((o) => o.name === 'Malmö')).toMatchObject({ regionName: 'Region Syd', teamCount: 2 })
    // A role that views its own office only sees that one.
    const role = await t.request('POST', '/api/roles', {
      cookie: admin,
      body: { name: 'Kontorsläsare', permissions: [{ action: 'view', subject: 'offices', scope: 'office' }] },
    })
    const [oresund] = await db.select({ id: tables.teams.id }).from(tables.teams).where(eq(tables.teams.name, 'Team Öresund'))
    const made = await t.request('POST', '/api/users', {
      cookie: admin,
      body: {
        email: 'kontorslasare@example.se',
        firstName: 'Kim',
        lastName: 'Läsare',
        password: 'ett-langt-losenord',
        roleId: (role.json as { id: string }).id,
        teamId: oresund!.id,
      },
    })
    expect(made.status, made.text).toBe(201)
    const reader = (await t.login('kontorslasare@example.se', 'ett-langt-losenord')).cookie
    expect((await offices(reader)).map((o) => o.name)).toEqual(['Malmö'])
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', '/api/offices', { cookie: seller })).status).toBe(403)
  })

  it('creates an office in a region, moves and renames it on what was seen, and deletes it, each logged', async () => {
    const [syd, mitt] = [(await regions()).find((r) => r.name === 'Region Syd')!, (await regions()).find((r) => r.name === 'Region Mitt')!]
    const created = await t.request('POST', '/api/offices', { cookie: admin, body: { name: 'Lund', regionId: syd.id } })
    expect(created.status, created.text).toBe(201)
    const office = created.json as unknown as OfficeItem
    expect(office).toMatchObject({ name: 'Lund', regionName: 'Region Syd', teamCount: 0 })
    expect((await t.request('POST', '/api/offices', { cookie: admin, body: { name: 'lund', regionId: syd.id } })).status).toBe(409)
    const unknown = await t.request('POST', '/api/offices', { cookie: admin, body: { name: 'Umeå', regionId: 'nope' } })
    expect(unknown.status).toBe(400)
    expect(unknown.json.fieldErrors).toHaveProperty('regionId')

    const moved = await t.request('PUT', `/api/offices/${office.id}`, {
      cookie: admin,
      body: { name: 'Lund C', regionId: mitt.id, basedOn: { name: 'Lund', regionId: syd.id } },
    })
    expect(moved.json).toMatchObject({ name: 'Lund C', regionName: 'Region Mitt' })
    const stale = await t.request('PUT', `/api/offices/${office.id}`, {
      cookie: admin,
      body: { name: 'Lund', regionId: syd.id, basedOn: { name: 'Lund', regionId: syd.id } },
    })
    expect(stale.status).toBe(409)

    expect((await t.request('DELETE', `/api/offices/${office.id}`, { cookie: admin })).status).toBe(200)
    const log = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'office'), eq(tables.activityLog.entityId, office.id)))
    expect(log.map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { name: 'Lund', region: 'Region Syd' }],
      ['updated', { name: 'Lund', region: 'Region Syd' }, { name: 'Lund C', region: 'Region Mitt' }],
      ['deleted', { name: 'Lund C', region: 'Region Mitt' }, null],
    ])
  })

  it('shows an office’s page with its teams (active members, provider) and its log, to those who may see it', async () => {
    const all = await offices()
    const malmo = all.find((o) => o.name === 'Malmö')!
    const r = await t.request('GET', `/api/offices/${malmo.id}`, { cookie: admin })
    expect(r.status, r.text).toBe(200)
    const page = r.json as unknown as OfficeDetail
    expect(page).toMatchObject({ name: 'Malmö', regionName: 'Region Syd', may: { edit: true, delete: true } })
    expect(page.teams.map((x) => [x.name, x.providerName])).toEqual([
      ['Team Lund', null],
      ['Team Öresund', 'Nordel Energi'],
    ])
    expect(page.teams.every((x) => x.memberCount > 0)).toBe(true)
    expect(Array.isArray(page.activity)).toBe(true)
    // A manager reads an office without changing it; one who views their own office only (the role made above)
    // does not see another.
    const manager = (await t.login('manager@demo.test')).cookie
    const read = (await t.request('GET', `/api/offices/${malmo.id}`, { cookie: manager })).json as unknown as OfficeDetail
    expect(read.may).toEqual({ edit: false, delete: false })
    const reader = (await t.login('kontorslasare@example.se', 'ett-langt-losenord')).cookie
    expect((await t.request('GET', `/api/offices/${malmo.id}`, { cookie: reader })).status).toBe(200)
    const other = all.find((o) => o.name === 'Göteborg')!
    expect((await t.request('GET', `/api/offices/${other.id}`, { cookie: reader })).status).toBe(404)
    expect((await t.request('GET', '/api/offices/nope', { cookie: admin })).status).toBe(404)
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('GET', `/api/offices/${malmo.id}`, { cookie: seller })).status).toBe(403)
  })

  it('shows a region’s page with its offices and its log; back office reads it without changing it', async () => {
    const syd = (await regions()).find((r) => r.name === 'Region Syd')!
    const renamed = await t.request('PUT', `/api/regions/${syd.id}`, { cookie: admin, body: { name: 'Region Söder', basedOn: 'Region Syd' } })
    expect(renamed.status, renamed.text).toBe(200)
    try {
      const page = (await t.request('GET', `/api/regions/${syd.id}`, { cookie: admin })).json as unknown as RegionDetail
      expect(page).toMatchObject({ name: 'Region Söder', may: { edit: true, delete: true } })
      expect(page.offices.map((o) => [o.name, o.teamCount])).toEqual([
        ['Göteborg', 1],
        ['Malmö', 2],
      ])
      expect(page.offices.every((o) => o.userCount > 0)).toBe(true)
      expect(page.activity[0]).toMatchObject({ action: 'updated', before: { name: 'Region Syd' }, after: { name: 'Region Söder' } })
      const back = (await t.login('backoffice@demo.test')).cookie
      const read = await t.request('GET', `/api/regions/${syd.id}`, { cookie: back })
      expect(read.status).toBe(200)
      expect((read.json as unknown as RegionDetail).may).toEqual({ edit: false, delete: false })
      expect((await t.request('GET', '/api/regions/nope', { cookie: admin })).status).toBe(404)
    } finally {
      await t.request('PUT', `/api/regions/${syd.id}`, { cookie: admin, body: { name: 'Region Syd', basedOn: 'Region Söder' } })
    }
  })

  it('keeps an office with teams or people, saying how many', async () => {
    const malmo = (await offices()).find((o) => o.name === 'Malmö')!
    const r = await t.request('DELETE', `/api/offices/${malmo.id}`, { cookie: admin })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'office_in_use' })
    expect(r.json.message).toContain('2 team')
    const back = (await t.login('backoffice@demo.test')).cookie
    expect((await t.request('DELETE', `/api/offices/${malmo.id}`, { cookie: back })).status).toBe(403)
  })
})

describe('/api/teams/:id and team changes', () => {
  const teamId = async (name: string) => (await db.select({ id: tables.teams.id }).from(tables.teams).where(eq(tables.teams.name, name)))[0]!.id
  const userId = async (email: string) => (await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email)))[0]!.id

  it('shows a team with its office, coaches, active members and log, to those who may see it', async () => {
    const oresund = await teamId('Team Öresund')
    const r = await t.request('GET', `/api/teams/${oresund}`, { cookie: admin })
    expect(r.status, r.text).toBe(200)
    const team = r.json as unknown as TeamDetail
    expect(team).toMatchObject({ name: 'Team Öresund', officeName: 'Malmö', regionName: 'Region Syd', may: { edit: true, delete: true } })
    expect(team.coaches.map((c) => c.name)).toEqual(['Cecilia Coach'])
    expect(team.members.map((m) => m.email)).toContain('seller@demo.test')
    const coach = (await t.login('coach@demo.test')).cookie
    const seen = (await t.request('GET', `/api/teams/${oresund}`, { cookie: coach })).json as unknown as TeamDetail
    expect(seen.may).toEqual({ edit: false, delete: false })
    expect((await t.request('GET', `/api/teams/${await teamId('Team Norr')}`, { cookie: coach })).status).toBe(404)
  })

  it('creates a team with a coach, whose open session sees it at once; renames it, changes coaches, deletes it; each logged', async () => {
    const coach = (await t.login('coach@demo.test')).cookie
    const [malmo] = await db.select({ id: tables.offices.id }).from(tables.offices).where(eq(tables.offices.name, 'Malmö'))
    const coachId = await userId('coach@demo.test')
    const created = await t.request('POST', '/api/teams', { cookie: admin, body: { name: 'Team Hamnen', officeId: malmo!.id, coachIds: [coachId] } })
    expect(created.status, created.text).toBe(201)
    const id = (created.json as { id: string }).id
    expect((await t.request('GET', `/api/teams/${id}`, { cookie: coach })).status).toBe(200)

    const twice = await t.request('POST', '/api/teams', { cookie: admin, body: { name: 'team hamnen', officeId: malmo!.id, coachIds: [] } })
    expect(twice.status).toBe(409)
    const badCoach = await t.request('POST', '/api/teams', { cookie: admin, body: { name: 'Team X', officeId: malmo!.id, coachIds: ['nobody'] } })
    expect(badCoach.status).toBe(400)
    expect(badCoach.json.fieldErrors).toHaveProperty('coachIds')

    const seen = { name: 'Team Hamnen', officeId: malmo!.id, coachIds: [coachId] }
    const renamed = await t.request('PUT', `/api/teams/${id}`, {
      cookie: admin,
      body: { name: 'Team Kajen', officeId: malmo!.id, coachIds: [], basedOn: seen },
    })
    expect(renamed.status, renamed.text).toBe(200)
    expect(renamed.json).toMatchObject({ name: 'Team Kajen', coaches: [] })
    expect((await t.request('GET', `/api/teams/${id}`, { cookie: coach })).status).toBe(404)
    const stale = await t.request('PUT', `/api/teams/${id}`, { cookie: admin, body: { name: 'Team Y', officeId: malmo!.id, coachIds: [], basedOn: seen } })
    expect(stale.status).toBe(409)

    expect((await t.request('DELETE', `/api/teams/${id}`, { cookie: admin })).status).toBe(200)
    const log = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'team'), eq(tables.activityLog.entityId, id)))
    expect(log.map((l) => [l.action, l.before, l.after])).toEqual([
      ['created', null, { name: 'Team Hamnen', office: 'Malmö', coaches: ['Cecilia Coach'], provider: null }],
      ['updated', { name: 'Team Hamnen', coaches: ['Cecilia Coach'] }, { name: 'Team Kajen', coaches: [] }],
      ['deleted', { name: 'Team Kajen', office: 'Malmö', coaches: [], provider: null }, null],
    ])
  })

  it('a team sells for an active provider: chosen, shown in the list and on its page, changed on the version seen, logged by name', async () => {
    const [malmo] = await db.select({ id: tables.offices.id }).from(tables.offices).where(eq(tables.offices.name, 'Malmö'))
    const providers = await db.select({ id: tables.providers.id, name: tables.providers.name }).from(tables.providers).orderBy(tables.providers.name)
    const [first, second] = providers
    const unknown = await t.request('POST', '/api/teams', {
      cookie: admin,
      body: { name: 'Team Kusten', officeId: malmo!.id, coachIds: [], providerId: 'nobody' },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.json.fieldErrors).toHaveProperty('providerId')
    const created = await t.request('POST', '/api/teams', {
      cookie: admin,
      body: { name: 'Team Kusten', officeId: malmo!.id, coachIds: [], providerId: first!.id },
    })
    expect(created.status, created.text).toBe(201)
    const id = (created.json as { id: string }).id
    const page = (await t.request('GET', `/api/teams/${id}`, { cookie: admin })).json as unknown as TeamDetail
    expect(page.provider).toEqual({ id: first!.id, name: first!.name, active: true })
    const list = await t.request('GET', '/api/teams?q=Kusten', { cookie: admin })
    expect(list.json.items).toEqual([expect.objectContaining({ name: 'Team Kusten', providerName: first!.name })])

    // Another's change of provider in between is a conflict; an archived provider cannot be chosen, but a team keeps one.
    const seen = { name: 'Team Kusten', officeId: malmo!.id, coachIds: [], providerId: null }
    const stale = await t.request('PUT', `/api/teams/${id}`, { cookie: admin, body: { ...seen, providerId: second!.id, basedOn: seen } })
    expect(stale.status).toBe(409)
    const now = { ...seen, providerId: first!.id }
    await db.update(tables.providers).set({ active: false }).where(eq(tables.providers.id, second!.id))
    try {
      const archived = await t.request('PUT', `/api/teams/${id}`, { cookie: admin, body: { ...now, providerId: second!.id, basedOn: now } })
      expect(archived.status).toBe(400)
      expect((archived.json.fieldErrors as Record<string, string[]>).providerId).toEqual(['Leverantören finns inte eller är arkiverad'])
      await db.update(tables.providers).set({ active: false }).where(eq(tables.providers.id, first!.id))
      const renamed = await t.request('PUT', `/api/teams/${id}`, { cookie: admin, body: { ...now, name: 'Team Strand', basedOn: now } })
      expect(renamed.status, renamed.text).toBe(200)
      expect((renamed.json as unknown as TeamDetail).provider).toEqual({ id: first!.id, name: first!.name, active: false })
    } finally {
      await db
        .update(tables.providers)
        .set({ active: true })
        .where(inArray(tables.providers.id, [first!.id, second!.id]))
    }
    const after = { ...now, name: 'Team Strand' }
    const none = await t.request('PUT', `/api/teams/${id}`, { cookie: admin, body: { ...after, providerId: null, basedOn: after } })
    expect((none.json as unknown as TeamDetail).provider).toBeNull()
    const log = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'team'), eq(tables.activityLog.entityId, id), eq(tables.activityLog.action, 'updated')))
    expect(log.map((l) => [l.before, l.after])).toEqual([
      [{ name: 'Team Kusten' }, { name: 'Team Strand' }],
      [{ provider: first!.name }, { provider: null }],
    ])
    expect((await t.request('DELETE', `/api/teams/${id}`, { cookie: admin })).status).toBe(200)
  })

  it('keeps a team with members, and is changed only with the permission', async () => {
    const oresund = await teamId('Team Öresund')
    const r = await t.request('DELETE', `/api/teams/${oresund}`, { cookie: admin })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'team_in_use' })
    const back = (await t.login('backoffice@demo.test')).cookie
    expect((await t.request('POST', '/api/teams', { cookie: back, body: { name: 'Smyg', officeId: 'x', coachIds: [] } })).status).toBe(403)
  })
})
