import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { BudgetConflict, BudgetsOverview } from '../../../shared/schemas/budgets'
import type { PullResult } from '../../../shared/schemas/sync'
import { createTestApp } from '../../test/harness'

/**
 * Monthly budgets of offices, teams and sellers (docs/decisions/047): what a manager, back office and a coach see,
 * a month saved at once, a conflicting save refused whole, bad input refused with field errors, copying last month,
 * the log, and the seller's device receiving their budget.
 */
const app = await createTestApp()
const { db, t } = app.database
let manager = ''
let backoffice = ''
let coach = ''
let seller = ''
let sellerId = ''
let annaId = ''
let sarahId = ''

const MONTH = '2030-05'
const PREVIOUS = '2030-04'
const overview = async (cookie: string, query = `month=${MONTH}`) => {
  const r = await app.request('GET', `/api/budgets?${query}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as BudgetsOverview
}
const put = (cookie: string, body: unknown, month = MONTH) => app.request('PUT', `/api/budgets/${month}`, { cookie, body })
const userId = async (email: string) => (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email)))[0]!.id
const sellerBudget = async (id: string, month = MONTH) =>
  (
    await db
      .select()
      .from(t.salesBudgets)
      .where(and(eq(t.salesBudgets.userId, id), eq(t.salesBudgets.month, month)))
  )[0]
const logOf = (entityId: string) =>
  db
    .select({ action: t.activityLog.action, before: t.activityLog.before, after: t.activityLog.after })
    .from(t.activityLog)
    .where(and(eq(t.activityLog.entity, 'budget'), eq(t.activityLog.entityId, entityId)))

beforeAll(async () => {
  manager = (await app.login('manager@demo.test')).cookie
  backoffice = (await app.login('backoffice@demo.test')).cookie
  coach = (await app.login('coach@demo.test')).cookie
  seller = (await app.login('seller@demo.test')).cookie
  sellerId = await userId('seller@demo.test')
  annaId = await userId('anna.lindqvist@demo.test')
  sarahId = await userId('sara.nystrom@demo.test')
})

describe('reading a month', () => {
  it('a manager reads their office: its budget, its teams and their active sellers, each with last month beside it', async () => {
    const o = await overview(manager)
    expect(o.offices.map((x) => x.name)).toEqual(['Malmö'])
    expect(o.office).toMatchObject({ name: 'Malmö', budget: null, previousOre: null, teamsOre: 0, sellersOre: 0 })
    expect(o.teams.map((team) => team.name)).toEqual(['Team Lund', 'Team Öresund'])
    const oresund = o.teams.find((team) => team.name === 'Team Öresund')!
    expect(oresund.sellers.map((s) => s.name)).toContain('Sven Säljare')
    expect(oresund.sellers.map((s) => s.name)).not.toContain('Sara Nyström')
    expect(o.may).toEqual({ update: true, office: true })
  })

  it('back office chooses among every office; a coach reads their teams only and may not change them', async () => {
    const all = await overview(backoffice)
    expect(all.offices.map((x) => x.name)).toEqual(['Göteborg', 'Malmö', 'Stockholm'])
    const gbg = all.offices.find((x) => x.name === 'Göteborg')!
    expect((await overview(backoffice, `month=${MONTH}&officeId=${gbg.id}`)).teams.map((team) => team.name)).toEqual(['Team Väst'])
    const mine = await overview(coach)
    expect(mine.office).toBeNull()
    expect(mine.teams.map((team) => team.name)).toEqual(['Team Lund', 'Team Öresund'])
    expect(mine.may).toEqual({ update: false, office: false })
    // Another office is not the manager's to read; a seller has no budgets screen.
    expect((await app.request('GET', `/api/budgets?month=${MONTH}&officeId=${gbg.id}`, { cookie: manager })).status).toBe(404)
    expect((await app.request('GET', `/api/budgets?month=${MONTH}`, { cookie: seller })).status).toBe(403)
    expect((await app.request('GET', `/api/budgets?month=2030-13`, { cookie: manager })).status).toBe(400)
  })
})

describe('saving a month', () => {
  it('sets the office’s, a team’s and sellers’ budgets at once, logs each, and the seller’s device pulls theirs', async () => {
    const o = await overview(manager)
    const oresund = o.teams.find((team) => team.name === 'Team Öresund')!
    const r = await put(manager, {
      officeId: o.office!.id,
      changes: [
        { scope: 'office', id: o.office!.id, amountKr: 2_000_000, version: null },
        { scope: 'team', id: oresund.id, amountKr: 600_000, version: null },
        { scope: 'seller', id: sellerId, amountKr: 95_000, version: null },
        { scope: 'seller', id: annaId, amountKr: 90_000, version: null },
      ],
    })
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ changed: 4 })
    const after = await overview(manager)
    const team = after.teams.find((x) => x.id === oresund.id)!
    expect(after.office).toMatchObject({ budget: { amountOre: 200_000_000, version: 1 }, teamsOre: 60_000_000, sellersOre: 18_500_000 })
    expect(team).toMatchObject({ budget: { amountOre: 60_000_000, version: 1 }, sellersOre: 18_500_000 })
    expect(team.sellers.find((s) => s.id === sellerId)!.budget!.amountOre).toBe(9_500_000)
    expect(await logOf(`team:${oresund.id}:${MONTH}`)).toEqual([
      { action: 'created', before: null, after: { month: MONTH, team: 'Team Öresund', amountKr: 600_000 } },
    ])

    // The seller's next pull brings the month's budget (the seller dashboard reads it).
    const pull = (await app.request('POST', '/api/sync/pull', { cookie: seller, body: { clientId: randomUUID(), cookie: null } })).json as unknown as PullResult
    const budgets = pull.patch.filter((p) => p.table === 'budgets' && p.op === 'put').map((p) => (p as { value: { month: string; amountOre: number } }).value)
    expect(budgets).toContainEqual(expect.objectContaining({ month: MONTH, amountOre: 9_500_000 }))

    // The same amount again changes nothing and logs nothing.
    const same = await put(manager, {
      officeId: o.office!.id,
      changes: [{ scope: 'team', id: oresund.id, amountKr: 600_000, version: 1 }],
    })
    expect(same.json).toEqual({ changed: 0 })
    expect(await logOf(`team:${oresund.id}:${MONTH}`)).toHaveLength(1)
  })

  it('a save made on an older reading is refused whole (409) with the budgets as they are now', async () => {
    const o = await overview(manager)
    const lund = o.teams.find((team) => team.name === 'Team Lund')!
    const stored = (await sellerBudget(sellerId))!
    // Back office changes Sven's budget after the manager read the month.
    expect(
      (await put(backoffice, { officeId: o.office!.id, changes: [{ scope: 'seller', id: sellerId, amountKr: 99_000, version: stored.version }] })).status,
    ).toBe(200)
    const refused = await put(manager, {
      officeId: o.office!.id,
      changes: [
        { scope: 'team', id: lund.id, amountKr: 400_000, version: null },
        { scope: 'seller', id: sellerId, amountKr: 80_000, version: stored.version },
      ],
    })
    expect(refused.status).toBe(409)
    expect(refused.json.error).toBe('changed_elsewhere')
    const conflicts = (refused.json.details as { conflicts: BudgetConflict[] }).conflicts
    expect(conflicts).toEqual([{ scope: 'seller', id: sellerId, current: { amountOre: 9_900_000, version: expect.any(Number) } }])
    // Nothing of the refused save was written: Lund still has no budget, Sven keeps back office's.
    const now = await overview(manager)
    expect(now.teams.find((team) => team.id === lund.id)!.budget).toBeNull()
    expect((await sellerBudget(sellerId))!.amountOre).toBe(9_900_000)
  })

  it('refuses bad input with a field error per change, and writes nothing', async () => {
    const o = await overview(manager)
    const lund = o.teams.find((team) => team.name === 'Team Lund')!
    const bad = async (change: Record<string, unknown>, field: string, message: RegExp, month = MONTH) => {
      const r = await put(manager, { officeId: o.office!.id, changes: [{ scope: 'team', id: lund.id, version: null, ...change }] }, month)
      expect(r.status, r.text).toBe(400)
      expect((r.json.fieldErrors as Record<string, string[]>)[field]?.[0], JSON.stringify(r.json)).toMatch(message)
    }
    await bad({ amountKr: -5 }, 'changes.0.amountKr', /negativ/)
    await bad({ amountKr: 1500.5 }, 'changes.0.amountKr', /hela kronor/)
    await bad({ amountKr: 2_000_000_000 }, 'changes.0.amountKr', /Högst/)
    await bad({ amountKr: '1000' }, 'changes.0.amountKr', /hela kronor/)
    await bad({ scope: 'seller', id: sellerId, amountKr: 20_000_000 }, 'changes.0.amountKr', /Högst 10000000/)
    // A seller of another office, and the same budget twice.
    await bad({ scope: 'seller', id: sarahId, amountKr: 1000 }, 'changes.0.id', /Finns inte på kontoret/)
    const twice = await put(manager, {
      officeId: o.office!.id,
      changes: [
        { scope: 'team', id: lund.id, amountKr: 1, version: null },
        { scope: 'team', id: lund.id, amountKr: 2, version: null },
      ],
    })
    expect(twice.status).toBe(400)
    expect((twice.json.fieldErrors as Record<string, string[]>)['changes.1.id']?.[0]).toMatch(/två gånger/)
    expect((await put(manager, { officeId: o.office!.id, changes: [{ scope: 'team', id: lund.id, amountKr: 1, version: null }] }, '2030-13')).status).toBe(400)
    expect((await put(manager, { officeId: o.office!.id, changes: [] })).status).toBe(400)
    expect((await overview(manager)).teams.find((team) => team.id === lund.id)!.budget).toBeNull()
  })

  it('only those who may update budgets save them, each within their scope', async () => {
    const o = await overview(backoffice)
    const gbg = o.offices.find((x) => x.name === 'Göteborg')!
    const malmo = (await overview(manager)).office!
    expect((await put(coach, { officeId: malmo.id, changes: [{ scope: 'office', id: malmo.id, amountKr: 1, version: null }] })).status).toBe(403)
    expect((await put(seller, { officeId: malmo.id, changes: [{ scope: 'office', id: malmo.id, amountKr: 1, version: null }] })).status).toBe(403)
    // The manager of Malmö cannot reach Göteborg.
    expect((await put(manager, { officeId: gbg.id, changes: [{ scope: 'office', id: gbg.id, amountKr: 1, version: null }] })).status).toBe(404)
    expect((await app.request('POST', `/api/budgets/${MONTH}/copy-previous`, { cookie: coach, body: { officeId: malmo.id } })).status).toBe(403)
  })
})

describe('copying last month', () => {
  it('copies what had a budget last month and has none this month; what is set is kept; a second copy copies nothing', async () => {
    const o = await overview(manager, `month=${PREVIOUS}`)
    const lund = o.teams.find((team) => team.name === 'Team Lund')!
    const oresund = o.teams.find((team) => team.name === 'Team Öresund')!
    const set = await put(
      manager,
      {
        officeId: o.office!.id,
        changes: [
          { scope: 'team', id: lund.id, amountKr: 450_000, version: null },
          { scope: 'team', id: oresund.id, amountKr: 500_000, version: null },
          { scope: 'seller', id: annaId, amountKr: 70_000, version: null },
        ],
      },
      PREVIOUS,
    )
    expect(set.status, set.text).toBe(200)
    const copy = () => app.request('POST', `/api/budgets/${MONTH}/copy-previous`, { cookie: manager, body: { officeId: o.office!.id } })
    const first = await copy()
    expect(first.status, first.text).toBe(200)
    // Lund's budget is copied; Öresund's and Anna's of May were set already and stay.
    expect(first.json).toEqual({ copied: 1 })
    const may = await overview(manager)
    expect(may.teams.find((team) => team.id === lund.id)).toMatchObject({ budget: { amountOre: 45_000_000 }, previousOre: 45_000_000 })
    expect(may.teams.find((team) => team.id === oresund.id)).toMatchObject({ budget: { amountOre: 60_000_000 }, previousOre: 50_000_000 })
    expect((await sellerBudget(annaId))!.amountOre).toBe(9_000_000)
    expect((await logOf(`team:${lund.id}:${MONTH}`)).map((l) => l.action)).toEqual(['copied'])
    expect((await copy()).json).toEqual({ copied: 0 })
  })
})
