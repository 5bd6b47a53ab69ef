import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type {
  QualityStatsAll,
  QualityStatsGrades,
  QualityStatsMonthly,
  QualityStatsRegret,
  QualityStatsSellers,
  SurveyListPage,
} from '../../../shared/schemas/quality'
import { monthsBetween, yearBefore } from './quality.statistics'
import { createTestApp } from '../../test/harness'

/**
 * The quality statistics (docs/decisions/045, "Statistics") on a small fixed set of surveys in 2030–2031 (no other
 * data is sold then), each figure worked out by hand below; a coach and a manager count only their scope.
 */
const app = await createTestApp()
const { db, t } = app.database
const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')
const manager = await app.login('manager@demo.test')
const seller = await app.login('seller@demo.test')

const people = await db
  .select({ id: t.users.id, email: t.users.email })
  .from(t.users)
  .where(inArray(t.users.email, ['seller@demo.test', 'sara.nystrom@demo.test']))
const idOf = (email: string) => people.find((p) => p.email === email)!.id
const teams = await db.select({ id: t.teams.id, name: t.teams.name, officeId: t.teams.officeId }).from(t.teams)
const oresund = teams.find((x) => x.name.endsWith('Öresund'))!
const vast = teams.find((x) => x.name.endsWith('Väst'))!
const [provider] = await db.select({ id: t.providers.id }).from(t.providers).limit(1)
const [template] = await db.select({ id: t.qualityTemplates.id }).from(t.qualityTemplates).where(eq(t.qualityTemplates.active, true))

type Fixture = {
  day: string
  who: 'sven' | 'sara'
  status: 'queued' | 'answered' | 'unreached' | 'regret'
  score?: number | null
  grade?: string | null
  nki?: number | null
}
// Sven sells in Öresund (the coach's team; the manager's office), Sara in Väst (neither's).
const FIXTURES: Fixture[] = [
  { day: '2031-03-02', who: 'sven', status: 'answered', score: 900, grade: 'A', nki: 1000 },
  { day: '2031-03-05', who: 'sven', status: 'answered', score: 725, grade: 'B', nki: 750 },
  { day: '2031-03-09', who: 'sven', status: 'unreached' },
  { day: '2031-03-12', who: 'sven', status: 'regret' },
  { day: '2031-03-20', who: 'sven', status: 'queued' },
  { day: '2031-03-21', who: 'sara', status: 'answered', score: 400, grade: 'D', nki: 250 },
  // free text only: answered, but no score, grade or NKI
  { day: '2031-03-22', who: 'sara', status: 'answered' },
  { day: '2030-03-15', who: 'sven', status: 'answered', score: 600, grade: 'C', nki: 500 },
  { day: '2031-04-03', who: 'sven', status: 'regret' },
]
await db.insert(t.qualitySurveys).values(
  FIXTURES.map((f) => {
    const sven = f.who === 'sven'
    const at = Date.parse(`${f.day}T10:00:00Z`)
    return {
      id: randomUUID(),
      saleId: randomUUID(),
      sellerId: idOf(sven ? 'seller@demo.test' : 'sara.nystrom@demo.test'),
      teamId: sven ? oresund.id : vast.id,
      officeId: sven ? oresund.officeId : vast.officeId,
      providerId: provider!.id,
      sellDate: f.day,
      soldAt: at,
      reason: 'sample' as const,
      status: f.status,
      templateId: template!.id,
      templateVersionId: null,
      attempts: f.status === 'queued' ? 0 : 1,
      nextTryAt: at,
      answers: null,
      scoreTenths: f.score ?? null,
      grade: f.grade ?? null,
      nkiTenths: f.nki ?? null,
      channel: f.status === 'answered' ? ('call' as const) : null,
      regretReason: f.status === 'regret' ? 'Ångrade sig' : null,
      answeredAt: f.status === 'queued' ? null : at + 86_400_000,
      answeredBy: null,
      createdAt: at,
      updatedAt: at,
      version: 1,
    }
  }),
)

