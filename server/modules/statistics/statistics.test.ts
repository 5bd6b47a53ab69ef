import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { CoachDashboard, ManagerDashboard, OrderStatistics } from '../../../shared/schemas/statistics'
import { createTestApp } from '../../test/harness'
import { saleSummary } from '../sales/sales.summary'
import { dashboardPeriods, ordersPerHour, periodsOf } from './statistics.service'

/**
 * Order statistics (docs/decisions/048) on a small data set of 2033 whose answers are worked out by hand: five sales
 * written to the sales summary through its own write path (all four tables), counted by product, team and time, for
 * back office, a coach and one seller, over whole months, a period from the middle of a month and a short period.
 */
const app = await createTestApp()
const { db, t } = app.database
let backoffice = ''
let coach = ''
let manager = ''
let seller = ''
const ids = { sven: '', sara: '', oresund: '', vast: '', malmo: '', gbg: '', provider: '' }
const products: Array<{ id: string; name: string }> = []

const get = async (query: string, cookie = backoffice) => {
  const r = await app.request('GET', `/api/statistics/orders?${query}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as OrderStatistics
}

beforeAll(async () => {
  backoffice = (await app.login('backoffice@demo.test')).cookie
  coach = (await app.login('coach@demo.test')).cookie
  manager = (await app.login('manager@demo.test')).cookie
  seller = (await app.login('seller@demo.test')).cookie
  const user = async (email: string) => (await db.select().from(t.users).where(eq(t.users.email, email)))[0]!
  const team = async (name: string) => (await db.select().from(t.teams).where(eq(t.teams.name, name)))[0]!
  const sven = await user('seller@demo.test')
  const sara = await user('sara.nystrom@demo.test')
  const oresund = await team('Team Öresund')
  const vast = await team('Team Väst')
  Object.assign(ids, { sven: sven.id, sara: sara.id, oresund: oresund.id, vast: vast.id, malmo: oresund.officeId, gbg: vast.officeId })
  products.push(
    ...(await db.select({ id: t.products.id, name: t.products.name, providerId: t.products.providerId }).from(t.products).orderBy(t.products.name).limit(3)),
  )
  ids.provider = (products[0] as { providerId?: string }).providerId!
  const [alarm, smoke, lock] = products as unknown as [{ id: string }, { id: string }, { id: string }]
  const sale = (sellDate: string, who: 'sven' | 'sara', status: SaleStatus, productId: string, quantity: number, priceOre: number) => {
    const sven = who === 'sven'
    return {
      sale: {
        sellDate,
        sellerId: sven ? ids.sven : ids.sara,
        teamId: sven ? ids.oresund : ids.vast,
        officeId: sven ? ids.malmo : ids.gbg,
        providerId: ids.provider,
        status,
        orderValueOre: priceOre * quantity,
        sellerCommissionOre: 0,
        companyCommissionOre: 0,
        companyCostOre: 0,
      },
      lines: [{ productId, quantity, priceOre, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 }],
    }
  }
  const summary = saleSummary(app.database)
  await app.database.transaction(async (tx) => {
    for (const entry of [
      sale('2033-01-15', 'sven', 'approved', alarm.id, 1, 10_000),
      sale('2033-01-31', 'sven', 'finalized', smoke.id, 2, 5_000),
      sale('2033-02-10', 'sara', 'approved', lock.id, 1, 30_000),
      sale('2033-02-11', 'sara', 'regret', lock.id, 1, 30_000),
      sale('2033-03-01', 'sven', 'absence', alarm.id, 1, 10_000),
    ])
      await summary.change(tx, null, entry)
  })
})

describe('order statistics', () => {
  it('counts the sales that stand by product, team and month (regret and absence left out)', async () => {
    const [alarm, smoke, lock] = products
    const r = await get('from=2033-01-01&to=2033-03-31')
    expect(r.totals).toEqual({ sales: 3, orderValueOre: 50_000, quantity: 4 })
    // Equal order value: more pieces first.
    expect(r.byProduct.map((p) => [p.product.name, p.lines, p.quantity, p.orderValueOre])).toEqual([
      [lock!.name, 1, 1, 30_000],
      [smoke!.name, 1, 2, 10_000],
      [alarm!.name, 1, 1, 10_000],
    ])
    expect(r.byTeam.map((x) => [x.team?.name, x.sales, x.orderValueOre])).toEqual([
      ['Team Väst', 1, 30_000],
      ['Team Öresund', 2, 20_000],
    ])
    expect(r.overTime).toEqual({
      unit: 'month',
      points: [
        { period: '2033-01', sales: 2, orderValueOre: 20_000 },
        { period: '2033-02', sales: 1, orderValueOre: 30_000 },
        { period: '2033-03', sales: 0, orderValueOre: 0 },
      ],
    })
    // The sales distribution counts every report of the period by status, regret and absence too.
    expect(r.byStatus).toEqual([
      { status: 'finalized', sales: 1, orderValueOre: 10_000 },
      { status: 'approved', sales: 2, orderValueOre: 40_000 },
      { status: 'regret', sales: 1, orderValueOre: 30_000 },
      { status: 'absence', sales: 1, orderValueOre: 10_000 },
    ])
    // From the middle of January: its days from the day tables, February and March whole from the months.
    const fromMid = await get('from=2033-01-16&to=2033-03-31')
    expect(fromMid.totals).toEqual({ sales: 2, orderValueOre: 40_000, quantity: 3 })
    expect(fromMid.overTime.points[0]).toEqual({ period: '2033-01', sales: 1, orderValueOre: 10_000 })
    // To the 30th of January: the month less its last day, which takes away Sven's sale of the 31st.
    const toEnd = await get('from=2033-01-01&to=2033-01-30')
    expect(toEnd.totals).toEqual({ sales: 1, orderValueOre: 10_000, quantity: 1 })
    expect(toEnd.byStatus).toEqual([{ status: 'approved', sales: 1, orderValueOre: 10_000 }])
    expect(toEnd.byProduct.map((p) => [p.product.id, p.quantity])).toEqual([[alarm!.id, 1]])
  })

  it('draws a period of whole months and days day by day, its teams from the months', async () => {
    // January whole (from the month totals by team) and ten days of February; the points are days.
    const r = await get('from=2033-01-01&to=2033-02-10')
    expect(r.overTime.unit).toBe('day')
    expect(r.overTime.points).toHaveLength(41)
    expect(r.overTime.points.filter((p) => p.sales > 0)).toEqual([
      { period: '2033-01-15', sales: 1, orderValueOre: 10_000 },
      { period: '2033-01-31', sales: 1, orderValueOre: 10_000 },
      { period: '2033-02-10', sales: 1, orderValueOre: 30_000 },
    ])
    expect(r.byTeam.map((x) => [x.team?.name, x.sales, x.orderValueOre])).toEqual([
      ['Team Väst', 1, 30_000],
      ['Team Öresund', 2, 20_000],
    ])
  })

  it('draws a period of up to 62 days day by day', async () => {
    const r = await get('from=2033-01-20&to=2033-02-10')
    expect(r.overTime.unit).toBe('day')
    expect(r.overTime.points).toHaveLength(22)
    expect(r.overTime.points.filter((p) => p.sales > 0)).toEqual([
      { period: '2033-01-31', sales: 1, orderValueOre: 10_000 },
      { period: '2033-02-10', sales: 1, orderValueOre: 30_000 },
    ])
  })

  it('counts only what the reader may see, and narrows by seller, team and office', async () => {
    const mine = await get('from=2033-01-01&to=2033-03-31', coach)
    expect(mine.byTeam.map((x) => [x.team?.name, x.orderValueOre])).toEqual([['Team Öresund', 20_000]])
    expect(mine.byProduct.map((p) => p.orderValueOre)).toEqual([10_000, 10_000])
    const sven = await get(`from=2033-01-01&to=2033-12-31&sellerId=${ids.sven}`)
    expect(sven.totals).toEqual({ sales: 2, orderValueOre: 20_000, quantity: 3 })
    expect((await get(`from=2033-01-01&to=2033-12-31&teamId=${ids.vast}`)).totals.orderValueOre).toBe(30_000)
    expect((await get(`from=2033-01-01&to=2033-12-31&officeId=${ids.malmo}`)).totals.orderValueOre).toBe(20_000)
  })

  it('refuses a seller (no sale reports to count) and a period that is backwards, too long or not a day', async () => {
    expect((await app.request('GET', '/api/statistics/orders?from=2033-01-01&to=2033-03-31', { cookie: seller })).status).toBe(403)
    const bad = async (query: string, message: RegExp) => {
      const r = await app.request('GET', `/api/statistics/orders?${query}`, { cookie: backoffice })
      expect(r.status).toBe(400)
      expect(JSON.stringify(r.json.fieldErrors)).toMatch(message)
    }
    await bad('from=2033-03-01&to=2033-01-01', /före/)
    await bad('from=2030-01-01&to=2033-01-01', /två år/)
    await bad('from=2033-02-30&to=2033-03-01', /Ange ett datum/)
    await bad('from=0000-01-01&to=2033-03-01', /mellan 1900-01-01 och 2100-12-31/)
  })
})

describe('the periods of a range', () => {
  it.each([
    ['2033-01-30', '2033-02-02', 'day', ['2033-01-30', '2033-01-31', '2033-02-01', '2033-02-02']],
    ['2032-11-15', '2033-02-01', 'month', ['2032-11', '2032-12', '2033-01', '2033-02']],
    ['2033-05-05', '2033-05-05', 'month', ['2033-05']],
  ] as const)('%s to %s by %s', (from, to, unit, periods) => {
    expect(periodsOf(from, to, unit)).toEqual(periods)
  })
})

/**
 * The coach dashboard (docs/decisions/049) seen from Wednesday 15 March 2034: Sven's and Anna's sales, hours,
 * checkout and budget, worked out by hand. The week runs from Monday the 13th, the month from the 1st.
 */
describe('the coach dashboard', () => {
  const DAY = '2034-03-15'
  let annaId = ''
  beforeAll(async () => {
    annaId = (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'anna.lindqvist@demo.test')))[0]!.id
    const summary = saleSummary(app.database)
    const sale = (sellDate: string, sellerId: string, status: SaleStatus, orderValueOre: number) => ({
      sale: {
        sellDate,
        sellerId,
        teamId: ids.oresund,
        officeId: ids.malmo,
        providerId: ids.provider,
        status,
        orderValueOre,
        sellerCommissionOre: 0,
        companyCommissionOre: 0,
        companyCostOre: 0,
      },
      lines: [{ productId: products[0]!.id, quantity: 1, priceOre: orderValueOre, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 }],
    })
    const now = Date.now()
    const report = (userId: string, date: string, workHours: number) => ({
      id: randomUUID(),
      userId,
      teamId: ids.oresund,
      officeId: ids.malmo,
      date,
      present: true,
      workHours,
      absenceHours: 0,
      version: 1,
      createdAt: now,
      updatedAt: now,
    })
    await app.database.transaction(async (tx) => {
      for (const entry of [
        sale('2034-03-15', ids.sven, 'approved', 10_000),
        sale('2034-03-14', ids.sven, 'finalized', 20_000),
        sale('2034-03-02', ids.sven, 'approved', 30_000),
        sale('2034-03-10', ids.sven, 'regret', 5_000),
        sale('2034-02-28', ids.sven, 'approved', 7_000),
        sale('2034-03-13', annaId, 'approved', 40_000),
      ])
        await summary.change(tx, null, entry)
      await tx.insert(t.timeReports).values([report(ids.sven, '2034-03-14', 8), report(ids.sven, '2034-03-02', 8), report(annaId, '2034-03-13', 5)])
      // Today not reported yet: the checkout's hours count.
      await tx.insert(t.checkouts).values({
        id: randomUUID(),
        userId: ids.sven,
        date: DAY,
        checkedOutAt: now,
        salesCount: 1,
        orderValueOre: 10_000,
        workHours: 4,
        version: 1,
        createdAt: now,
      })
      await tx.insert(t.salesBudgets).values({ id: randomUUID(), userId: ids.sven, month: '2034-03', amountOre: 60_000, version: 1, updatedAt: now })
    })
  })

  it('adds up each seller’s and the team’s day, week and month, with budget, checkout and OPH targets', async () => {
    const r = await app.request('GET', `/api/dashboards/coach?date=${DAY}&teamId=${ids.oresund}`, { cookie: coach })
    expect(r.status, r.text).toBe(200)
    const board = r.json as unknown as CoachDashboard
    expect(board.periods).toEqual({
      today: { from: DAY, to: DAY },
      week: { from: '2034-03-13', to: DAY },
      month: { from: '2034-03-01', to: DAY },
    })
    expect(board.teams).toHaveLength(1)
    const team = board.teams[0]!
    // Öresund has no targets of its own: Malmö's.
    expect(team.targets).toEqual({ from: 'office', values: { level1Gold: 120, level1Platinum: 160, level2Gold: 150, level2Platinum: 200 } })
    expect(team.figures).toEqual({
      today: { sales: 1, orderValueOre: 10_000, hours: 4, oph: 0.25 },
      week: { sales: 3, orderValueOre: 70_000, hours: 17, oph: 0.18 },
      month: { sales: 4, orderValueOre: 100_000, hours: 25, oph: 0.16 },
    })
    const sven = team.sellers.find((s) => s.id === ids.sven)!
    expect(sven.figures).toEqual({
      today: { sales: 1, orderValueOre: 10_000, hours: 4, oph: 0.25 },
      week: { sales: 2, orderValueOre: 30_000, hours: 12, oph: 0.17 },
      // The regret of the 10th and February's sale are not counted.
      month: { sales: 3, orderValueOre: 60_000, hours: 20, oph: 0.15 },
    })
    // 60,000 öre of a 60,000 budget after 11 of March's 23 working days: heading for 60,000 / 11 × 23.
    expect(sven.budget).toEqual({ amountOre: 60_000, percent: 100, predictionOre: 125_455 })
    expect(sven.checkedOut).toBe(true)
    expect(sven.quality).toEqual({ surveys: 0, averageGrade: null, regret: 0 })
    const anna = team.sellers.find((s) => s.id === annaId)!
    expect(anna.figures.today).toEqual({ sales: 0, orderValueOre: 0, hours: 0, oph: null })
    expect(anna.figures.week).toEqual({ sales: 1, orderValueOre: 40_000, hours: 5, oph: 0.2 })
    expect(anna.checkedOut).toBe(false)
  })

  it('shows who is sick now and who has checked out, to a coach and to a manager of the office', async () => {
    const lina = (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, 'lina.holm@demo.test')))[0]!.id
    for (const cookie of [coach, manager]) {
      const r = await app.request('GET', `/api/dashboards/coach?teamId=${ids.oresund}`, { cookie })
      expect(r.status, r.text).toBe(200)
      const sellers = (r.json as unknown as CoachDashboard).teams[0]!.sellers
      // The demo's Lina Holm is sick now (a notice she has not come back from); Sven is not.
      expect(sellers.find((s) => s.id === lina)!.sick).toBe(true)
      expect(sellers.find((s) => s.id === ids.sven)!.sick).toBe(false)
    }
    const office = (await app.request('GET', `/api/dashboards/coach?date=${DAY}`, { cookie: manager })).json as unknown as CoachDashboard
    expect(office.teams.map((x) => x.name).sort()).toEqual(['Team Lund', 'Team Öresund'])
  })

  it('shows a coach their teams only; a team that is not theirs is not found; a seller has no teams', async () => {
    const mine = (await app.request('GET', `/api/dashboards/coach?date=${DAY}`, { cookie: coach })).json as unknown as CoachDashboard
    expect(mine.teams.map((x) => x.name).sort()).toEqual(['Team Lund', 'Team Öresund'])
    expect((await app.request('GET', `/api/dashboards/coach?date=${DAY}&teamId=${ids.vast}`, { cookie: coach })).status).toBe(404)
    const own = await app.request('GET', `/api/dashboards/coach?date=${DAY}`, { cookie: seller })
    expect(own.status).toBe(200)
    expect((own.json as unknown as CoachDashboard).teams).toEqual([])
    expect((await app.request('GET', `/api/dashboards/coach?date=2034-02-30`, { cookie: coach })).status).toBe(400)
  })
})

/** The manager dashboard (docs/decisions/050) for March 2034: the coach dashboard's sales and reports, and budgets. */
describe('the manager dashboard', () => {
  beforeAll(async () => {
    const now = Date.now()
    await db.insert(t.unitBudgets).values([
      { scope: 'team', unitId: ids.oresund, month: '2034-03', amountOre: 200_000, version: 1, updatedAt: now },
      { scope: 'office', unitId: ids.malmo, month: '2034-03', amountOre: 1_000_000, version: 1, updatedAt: now },
    ])
  })

  it('gives each team’s month against its budget, the office’s with the teams’ average, and the providers', async () => {
    const r = await app.request('GET', '/api/dashboards/manager?month=2034-03', { cookie: manager })
    expect(r.status, r.text).toBe(200)
    const board = r.json as unknown as ManagerDashboard
    expect(board.period).toEqual({ from: '2034-03-01', to: '2034-03-31' })
    expect(board.offices.map((o) => o.name)).toEqual(['Malmö'])
    // Öresund: four standing sales (the regret and February's left out), 8 + 8 + 5 hours reported.
    expect(
      board.teams.map((team) => [team.name, team.sales, team.orderValueOre, team.hours, team.oph, team.budgetOre, team.percent, team.predictionOre]),
    ).toEqual([
      ['Team Lund', 0, 0, 0, null, null, null, 0],
      ['Team Öresund', 4, 100_000, 21, 0.19, 200_000, 50, 100_000],
    ])
    expect(board.office).toMatchObject({ name: 'Malmö', sales: 4, orderValueOre: 100_000, hours: 21, budgetOre: 1_000_000, percent: 10, averagePercent: 50 })
    expect(board.providers).toEqual([{ provider: { id: ids.provider, name: expect.any(String) }, sales: 4, orderValueOre: 100_000 }])
    // A manager sees their office, not the whole organisation's overview.
    expect(board.overview).toBeNull()
  })

  it('takes a team’s gold goal from its sellers’ budgets, and an office’s from its teams’, when none is set for them', async () => {
    // May 2034: budgets for two of Team Lund's sellers and one of Öresund's, none for the teams or the office.
    const lund = (await db.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.name, 'Team Lund')))[0]!.id
    const lunds = await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.teamId, lund)).limit(2)
    expect(lunds).toHaveLength(2)
    const now = Date.now()
    const budget = (userId: string, amountOre: number) => ({ id: randomUUID(), userId, month: '2034-05', amountOre, version: 1, updatedAt: now })
    await db.insert(t.salesBudgets).values([budget(lunds[0]!.id, 30_000), budget(lunds[1]!.id, 45_000), budget(ids.sven, 50_000)])
    const board = (await app.request('GET', '/api/dashboards/manager?month=2034-05', { cookie: manager })).json as unknown as ManagerDashboard
    expect(board.teams.map((team) => [team.name, team.budgetOre])).toEqual([
      ['Team Lund', 75_000],
      ['Team Öresund', 50_000],
    ])
    expect(board.office).toMatchObject({ name: 'Malmö', budgetOre: 125_000 })
    // A team's own budget wins over its sellers' sum.
    await db.insert(t.unitBudgets).values({ scope: 'team', unitId: lund, month: '2034-05', amountOre: 90_000, version: 1, updatedAt: now })
    const again = (await app.request('GET', '/api/dashboards/manager?month=2034-05', { cookie: manager })).json as unknown as ManagerDashboard
    expect(again.teams.find((team) => team.name === 'Team Lund')!.budgetOre).toBe(90_000)
    expect(again.office).toMatchObject({ budgetOre: 140_000 })
  })

  it('gives those who may view every office all offices side by side; refuses others and offices not theirs', async () => {
    const all = (await app.request('GET', `/api/dashboards/manager?month=2034-03&officeId=${ids.malmo}`, { cookie: backoffice }))
      .json as unknown as ManagerDashboard
    expect(all.offices.map((o) => o.name)).toEqual(['Göteborg', 'Malmö', 'Stockholm'])
    expect(all.overview!.map((o) => [o.office.name, o.sales, o.orderValueOre, o.budgetOre, o.percent])).toEqual([
      ['Göteborg', 0, 0, null, null],
      ['Malmö', 4, 100_000, 1_000_000, 10],
      ['Stockholm', 0, 0, null, null],
    ])
    expect((await app.request('GET', `/api/dashboards/manager?officeId=${ids.gbg}`, { cookie: manager })).status).toBe(404)
    expect((await app.request('GET', '/api/dashboards/manager', { cookie: coach })).status).toBe(403)
    expect((await app.request('GET', '/api/dashboards/manager', { cookie: seller })).status).toBe(403)
    expect((await app.request('GET', '/api/dashboards/manager?month=2034-13', { cookie: manager })).status).toBe(400)
  })
})

describe('the dashboard’s periods and orders per hour', () => {
  it.each([
    ['2034-03-15', '2034-03-13', '2034-03-01'],
    ['2034-03-13', '2034-03-13', '2034-03-01'],
    ['2034-03-19', '2034-03-13', '2034-03-01'],
    ['2034-04-02', '2034-03-27', '2034-04-01'],
  ])('seen from %s: the week from %s, the month from %s', (date, week, month) => {
    expect(dashboardPeriods(date)).toEqual({ today: { from: date, to: date }, week: { from: week, to: date }, month: { from: month, to: date } })
  })
  it.each([
    [3, 17, 0.18],
    [1, 4, 0.25],
    [0, 8, 0],
    [2, 0, null],
  ])('%s orders in %s hours is %s an hour', (sales, hours, oph) => {
    expect(ordersPerHour(sales, hours)).toBe(oph)
  })
})

describe('extra income beside the order figures', () => {
  it('lists the sellers’ extra income of the months the period touches, to those who see pay, within their rules and the filter', async () => {
    const line = (userId: string, month: string, amountOre: number, description: string, removedAt: number | null = null) => ({
      id: randomUUID(),
      userId,
      month,
      amountOre,
      description,
      removedAt,
      createdById: null,
      version: 1,
      createdAt: 0,
      updatedAt: 0,
    })
    await db
      .insert(t.extraIncomes)
      .values([
        line(ids.sven, '2033-01', 10_000, 'Tävlingsvinst'),
        line(ids.sara, '2033-02', 20_000, 'Kampanjbonus'),
        line(ids.sara, '2033-02', 5_000, 'Borttagen', 1),
      ])
    const all = await get('from=2033-01-15&to=2033-02-10')
    expect(all.extraIncome).toMatchObject({ months: ['2033-01', '2033-02'], totalOre: 30_000 })
    expect(all.extraIncome!.items.map((i) => [i.seller.id, i.month, i.amountOre, i.description])).toEqual([
      [ids.sven, '2033-01', 10_000, 'Tävlingsvinst'],
      [ids.sara, '2033-02', 20_000, 'Kampanjbonus'],
    ])
    expect((await get(`from=2033-01-01&to=2033-03-31&teamId=${ids.vast}`)).extraIncome!.items.map((i) => i.seller.id)).toEqual([ids.sara])
    expect((await get('from=2033-03-01&to=2033-03-31')).extraIncome).toEqual({ months: ['2033-03'], totalOre: 0, items: [] })
    // Pay is not the coach's or the manager's to see.
    expect((await get('from=2033-01-01&to=2033-03-31', coach)).extraIncome).toBeNull()
    expect((await get('from=2033-01-01&to=2033-03-31', manager)).extraIncome).toBeNull()
  })
})
