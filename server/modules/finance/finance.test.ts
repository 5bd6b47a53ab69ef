import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { FinanceSettings, Profitability } from '../../../shared/schemas/finance'
import { createTestApp } from '../../test/harness'
import { saleSummary } from '../sales/sales.summary'
import { fillMonthHours } from '../time-reports/time-reports.fill'
import { fillQualityNki } from '../quality/quality.fill'

/**
 * Finance profitability (docs/decisions/051) on a small data set of 2033 worked out by hand: four sales (one a regret)
 * written through the sales summary's own write path, three time reports, two extra incomes and two quality answers.
 * Every figure below is in the decision's terms: income the company's commission, variable costs the sellers' pay
 * (commission and extra income) with 31.42 % contributions and the company's cost, TB the difference.
 */
const app = await createTestApp()
const { db, t } = app.database
const cookies = { backoffice: '', manager: '', coach: '', seller: '', admin: '' }
const ids = { sven: '', sara: '', oresund: '', vast: '', malmo: '', gbg: '', a: '', b: '', managerName: '' }

const get = async (view: string, query: string, cookie = cookies.backoffice) => {
  const r = await app.request('GET', `/api/finance/profitability/${view}?${query}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as Profitability
}
const PERIOD = 'from=2033-01-01&to=2033-02-28'

beforeAll(async () => {
  cookies.backoffice = (await app.login('backoffice@demo.test')).cookie
  cookies.manager = (await app.login('manager@demo.test')).cookie
  cookies.coach = (await app.login('coach@demo.test')).cookie
  cookies.seller = (await app.login('seller@demo.test')).cookie
  cookies.admin = (await app.login('admin@demo.test')).cookie
  const user = async (email: string) => (await db.select().from(t.users).where(eq(t.users.email, email)))[0]!
  const team = async (name: string) => (await db.select().from(t.teams).where(eq(t.teams.name, name)))[0]!
  const sven = await user('seller@demo.test')
  const sara = await user('sara.nystrom@demo.test')
  const manager = await user('manager@demo.test')
  const oresund = await team('Team Öresund')
  const vast = await team('Team Väst')
  const providers = await db.select({ id: t.providers.id }).from(t.providers).orderBy(t.providers.name).limit(2)
  Object.assign(ids, {
    sven: sven.id,
    sara: sara.id,
    oresund: oresund.id,
    vast: vast.id,
    malmo: oresund.officeId,
    gbg: vast.officeId,
    a: providers[0]!.id,
    b: providers[1]!.id,
    managerName: `${manager.firstName} ${manager.lastName}`,
  })
  const [product] = await db.select({ id: t.products.id }).from(t.products).limit(1)
  const sale = (sellDate: string, who: 'sven' | 'sara', status: SaleStatus, provider: 'a' | 'b', amounts: [number, number, number, number]) => {
    const sven = who === 'sven'
    const [orderValueOre, sellerCommissionOre, companyCommissionOre, companyCostOre] = amounts
    return {
      sale: {
        sellDate,
        sellerId: sven ? ids.sven : ids.sara,
        teamId: sven ? ids.oresund : ids.vast,
        officeId: sven ? ids.malmo : ids.gbg,
        providerId: ids[provider],
        status,
        orderValueOre,
        sellerCommissionOre,
        companyCommissionOre,
        companyCostOre,
      },
      lines: [{ productId: product!.id, quantity: 1, priceOre: orderValueOre, sellerCommissionOre, companyCommissionOre, companyCostOre }],
    }
  }
  const summary = saleSummary(app.database)
  await app.database.transaction(async (tx) => {
    for (const entry of [
      sale('2033-01-15', 'sven', 'approved', 'a', [100_000, 20_000, 50_000, 5_000]),
      sale('2033-01-31', 'sven', 'finalized', 'b', [60_000, 10_000, 30_000, 0]),
      sale('2033-02-10', 'sara', 'approved', 'a', [200_000, 40_000, 100_000, 10_000]),
      // a regret stands for nothing
      sale('2033-02-11', 'sara', 'regret', 'a', [200_000, 40_000, 100_000, 10_000]),
    ])
      await summary.change(tx, null, entry)
  })
  const report = (who: 'sven' | 'sara', date: string, workHours: number) => ({
    id: randomUUID(),
    userId: who === 'sven' ? ids.sven : ids.sara,
    teamId: who === 'sven' ? ids.oresund : ids.vast,
    officeId: who === 'sven' ? ids.malmo : ids.gbg,
    date,
    present: true,
    workHours,
    absenceHours: 0,
    absenceType: null,
    allowanceType: 0 as const,
    travelLocation: null,
    comment: null,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
  })
  await db.insert(t.timeReports).values([report('sven', '2033-01-15', 8), report('sven', '2033-01-31', 7), report('sara', '2033-02-10', 10)])
  // Written straight to the tables, as the seeds do: the hours and NKI by month counted from them the same way.
  await fillMonthHours(app.database)
  const extra = (userId: string, month: string, amountOre: number) => ({
    id: randomUUID(),
    userId,
    month,
    amountOre,
    description: 'Kampanjbonus',
    removedAt: null,
    createdById: null,
    version: 1,
    createdAt: 0,
    updatedAt: 0,
  })
  await db
    .insert(t.extraIncomes)
    .values([extra(ids.sven, '2033-01', 10_000), extra(ids.sara, '2033-02', 20_000), { ...extra(ids.sara, '2033-02', 99_000), removedAt: 1 }])
  const [template] = await db.select({ id: t.qualityTemplates.id }).from(t.qualityTemplates).limit(1)
  const survey = (who: 'sven' | 'sara', day: string, nki: number) => ({
    id: randomUUID(),
    saleId: randomUUID(),
    sellerId: who === 'sven' ? ids.sven : ids.sara,
    teamId: who === 'sven' ? ids.oresund : ids.vast,
    officeId: who === 'sven' ? ids.malmo : ids.gbg,
    providerId: ids.a,
    sellDate: day,
    soldAt: Date.parse(`${day}T10:00:00Z`),
    reason: 'sample' as const,
    status: 'answered' as const,
    templateId: template!.id,
    templateVersionId: null,
    attempts: 1,
    nextTryAt: 0,
    answers: null,
    scoreTenths: 800,
    grade: 'B',
    nkiTenths: nki,
    channel: 'call' as const,
    regretReason: null,
    answeredAt: 1,
    answeredBy: null,
    createdAt: 0,
    updatedAt: 0,
    version: 1,
  })
  await db.insert(t.qualitySurveys).values([survey('sven', '2033-01-15', 800), survey('sara', '2033-02-10', 600)])
  await fillQualityNki(app.database)
})

describe('profitability by team', () => {
  it('counts each team by hand, the page and the sum', async () => {
    const r = await get('teams', PERIOD)
    expect(r.period).toEqual({ from: '2033-01-01', to: '2033-02-28' })
    expect(r.method).toEqual({ payrollTaxBp: 3142, monthHours: 167, extraIncomeIsCost: true })
    expect(r.fullTimeHours).toBe(334)
    expect(r.total).toBe(2)
    // Öresund: pay 300 + 100 kr extra = 400 kr, contributions 125.68, cost 50 → 575.68 kr; TB 800 − 575.68 = 224.32 kr.
    expect(r.items.map((x) => [x.name, x.metrics])).toEqual([
      [
        'Team Öresund',
        {
          sales: 2,
          orderValueOre: 160_000,
          incomeOre: 80_000,
          payCostOre: 52_568,
          variableCostsOre: 57_568,
          tbOre: 22_432,
          tbPercent: 28,
          workHours: 15,
          fte: 0.04,
          productivityOre: 1_495,
          hourlyCompensationOre: 2_667,
          nki: 80,
          nkiAnswers: 1,
        },
      ],
      [
        'Team Väst',
        {
          sales: 1,
          orderValueOre: 200_000,
          incomeOre: 100_000,
          payCostOre: 78_852,
          variableCostsOre: 88_852,
          tbOre: 11_148,
          tbPercent: 11.1,
          workHours: 10,
          fte: 0.03,
          productivityOre: 1_115,
          hourlyCompensationOre: 6_000,
          nki: 60,
          nkiAnswers: 1,
        },
      ],
    ])
    expect(r.sum).toMatchObject({
      incomeOre: 180_000,
      variableCostsOre: 146_420,
      tbOre: 33_580,
      tbPercent: 18.7,
      workHours: 25,
      fte: 0.07,
      nki: 70,
      nkiAnswers: 2,
    })
  })

  it('a period from the middle of a month carries that share of its extra income and full-time hours', async () => {
    // 2033-01-16 – 2033-01-31: 16 of January's 31 days; only the sale of the 31st and its 7 hours.
    const r = await get('teams', 'from=2033-01-16&to=2033-01-31')
    expect(r.fullTimeHours).toBeCloseTo((167 * 16) / 31, 2)
    const [oresund] = r.items
    // pay 100 kr + 16/31 of 100 kr extra = 51.61 kr → 151.61 kr, contributions 47.64 kr: 199.25 kr of 300 kr.
    // (Read as January less its first 15 days: the sale, hours and answer of the 15th are taken away again.)
    expect(oresund!.metrics).toMatchObject({ sales: 1, incomeOre: 30_000, payCostOre: 19_925, tbOre: 10_075, workHours: 7, nki: null, nkiAnswers: 0 })
    // A few days: read as days.
    expect((await get('sellers', 'from=2033-01-14&to=2033-01-16')).items.map((x) => [x.id, x.metrics.sales, x.metrics.workHours, x.metrics.nki])).toEqual([
      [ids.sven, 1, 8, 80],
    ])
  })

  it('keeps to what the reader may see: a manager their office, a coach and a seller not at all', async () => {
    const mine = await get('teams', PERIOD, cookies.manager)
    expect(mine.items.map((x) => x.name)).toEqual(['Team Öresund'])
    expect(mine.sum.tbOre).toBe(22_432)
    for (const cookie of [cookies.coach, cookies.seller]) {
      expect((await app.request('GET', `/api/finance/profitability/teams?${PERIOD}`, { cookie })).status).toBe(403)
    }
    // Each view has its own permission: a manager holds the teams' and sellers' views only.
    expect((await app.request('GET', `/api/finance/profitability/providers?${PERIOD}`, { cookie: cookies.manager })).status).toBe(403)
    expect((await app.request('GET', `/api/finance/profitability/managers?${PERIOD}`, { cookie: cookies.manager })).status).toBe(403)
  })
})

describe('the other views', () => {
  it('by seller: each with their team, searchable and sorted', async () => {
    const r = await get('sellers', `${PERIOD}&sortBy=name&orderBy=asc`)
    expect(r.items.map((x) => [x.name.split(' ')[0], x.team?.name, x.metrics.tbOre, x.metrics.workHours])).toEqual([
      ['Sara', 'Team Väst', 11_148, 10],
      ['Sven', 'Team Öresund', 22_432, 15],
    ])
    const sara = await get('sellers', `${PERIOD}&q=nyström`)
    expect(sara.items.map((x) => x.id)).toEqual([ids.sara])
    expect(sara.sum.tbOre).toBe(11_148)
    const page = await get('sellers', `${PERIOD}&sortBy=tb&orderBy=asc&itemsPerPage=2&page=2`)
    expect(page).toMatchObject({ total: 2, items: [] })
  })

  it('by manager: each office with its managers', async () => {
    const r = await get('managers', PERIOD)
    const malmo = r.items.find((x) => x.id === ids.malmo)!
    expect(malmo.managers!.map((m) => m.name)).toContain(ids.managerName)
    expect(malmo.metrics.tbOre).toBe(22_432)
    expect(r.items.find((x) => x.id === ids.gbg)!.metrics.tbOre).toBe(11_148)
  })

  it('by provider: no hours (they are not reported per provider), nor extra income', async () => {
    const r = await get('providers', PERIOD)
    expect(r.items.map((x) => [x.id, x.metrics])).toEqual([
      [
        ids.a,
        {
          sales: 2,
          orderValueOre: 300_000,
          incomeOre: 150_000,
          payCostOre: 78_852,
          variableCostsOre: 93_852,
          tbOre: 56_148,
          tbPercent: 37.4,
          workHours: null,
          fte: null,
          productivityOre: null,
          hourlyCompensationOre: null,
          nki: 70,
          nkiAnswers: 2,
        },
      ],
      [
        ids.b,
        {
          sales: 1,
          orderValueOre: 60_000,
          incomeOre: 30_000,
          payCostOre: 13_142,
          variableCostsOre: 13_142,
          tbOre: 16_858,
          tbPercent: 56.2,
          workHours: null,
          fte: null,
          productivityOre: null,
          hourlyCompensationOre: null,
          nki: null,
          nkiAnswers: 0,
        },
      ],
    ])
  })

  it('by provider: a period that cuts a month counts only its own days’ answers', async () => {
    // 20 January to the end of February: February whole, and January's last days (not Sven's answer of the 15th).
    const r = await get('providers', 'from=2033-01-20&to=2033-02-28')
    expect(r.items.find((x) => x.id === ids.a)!.metrics).toMatchObject({ nki: 60, nkiAnswers: 1 })
    // 1 January to 10 February: January whole, and February's first ten days (Sara's answer of the 10th).
    const early = await get('providers', 'from=2033-01-01&to=2033-02-10')
    expect(early.items.find((x) => x.id === ids.a)!.metrics).toMatchObject({ nki: 70, nkiAnswers: 2 })
    // One office: only Malmö's answer.
    const malmo = await get('providers', `${PERIOD}&officeId=${ids.malmo}`)
    expect(malmo.items.find((x) => x.id === ids.a)!.metrics).toMatchObject({ nki: 80, nkiAnswers: 1 })
  })
})

describe('the legacy view and the settings', () => {
  it('reads the months before the cut-off the earlier way; back office moves the cut-off, on the version read', async () => {
    const settings = async (cookie = cookies.backoffice) => (await app.request('GET', '/api/finance/settings', { cookie })).json as unknown as FinanceSettings
    expect(await settings()).toMatchObject({ payrollTaxBp: 3142, legacyCutoff: '2026-01-01', version: 0 })
    // The whole of 2033 is after the default cut-off: nothing reads the earlier way.
    expect(await get('legacy', PERIOD)).toMatchObject({ period: null, items: [], legacy: { cutoff: '2026-01-01', clipped: false } })

    const put = (body: unknown, cookie = cookies.backoffice) => app.request('PUT', '/api/finance/settings', { cookie, body })
    const saved = await put({ payrollTaxPercent: 31.42, legacyCutoff: '2033-02-01', version: 0 })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ legacyCutoff: '2033-02-01', version: 1, updatedBy: expect.stringMatching(/\w/) })
    // Someone else's save on the old version changes nothing.
    const stale = await put({ payrollTaxPercent: 25, legacyCutoff: '2030-01-01', version: 0 })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ error: 'changed_elsewhere', details: { current: { legacyCutoff: '2033-02-01', version: 1 } } })

    const legacy = await get('legacy', PERIOD)
    expect(legacy.period).toEqual({ from: '2033-01-01', to: '2033-01-31' })
    expect(legacy.legacy).toEqual({ cutoff: '2033-02-01', clipped: true })
    expect(legacy.method).toEqual({ payrollTaxBp: 0, monthHours: 160, extraIncomeIsCost: false })
    // Öresund's January: commission 300 kr and cost 50 kr only; 15 h of a 160-hour month.
    expect(legacy.items.map((x) => [x.name, x.metrics])).toEqual([
      [
        'Team Öresund',
        expect.objectContaining({
          incomeOre: 80_000,
          payCostOre: 30_000,
          variableCostsOre: 35_000,
          tbOre: 45_000,
          tbPercent: 56.3,
          fte: 0.09,
          productivityOre: 3_000,
        }),
      ],
    ])

    // The rate applies to every current view: 0 % leaves Öresund's pay as it is.
    expect((await put({ payrollTaxPercent: 0, legacyCutoff: '2033-02-01', version: 1 })).status).toBe(200)
    expect((await get('teams', `${PERIOD}&teamId=${ids.oresund}`)).items[0]!.metrics).toMatchObject({ payCostOre: 40_000, tbOre: 35_000 })
    // The change is in the activity log.
    const [logged] = await db.select().from(t.activityLog).where(eq(t.activityLog.entity, 'finance_settings')).orderBy(t.activityLog.id)
    expect(logged).toMatchObject({ action: 'updated', before: { payrollTaxPercent: 31.42, legacyCutoff: '2026-01-01' } })
  })

  it('refuses bad settings and those who may not change them, and changes nothing', async () => {
    const before = (await app.request('GET', '/api/finance/settings', { cookie: cookies.manager })).json as unknown as FinanceSettings
    const put = (body: unknown, cookie = cookies.backoffice) => app.request('PUT', '/api/finance/settings', { cookie, body })
    for (const body of [
      { payrollTaxPercent: 101, legacyCutoff: '2033-02-01', version: before.version },
      { payrollTaxPercent: 31.425, legacyCutoff: '2033-02-01', version: before.version },
      { payrollTaxPercent: -1, legacyCutoff: '2033-02-01', version: before.version },
      { payrollTaxPercent: 31.42, legacyCutoff: '2033-02-30', version: before.version },
      { payrollTaxPercent: 31.42, legacyCutoff: '2033-02-01', version: before.version, extra: 1 },
    ]) {
      const r = await put(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
    }
    expect((await put({ payrollTaxPercent: 101, legacyCutoff: 'x', version: 0 })).json).toMatchObject({
      fieldErrors: { payrollTaxPercent: [expect.stringMatching(/0 och 100/)] },
    })
    expect((await put({ payrollTaxPercent: 10, legacyCutoff: '2033-02-01', version: before.version }, cookies.manager)).status).toBe(403)
    expect((await app.request('GET', '/api/finance/settings', { cookie: cookies.coach })).status).toBe(403)
    expect((await app.request('GET', '/api/finance/settings', { cookie: cookies.manager })).json).toEqual(before)
  })

  it('refuses a period that is backwards, too long or not a day, and an unknown sort', async () => {
    for (const [query, field] of [
      ['from=2033-03-01&to=2033-01-01', 'to'],
      ['from=2030-01-01&to=2033-01-01', 'to'],
      ['from=2033-02-30&to=2033-03-01', 'from'],
      [`${PERIOD}&sortBy=constructor`, 'sortBy'],
    ] as const) {
      const r = await app.request('GET', `/api/finance/profitability/teams?${query}`, { cookie: cookies.backoffice })
      expect(r.status, query).toBe(400)
      expect(Object.keys(r.json.fieldErrors as object)).toContain(field)
    }
    expect((await app.request('GET', `/api/finance/profitability/everything?${PERIOD}`, { cookie: cookies.backoffice })).status).toBe(404)
  })
})