const YEAR = 'from=2031-01-01&to=2031-12-31'
const get = async <T>(path: string, cookie = backoffice.cookie) => {
  const r = await app.request('GET', path, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as T
}

describe('statistics: all', () => {
  it('counts the period’s surveys by status, the shares of the calls that ended, the means and the grade the mean reaches', async () => {
    const all = await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}`)
    // 8 in 2031; ended = 4 answered + 1 not reached + 2 regret = 7; scored 900, 725, 400 → 67.5 (C); NKI 100, 75, 25 → 66.7
    expect(all.total).toEqual({
      surveys: 8,
      queued: 1,
      answered: 4,
      unreached: 1,
      regret: 2,
      answeredShare: 0.571,
      regretShare: 0.286,
      scored: 3,
      averageScore: 67.5,
      averageGrade: 'C',
      nkiSample: 3,
      nki: 66.7,
    })
    expect(all.byProvider).toHaveLength(1)
    expect(all.byProvider[0]!.figures.surveys).toBe(8)
    expect(all.byChannel).toEqual([
      { channel: 'call', answered: 4 },
      { channel: 'link', answered: 0 },
      { channel: 'qr', answered: 0 },
    ])
  })

  it('a coach counts their teams’ surveys and a manager their office’s; a filter narrows further', async () => {
    // Sven's six: ended 5 (2 answered, 1 not reached, 2 regret); 900, 725 → 81.25 → 81.3 (B); NKI 87.5
    const mine = {
      surveys: 6,
      queued: 1,
      answered: 2,
      unreached: 1,
      regret: 2,
      answeredShare: 0.4,
      regretShare: 0.4,
      averageScore: 81.3,
      averageGrade: 'B',
      nki: 87.5,
    }
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}`, coach.cookie)).total).toMatchObject(mine)
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}`, manager.cookie)).total).toMatchObject(mine)
    // Asking for another office's team does not widen the scope.
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}&teamId=${vast.id}`, coach.cookie)).total.surveys).toBe(0)
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}&teamId=${vast.id}`)).total).toMatchObject({
      surveys: 2,
      averageScore: 40,
      averageGrade: 'D',
    })
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}&sellerId=${idOf('seller@demo.test')}`)).total.surveys).toBe(6)
    expect((await get<QualityStatsAll>(`/api/quality/statistics/all?${YEAR}&officeId=${vast.officeId}`)).total.surveys).toBe(2)
  })

  it('an empty period has no shares or means, not zeros', async () => {
    const none = await get<QualityStatsAll>('/api/quality/statistics/all?from=2032-01-01&to=2032-01-31')
    expect(none.total).toMatchObject({ surveys: 0, answeredShare: null, regretShare: null, averageScore: null, averageGrade: null, nki: null })
    expect(none.byProvider).toEqual([])
  })

  it('a period that ends before it starts, is too long or names a day that does not exist is a field error', async () => {
    const backwards = await app.request('GET', '/api/quality/statistics/all?from=2031-05-01&to=2031-04-01', { cookie: backoffice.cookie })
    expect(backwards.status).toBe(400)
    expect(backwards.json.fieldErrors).toEqual({ to: ['Perioden slutar innan den börjar'] })
    const long = await app.request('GET', '/api/quality/statistics/all?from=2020-01-01&to=2031-01-01', { cookie: backoffice.cookie })
    expect(long.status).toBe(400)
    expect(long.json.fieldErrors).toEqual({ to: ['Perioden får vara högst tre år'] })
    const nonsense = await app.request('GET', '/api/quality/statistics/all?from=2031-02-30&to=2031-03-01', { cookie: backoffice.cookie })
    expect(nonsense.status).toBe(400)
    expect(Object.keys(nonsense.json.fieldErrors as object)).toEqual(['from'])
    const missing = await app.request('GET', '/api/quality/statistics/all', { cookie: backoffice.cookie })
    expect(missing.status).toBe(400)
  })

  it('a seller, who has no quality statistics, is refused', async () => {
    expect((await app.request('GET', `/api/quality/statistics/all?${YEAR}`, { cookie: seller.cookie })).status).toBe(403)
  })
})

