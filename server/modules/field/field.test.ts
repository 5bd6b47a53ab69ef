import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import type { AreaItem, RunItem, RunsReport } from '../../../shared/schemas/field'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()

const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

let coach = ''
let teamId = ''
let members: Array<{ id: string; name: string }> = []
let otherTeamId = ''
beforeAll(async () => {
  const c = await t.login('coach@demo.test')
  coach = c.cookie
  teamId = c.answer.userData.teamIds[0]!
  const admin = (await t.login('admin@demo.test')).cookie
  const teams = (await t.request('GET', '/api/teams?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string }>
  otherTeamId = teams.find((x) => !c.answer.userData.teamIds.includes(x.id))!.id
  const users = (await t.request('GET', `/api/users?itemsPerPage=100&teamId=${teamId}`, { cookie: admin })).json.items as Array<{
    id: string
    fullName: string
  }>
  members = users.map((u) => ({ id: u.id, name: u.fullName }))
})

const run = (over: Record<string, unknown> = {}) => ({
  date: addDays(today, 1),
  teamId,
  sellerIds: members.slice(0, 2).map((m) => m.id),
  areaId: null,
  meetingPlace: 'Konsum Limhamn',
  meetingTime: '09:30',
  travelDay: false,
  note: null,
  ...over,
})
const week = async (cookie: string, from = addDays(today, -7), to = addDays(today, 7)) =>
  (await t.request('GET', `/api/field/runs?from=${from}&to=${to}&teamId=${teamId}`, { cookie })).json as unknown as RunItem[]

describe('runs on the sales planner', () => {
  it('a coach plans their team’s run with an area; both planners read the same run; an edit on an old version is a conflict', async () => {
    const area = await t.request('POST', '/api/field/areas', { cookie: coach, body: { name: `Limhamn ${randomUUID().slice(0, 4)}`, teamId } })
    expect(area.status, area.text).toBe(201)
    const made = await t.request('POST', '/api/field/runs', { cookie: coach, body: run({ areaId: (area.json as unknown as AreaItem).id }) })
    expect(made.status, made.text).toBe(201)
    const item = made.json as unknown as RunItem
    expect(item).toMatchObject({
      date: addDays(today, 1),
      teamId,
      meetingTime: '09:30',
      areaName: (area.json as unknown as AreaItem).name,
      version: 1,
      may: { edit: true },
    })
    expect(item.sellers.map((s) => s.id).sort()).toEqual(
      members
        .slice(0, 2)
        .map((m) => m.id)
        .sort(),
    )
    expect((await week(coach)).map((r) => r.id)).toContain(item.id)

    const moved = await t.request('PUT', `/api/field/runs/${item.id}`, { cookie: coach, body: { ...run({ meetingTime: '08:00' }), version: 1 } })
    expect(moved.json).toMatchObject({ meetingTime: '08:00', version: 2, areaId: null })
    const stale = await t.request('PUT', `/api/field/runs/${item.id}`, { cookie: coach, body: { ...run({ meetingTime: '10:00' }), version: 1 } })
    expect(stale.status).toBe(409)
    const areas = (await t.request('GET', `/api/field/areas?teamId=${teamId}`, { cookie: coach })).json as unknown as AreaItem[]
    expect(areas.find((a) => a.id === (area.json as unknown as AreaItem).id)).toMatchObject({ teamId, lastWorkedOn: null })
  })

  it('refuses sellers of another team, another team’s run for a coach, a seller planning, and a backwards period — translated, nothing written', async () => {
    const before = await week(coach)
    const outsider = await t.request('POST', '/api/field/runs', {
      cookie: coach,
      headers: { 'accept-language': 'en' },
      body: run({ sellerIds: [randomUUID()] }),
    })
    expect(outsider.status).toBe(400)
    expect(outsider.json).toMatchObject({ fieldErrors: { sellerIds: ['Choose sellers of the team'] } })
    const other = await t.request('POST', '/api/field/runs', { cookie: coach, body: run({ teamId: otherTeamId, sellerIds: [] }) })
    expect(other.status).toBe(403)
    const seller = (await t.login('seller@demo.test')).cookie
    expect((await t.request('POST', '/api/field/runs', { cookie: seller, body: run() })).status).toBe(403)
    const backwards = await t.request('GET', `/api/field/runs?from=${today}&to=${addDays(today, -1)}`, { cookie: coach })
    expect(backwards.status).toBe(400)
    expect(await week(coach)).toEqual(before)
  })

  it('the runs screen puts the plan beside the day: hours reported, sales and order value, totals per team and week', async () => {
    const date = today
    // Two sellers of the test's own in the coach's team.
    const admin = (await t.login('admin@demo.test')).cookie
    const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const fresh = async (first: string) => {
      const email = `${first.toLowerCase()}.${randomUUID().slice(0, 6)}@demo.test`
      const made = await t.request('POST', '/api/users', {
        cookie: admin,
        body: { email, firstName: first, lastName: 'Runda', password: 'ett-langt-losenord', roleId: roles.find((r) => r.key === 'seller')!.id, teamId },
      })
      expect(made.status, made.text).toBe(201)
      const login = await t.login(email, 'ett-langt-losenord')
      return { id: login.answer.userData.id, cookie: login.cookie }
    }
    const planned = await fresh('Planerad')
    const unplanned = await fresh('Oplanerad')
    // The day's first meeting, before the demo's run of the team: the team's sellers who work on no run are shown on it.
    const made = (
      await t.request('POST', '/api/field/runs', {
        cookie: coach,
        body: run({ date, sellerIds: [planned.id], meetingPlace: 'Stortorget', meetingTime: '07:00' }),
      })
    ).json as unknown as RunItem
    const backoffice = (await t.login('backoffice@demo.test')).cookie
    const readReport = async () =>
      (await t.request('GET', `/api/field/runs-report?from=${date}&to=${date}&teamId=${teamId}`, { cookie: backoffice })).json as unknown as RunsReport
    // What the demo's day already holds (early in a month its time staff have reported today): the figures below add to it.
    const before = await readReport()
    const beforeRun = before.runs.find((r) => r.id === made.id)!.outcome
    const beforeTotal = before.totals.find((x) => x.teamId === teamId)!
    // The planned seller reports 8 hours and sells; the team's other seller reports time without being planned.
    const pushA = t.device(planned.cookie).push
    const pushB = t.device(unplanned.cookie).push
    // A day is 8 hours in steps of two: the rest is absence of a kind (shared/rules/time-report.ts).
    const timeReport = (hours: number) => ({
      id: randomUUID(),
      date,
      present: true,
      workHours: hours,
      absenceHours: 8 - hours,
      absenceType: hours < 8 ? 'vacation' : null,
      allowanceType: 0,
      travelLocation: null,
      comment: null,
    })
    expect(await pushA('saveTimeReport', timeReport(8))).toMatchObject({ applied: 1 })
    expect(await pushB('saveTimeReport', timeReport(6))).toMatchObject({ applied: 1 })
    // Three doors: one not home, two answered.
    for (const outcome of ['notHome', 'notInterested', 'sale'])
      expect(
        await pushA('recordVisit', {
          id: randomUUID(),
          outcome,
          address: 'Storgatan 1',
          postalCode: null,
          city: null,
          note: null,
          comeBackAt: null,
          visitedAt: Date.now() - 60_000,
          position: null,
          runId: made.id,
        }),
      ).toMatchObject({ applied: 1 })
    const products = (await t.request('GET', '/api/products?itemsPerPage=5', { cookie: admin })).json.items as Array<{
      id: string
      providerId: string
      active: boolean
    }>
    const product = products.find((p) => p.active)!
    const soldAt = Date.now() - 60_000
    expect(
      await pushA('createSale', saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 2 }] }, { soldAt })),
    ).toMatchObject({
      applied: 1,
    })
    await t.events.settled()

    const report = await readReport()
    const outcome = report.runs.find((r) => r.id === made.id)!
    const ours = [planned.id, unplanned.id]
    expect(outcome.outcome.sellers.filter((s) => ours.includes(s.id)).map((s) => [s.id, s.planned, s.reported, s.hours])).toEqual([
      [planned.id, true, true, 8],
      [unplanned.id, false, true, 6],
    ])
    const { reported, hours, doors, contacts, sales } = outcome.outcome
    expect({
      reported: reported - beforeRun.reported,
      hours: hours - beforeRun.hours,
      doors: doors - beforeRun.doors,
      contacts: contacts - beforeRun.contacts,
      sales: sales - beforeRun.sales,
    }).toEqual({ reported: 1, hours: 14, doors: 3, contacts: 2, sales: 1 })
    expect(outcome.outcome.orderValueOre).toBeGreaterThan(beforeRun.orderValueOre)
    // The week's totals add up the team's runs.
    const teamRuns = report.runs.filter((r) => r.teamId === teamId)
    const total = report.totals.find((x) => x.teamId === teamId)!
    expect(total).toMatchObject({
      runs: teamRuns.length,
      planned: teamRuns.reduce((n, r) => n + r.sellers.length, 0),
      hours: teamRuns.reduce((n, r) => n + r.outcome.hours, 0),
      sales: teamRuns.reduce((n, r) => n + r.outcome.sales, 0),
    })
    expect(total.hours - beforeTotal.hours).toBe(14)
    // The coach sees their teams' runs (docs/decisions/074), another team's not at all; a seller has no runs screen.
    const coachReport = await t.request('GET', `/api/field/runs-report?from=${date}&to=${date}`, { cookie: coach })
    expect(coachReport.status).toBe(200)
    const coachTeams = (await t.login('coach@demo.test')).answer.userData.teamIds
    expect((coachReport.json as unknown as RunsReport).runs.map((r) => r.id)).toContain(made.id)
    expect((coachReport.json as unknown as RunsReport).runs.every((r) => coachTeams.includes(r.teamId))).toBe(true)
    expect((await t.request('GET', `/api/field/runs-report?from=${date}&to=${date}`, { cookie: (await t.login('seller@demo.test')).cookie })).status).toBe(403)
  })

  it('a run taken away from a seller and deleted is gone from the planner', async () => {
    const made = (await t.request('POST', '/api/field/runs', { cookie: coach, body: run({ date: addDays(today, 3) }) })).json as unknown as RunItem
    const r = await t.request('DELETE', `/api/field/runs/${made.id}`, { cookie: coach })
    expect(r.status).toBe(204)
    expect((await week(coach)).map((x) => x.id)).not.toContain(made.id)
  })

  it('travels to the seller’s device when the app takes runs: a new run, an edit, taken off — never to an app from before', async () => {
    const admin = (await t.login('admin@demo.test')).cookie
    const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const email = `runner.${randomUUID().slice(0, 6)}@demo.test`
    await t.request('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Rune', lastName: 'Löpare', password: 'ett-langt-losenord', roleId: roles.find((r) => r.key === 'seller')!.id, teamId },
    })
    const seller = await t.login(email, 'ett-langt-losenord')
    const clientId = randomUUID()
    type Pulled = { cookie: string; patch: Array<{ op: string; table: string; key: string; value?: Record<string, unknown> }> }
    const pull = async (cookie: string | null, tables?: string[]) =>
      (await t.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId, cookie, ...(tables ? { tables } : {}) } }))
        .json as unknown as Pulled
    const runsOf = (p: Pulled) => p.patch.filter((op) => op.table === 'runs')

    const made = (await t.request('POST', '/api/field/runs', { cookie: coach, body: run({ date: addDays(today, 2), sellerIds: [seller.answer.userData.id] }) }))
      .json as unknown as RunItem
    // Long past: not sent.
    await t.request('POST', '/api/field/runs', { cookie: coach, body: run({ date: addDays(today, -30), sellerIds: [seller.answer.userData.id] }) })
    expect(runsOf(await pull(null))).toEqual([])
    const first = await pull(null, ['runs'])
    expect(runsOf(first)).toEqual([
      {
        op: 'put',
        table: 'runs',
        key: made.id,
        value: {
          id: made.id,
          date: addDays(today, 2),
          teamName: made.teamName,
          areaName: null,
          meetingPlace: 'Konsum Limhamn',
          meetingTime: '09:30',
          travelDay: false,
          note: null,
          sellers: ['Rune Löpare'],
        },
      },
    ])
    await t.request('PUT', `/api/field/runs/${made.id}`, {
      cookie: coach,
      body: { ...run({ date: addDays(today, 2), sellerIds: [seller.answer.userData.id], meetingTime: '07:45' }), version: 1 },
    })
    const edited = await pull(first.cookie, ['runs'])
    expect(runsOf(edited).map((op) => [op.op, op.value?.meetingTime])).toEqual([['put', '07:45']])
    await t.request('PUT', `/api/field/runs/${made.id}`, { cookie: coach, body: { ...run({ date: addDays(today, 2), sellerIds: [] }), version: 2 } })
    expect(runsOf(await pull(edited.cookie, ['runs']))).toEqual([{ op: 'del', table: 'runs', key: made.id }])
  })
})