describe('statistics: grades, monthly, sellers', () => {
  it('grades: the distribution of the answered surveys, best first, with those that scored nothing apart', async () => {
    const g = await get<QualityStatsGrades>(`/api/quality/statistics/grades?${YEAR}`)
    expect(g).toMatchObject({
      answered: 4,
      ungraded: 1,
      grades: [
        { grade: 'A', surveys: 1, share: 0.25 },
        { grade: 'B', surveys: 1, share: 0.25 },
        { grade: 'D', surveys: 1, share: 0.25 },
      ],
    })
  })

  it('monthly: each month of the period beside the same month a year before', async () => {
    const m = await get<QualityStatsMonthly>('/api/quality/statistics/monthly?from=2031-02-01&to=2031-04-30')
    expect(m.months.map((x) => x.month)).toEqual(['2031-02', '2031-03', '2031-04'])
    expect(m.months.map((x) => x.figures.surveys)).toEqual([0, 7, 1])
    expect(m.months.map((x) => x.previous.surveys)).toEqual([0, 1, 0])
    expect(m.months[1]!.previous).toMatchObject({ answered: 1, averageScore: 60, averageGrade: 'C', nki: 50 })
    expect(m.months[2]!.figures).toMatchObject({ regret: 1, regretShare: 1, averageScore: null })
  })

  it('sellers: one row per seller and team with the sample behind each mean, sorted on the server, paged', async () => {
    const byScore = await get<QualityStatsSellers>(`/api/quality/statistics/sellers?${YEAR}&sortBy=averageScore&orderBy=desc`)
    expect(byScore.total).toBe(2)
    expect(byScore.items.map((r) => [r.seller.name, r.team?.name.endsWith('Öresund') ?? false, r.figures.averageScore, r.figures.scored])).toEqual([
      ['Sven Säljare', true, 81.3, 2],
      ['Sara Nyström', false, 40, 1],
    ])
    const byName = await get<QualityStatsSellers>(`/api/quality/statistics/sellers?${YEAR}&sortBy=name&orderBy=asc`)
    expect(byName.items.map((r) => r.seller.name)).toEqual(['Sara Nyström', 'Sven Säljare'])
    const paged = await get<QualityStatsSellers>(`/api/quality/statistics/sellers?${YEAR}&sortBy=regretShare&orderBy=desc&itemsPerPage=10&page=2`)
    expect(paged).toMatchObject({ total: 2, items: [], page: 2 })
    const found = await get<QualityStatsSellers>(`/api/quality/statistics/sellers?${YEAR}&q=nyst`)
    expect(found.items.map((r) => r.seller.name)).toEqual(['Sara Nyström'])
    const coachSees = await get<QualityStatsSellers>(`/api/quality/statistics/sellers?${YEAR}`, coach.cookie)
    expect(coachSees.items.map((r) => r.seller.name)).toEqual(['Sven Säljare'])
    const bad = await app.request('GET', `/api/quality/statistics/sellers?${YEAR}&sortBy=constructor`, { cookie: backoffice.cookie })
    expect(bad.status).toBe(400)
    expect(bad.json.fieldErrors).toHaveProperty('sortBy')
  })

  it('the surveys behind a figure: the list takes the figure’s period, place and grade', async () => {
    const list = await get<SurveyListPage>(`/api/quality/surveys?status=answered&grade=A&${YEAR}`)
    expect(list.total).toBe(1)
    expect(list.items[0]).toMatchObject({ grade: 'A', sellDate: '2031-03-02' })
    const regrets = await get<SurveyListPage>(`/api/quality/surveys?status=regret&from=2031-03-01&to=2031-03-31&officeId=${oresund.officeId}`)
    expect(regrets.total).toBe(1)
    expect((await get<SurveyListPage>(`/api/quality/surveys?status=answered&${YEAR}&teamId=${vast.id}`, coach.cookie)).total).toBe(0)
  })
})

// 2032: the sales summary's lines (what the sales area counts, docs/decisions/046) and regret surveys, by hand.
const products = await db.select({ id: t.products.id, name: t.products.name }).from(t.products).orderBy(t.products.name).limit(3)
const [alarm, smoke, lock] = products
const line = (day: string, who: 'sven' | 'sara', productId: string, status: 'approved' | 'regret' | 'absence' | 'finalized', lines: number) => {
  const sven = who === 'sven'
  return {
    sellDate: day,
    sellerId: idOf(sven ? 'seller@demo.test' : 'sara.nystrom@demo.test'),
    teamId: sven ? oresund.id : vast.id,
    officeId: sven ? oresund.officeId : vast.officeId,
    providerId: provider!.id,
    productId,
    status,
    lines,
    quantity: lines,
    orderValueOre: lines * 10_000,
    sellerCommissionOre: 0,
    companyCommissionOre: 0,
    companyCostOre: 0,
  }
}
const days = [
  line('2032-05-02', 'sven', alarm!.id, 'approved', 6),
  line('2032-05-02', 'sven', alarm!.id, 'regret', 2),
  line('2032-05-03', 'sven', alarm!.id, 'absence', 5),
  line('2032-05-03', 'sven', smoke!.id, 'finalized', 3),
  line('2032-05-03', 'sven', smoke!.id, 'regret', 1),
  line('2032-05-04', 'sara', lock!.id, 'regret', 3),
  line('2032-05-04', 'sara', lock!.id, 'approved', 1),
  line('2032-07-01', 'sven', alarm!.id, 'approved', 2),
]
await db.insert(t.saleDayProducts).values(days)
// The whole organisation's month table as the sales service keeps it beside the days (no two of these days share
// a month, product and status).
await db
  .insert(t.saleMonthProducts)
  .values(days.map(({ sellDate, sellerId: _seller, teamId: _team, officeId: _office, ...rest }) => ({ month: sellDate.slice(0, 7), ...rest })))
const regretSurvey = (day: string, who: 'sven' | 'sara', reason: string | null) => {
  const sven = who === 'sven'
  const at = Date.parse(`${day}T10:00:00Z`)
  return {
    id: randomUUID(),
    saleId: randomUUID(),
    sellerId: idOf(sven ? 'seller@demo.test' : 'sara.nystrom@demo.test'),
    teamId: sven ? oresund.id : vast.id,
    officeId: sven ? oresund.officeId : vast.officeId,
    providerId: provider!.id,
    sellDate: day,
    soldAt: at,
    reason: 'sample' as const,
    status: 'regret' as const,
    templateId: template!.id,
    attempts: 1,
    nextTryAt: at,
    regretReason: reason,
    answeredAt: at,
    createdAt: at,
    updatedAt: at,
    version: 1,
  }
}
await db
  .insert(t.qualitySurveys)
  .values([
    regretSurvey('2032-05-02', 'sven', 'För dyrt'),
    regretSurvey('2032-05-02', 'sven', ' för dyrt '),
    regretSurvey('2032-05-03', 'sven', 'Ångrade sig'),
    regretSurvey('2032-05-03', 'sven', null),
    regretSurvey('2032-05-04', 'sara', 'FÖR DYRT'),
  ])
const Y2032 = 'from=2032-01-01&to=2032-12-31'

describe('statistics: regret by product and by reason', () => {
  it('each product’s sales (absence not counted) and how many ended in regret, most regrets first; the reasons given, whatever their case', async () => {
    const r = await get<QualityStatsRegret>(`/api/quality/statistics/regret?${Y2032}`)
    // alarm: 6 + 2 + 2 sold (5 absence left out), 2 regret → 0.2; lock: 3 + 1, 3 regret → 0.75; smoke: 3 + 1, 1 → 0.25
    expect(r.byProduct.map((p) => [p.product.name, p.sold, p.regret, p.regretShare])).toEqual([
      [lock!.name, 4, 3, 0.75],
      [alarm!.name, 10, 2, 0.2],
      [smoke!.name, 4, 1, 0.25],
    ])
    expect(r.moreProducts).toBe(0)
    // 5 regret surveys; "för dyrt" three times in three spellings, one without a reason
    expect(r.regretSurveys).toBe(5)
    expect(r.byReason).toEqual([
      { reason: expect.stringMatching(/^(för dyrt|För dyrt|FÖR DYRT)$/), regret: 3, share: 0.6 },
      { reason: 'Ångrade sig', regret: 1, share: 0.2 },
    ])
    expect(r.otherReasons).toBe(0)
  })

  it('a coach counts their teams’ products and reasons only, and a filter narrows', async () => {
    const mine = await get<QualityStatsRegret>(`/api/quality/statistics/regret?${Y2032}`, coach.cookie)
    expect(mine.byProduct.map((p) => [p.product.name, p.sold, p.regret])).toEqual([
      [alarm!.name, 10, 2],
      [smoke!.name, 4, 1],
    ])
    expect(mine.regretSurveys).toBe(4)
    expect(mine.byReason.map((x) => x.regret)).toEqual([2, 1])
    const narrowed = await get<QualityStatsRegret>(`/api/quality/statistics/regret?from=2032-05-03&to=2032-05-03`)
    expect(narrowed.byProduct.map((p) => [p.product.name, p.sold, p.regret])).toEqual([[smoke!.name, 4, 1]])
    // A seller's figures come from the days (the month table has no seller); the same for any period.
    const sven = await get<QualityStatsRegret>(`/api/quality/statistics/regret?${Y2032}&sellerId=${idOf('seller@demo.test')}`)
    expect(sven.byProduct.map((p) => [p.product.name, p.sold, p.regret])).toEqual([
      [alarm!.name, 10, 2],
      [smoke!.name, 4, 1],
    ])
  })

  it('a period from the middle of a month counts its first days from the day table and its whole months from the month table', async () => {
    // 3–31 May from the days (2 May's alarm left out), June and July whole from the months (July's alarm counted)
    const r = await get<QualityStatsRegret>(`/api/quality/statistics/regret?from=2032-05-03&to=2032-07-31`)
    expect(r.byProduct.map((p) => [p.product.name, p.sold, p.regret])).toEqual([
      [lock!.name, 4, 3],
      [smoke!.name, 4, 1],
      [alarm!.name, 2, 0],
    ])
    const coachs = await get<QualityStatsRegret>(`/api/quality/statistics/regret?from=2032-05-03&to=2032-07-31`, coach.cookie)
    expect(coachs.byProduct.map((p) => [p.product.name, p.sold, p.regret])).toEqual([
      [smoke!.name, 4, 1],
      [alarm!.name, 2, 0],
    ])
    expect((await app.request('GET', `/api/quality/statistics/regret?${Y2032}`, { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', `/api/quality/statistics/regret?from=2032-02-01&to=2032-01-01`, { cookie: backoffice.cookie })).status).toBe(400)
  })
})

describe('the calendar helpers', () => {
  it.each([
    ['2031-01-15', '2031-03-01', ['2031-01', '2031-02', '2031-03']],
    ['2030-11-30', '2031-02-01', ['2030-11', '2030-12', '2031-01', '2031-02']],
    ['2031-05-05', '2031-05-06', ['2031-05']],
  ])('months from %s to %s', (from, to, months) => {
    expect(monthsBetween(from, to)).toEqual(months)
  })
  it.each([
    ['2031-03-15', '2030-03-15'],
    ['2028-02-29', '2027-02-28'],
    ['2031-01-01', '2030-01-01'],
  ])('a year before %s is %s', (day, before) => {
    expect(yearBefore(day)).toBe(before)
  })
})
