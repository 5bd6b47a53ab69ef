import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { BiAnswer, BiClarify, BiInvalid, BiNoData, BiQueryInput, StatDetail, StatListItem } from '../../../shared/schemas/assistant'
import { fillMonthHours } from '../time-reports/time-reports.fill'
import { createTestApp } from '../../test/harness'
import { saleSummary } from '../sales/sales.summary'

/**
 * The BI assistant through the API (docs/decisions/053), on SQLite and PostgreSQL: a data set of 2019 worked out by
 * hand — sales written to the summary through its own write path, time reports and answered quality surveys — asked
 * in words and as structured queries by an admin, a manager, a coach and a seller given the chat, each within their
 * own rules; statistics views saved, shared with a role, opened, edited and deleted.
 */
// The quota has its own test (assistant.engine.test.ts): lifted here, where one person asks dozens of questions.
const app = await createTestApp({ ASSISTANT_QUOTA_PER_MINUTE: '1000' })
const { db, t } = app.database
const cookies = { admin: '', manager: '', coach: '', seller: '', backoffice: '' }
const ids = { sven: '', sara: '', leila: '', oresund: '', lund: '', vast: '', malmo: '', gbg: '', provider: '', coachRole: '' }
const products: Record<'alarm' | 'smoke' | 'lock', string> = { alarm: '', smoke: '', lock: '' }
const names: Record<string, string> = {}

const ask = async (cookie: string, question: string, extra: Record<string, unknown> = {}, lang = 'sv') => {
  const r = await app.request('POST', '/api/assistant/ask', { cookie, body: { question, ...extra }, headers: { 'accept-language': lang } })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as BiAnswer | BiClarify | BiInvalid | BiNoData
}
const answer = async (cookie: string, question: string, extra: Record<string, unknown> = {}) => {
  const reply = await ask(cookie, question, extra)
  expect(reply.kind, JSON.stringify(reply)).toBe('answer')
  return reply as BiAnswer
}
const run = async (cookie: string, query: BiQueryInput, extra: Record<string, unknown> = {}) => {
  const r = await app.request('POST', '/api/assistant/run', { cookie, body: { query, ...extra } })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as BiAnswer | BiClarify | BiInvalid | BiNoData
}
/** An answer's single series as label → value. */
const figures = (a: BiAnswer) => Object.fromEntries(a.labels.map((l, i) => [l, a.series[0]!.values[i]]))

beforeAll(async () => {
  const user = async (email: string) => (await db.select().from(t.users).where(eq(t.users.email, email)))[0]!
  const team = async (name: string) => (await db.select().from(t.teams).where(eq(t.teams.name, name)))[0]!
  const [sven, sara, leila, oresund, lund, vast] = await Promise.all([
    user('seller@demo.test'),
    user('sara.nystrom@demo.test'),
    user('leila.haddad@demo.test'),
    team('Team Öresund'),
    team('Team Lund'),
    team('Team Väst'),
  ])
  Object.assign(ids, {
    sven: sven.id,
    sara: sara.id,
    leila: leila.id,
    oresund: oresund.id,
    lund: lund.id,
    vast: vast.id,
    malmo: oresund.officeId,
    gbg: vast.officeId,
  })
  Object.assign(names, {
    sven: `${sven.firstName} ${sven.lastName}`,
    sara: `${sara.firstName} ${sara.lastName}`,
    leila: `${leila.firstName} ${leila.lastName}`,
  })
  const catalog = await db.select({ id: t.products.id, providerId: t.products.providerId }).from(t.products).orderBy(t.products.name).limit(3)
  products.alarm = catalog[0]!.id
  products.smoke = catalog[1]!.id
  products.lock = catalog[2]!.id
  ids.provider = catalog[0]!.providerId
  ids.coachRole = (await db.select().from(t.roles).where(eq(t.roles.key, 'coach')))[0]!.id
  // The seller is given the chat (a role may give it; sellers have none by default).
  await db.insert(t.permissionRules).values({ id: randomUUID(), userId: sven.id, action: 'view', subject: 'chat', position: 1 })

  const place = { sven: [ids.oresund, ids.malmo], sara: [ids.vast, ids.gbg], leila: [ids.lund, ids.malmo] } as const
  const sale = (sellDate: string, who: keyof typeof place, status: SaleStatus, product: keyof typeof products, quantity: number, priceOre: number) => ({
    sale: {
      sellDate,
      sellerId: ids[who],
      teamId: place[who][0],
      officeId: place[who][1],
      providerId: ids.provider,
      status,
      orderValueOre: priceOre * quantity,
      sellerCommissionOre: 0,
      companyCommissionOre: 0,
      companyCostOre: 0,
    },
    lines: [{ productId: products[product], quantity, priceOre, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 }],
  })
  const summary = saleSummary(app.database)
  await app.database.transaction(async (tx) => {
    for (const entry of [
      sale('2019-01-15', 'sven', 'approved', 'alarm', 1, 10_000),
      sale('2019-01-31', 'sven', 'finalized', 'smoke', 2, 5_000),
      sale('2019-02-10', 'sara', 'approved', 'lock', 1, 30_000),
      sale('2019-02-11', 'sara', 'regret', 'lock', 1, 30_000),
      sale('2019-03-01', 'sven', 'absence', 'alarm', 1, 10_000),
      sale('2019-03-15', 'leila', 'approved', 'smoke', 3, 5_000),
      sale('2019-01-20', 'leila', 'regret', 'alarm', 1, 10_000),
    ])
      await summary.change(tx, null, entry)
    // Hours: Sven 5 × 8 h, Sara 2 × 8 h in the week of 14 January.
    const report = (userId: string, teamId: string, officeId: string, date: string) => ({
      id: randomUUID(),
      userId,
      teamId,
      officeId,
      date,
      present: true,
      workHours: 8,
      absenceHours: 0,
      version: 1,
      createdAt: 0,
      updatedAt: 0,
    })
    for (const d of ['2019-01-14', '2019-01-15', '2019-01-16', '2019-01-17', '2019-01-18'])
      await tx.insert(t.timeReports).values(report(ids.sven, ids.oresund, ids.malmo, d))
    for (const d of ['2019-01-14', '2019-01-15']) await tx.insert(t.timeReports).values(report(ids.sara, ids.vast, ids.gbg, d))
    await fillMonthHours(app.database, tx)
    // Quality: Sven 90 and 80, Sara 60 (answered); a queued survey counts for nothing.
    const [template] = await tx.select({ id: t.qualityTemplates.id }).from(t.qualityTemplates).limit(1)
    const survey = (who: 'sven' | 'sara', sellDate: string, scoreTenths: number | null, status: 'answered' | 'queued') => ({
      id: randomUUID(),
      saleId: randomUUID(),
      sellerId: ids[who],
      teamId: place[who][0],
      officeId: place[who][1],
      providerId: ids.provider,
      sellDate,
      soldAt: 0,
      reason: 'sample' as const,
      status,
      templateId: template!.id,
      nextTryAt: 0,
      scoreTenths,
      createdAt: 0,
      updatedAt: 0,
    })
    await tx
      .insert(t.qualitySurveys)
      .values([
        survey('sven', '2019-01-15', 900, 'answered'),
        survey('sven', '2019-01-31', 800, 'answered'),
        survey('sara', '2019-02-10', 600, 'answered'),
        survey('sara', '2019-02-11', null, 'queued'),
      ])
  })
  for (const who of ['admin', 'manager', 'coach', 'seller', 'backoffice'] as const) cookies[who] = (await app.login(`${who}@demo.test`)).cookie
})

describe('questions in words, answered within the asker’s rules', () => {
  it('an admin sees every team: order value of the sales that stand (regret and absence left out), highest first, as bars', async () => {
    const a = await answer(cookies.admin, 'ordervärde per team 2019')
    expect(a.labels).toEqual(['Team Väst', 'Team Öresund', 'Team Lund'])
    expect(a.series[0]!.values).toEqual([300, 200, 150])
    expect(a).toMatchObject({ chart: 'bar', unit: 'kr', total: 650, scope: { kind: 'organisation' }, from: '2019-01-01', to: '2019-12-31', engine: 'parser' })
    expect(a.description).toMatch(/^Ordervärde, per team, 2019/)
    // The query behind it: parameterised statements of the summary (whole months from the month table).
    expect(a.sql.length).toBeGreaterThan(0)
    expect(a.sql.map((s) => s.text).join('\n')).toMatch(/sale_month_totals|sale_day_totals/)
    expect(a.sql.flatMap((s) => s.params)).toContain('approved')
  })

  it('a manager sees their office, a coach their teams, a seller their own — and the answer says which', async () => {
    const manager = await answer(cookies.manager, 'ordervärde per team 2019')
    expect(figures(manager)).toEqual({ 'Team Öresund': 200, 'Team Lund': 150 })
    expect(manager.scope).toEqual({ kind: 'office', names: ['Malmö'] })
    const coach = await answer(cookies.coach, 'ordervärde per team 2019')
    expect(figures(coach)).toEqual({ 'Team Öresund': 200, 'Team Lund': 150 })
    expect(coach.scope).toEqual({ kind: 'teams', names: ['Team Lund', 'Team Öresund'] })
    // "All teams" from a seller: only their own sales, whatever the question says.
    const seller = await answer(cookies.seller, 'ordervärde för alla team 2019')
    expect(figures(seller)).toEqual({ 'Team Öresund': 200 })
    expect(seller.scope.kind).toBe('own')
    // The scope is in the statements themselves.
    expect(seller.sql.flatMap((s) => s.params)).toContain(ids.sven)
  })

  it('a seller without the chat, or anyone signed out, is refused', async () => {
    const backofficeSeller = await app.login('anna.lindqvist@demo.test')
    expect((await app.request('POST', '/api/assistant/ask', { cookie: backofficeSeller.cookie, body: { question: 'ordervärde' } })).status).toBe(403)
    expect((await app.request('POST', '/api/assistant/ask', { body: { question: 'ordervärde' } })).status).toBe(401)
  })

  it('time with two buckets or more is a line, empty months count as 0', async () => {
    const a = await answer(cookies.admin, 'antal order per månad 2019')
    expect(a.chart).toBe('line')
    expect(a.labels).toHaveLength(12)
    expect(a.series[0]!.values).toEqual([2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(a.labels[0]).toBe('jan. 2019')
  })

  it('weeks are ISO weeks from Monday, labelled by number', async () => {
    const a = await answer(cookies.admin, 'order per vecka i januari 2019')
    expect(a.labels).toEqual(['v. 1', 'v. 2', 'v. 3', 'v. 4', 'v. 5'])
    expect(a.series[0]!.values).toEqual([0, 0, 1, 0, 1])
  })

  it('a split by region adds up its offices; a region filter keeps its offices', async () => {
    const byRegion = await answer(cookies.admin, 'ordervärde per region 2019')
    expect(figures(byRegion)).toEqual({ 'Region Syd': 650 })
    const filtered = await answer(cookies.admin, 'ordervärde per team för Region Syd 2019')
    expect(figures(filtered)).toEqual({ 'Team Väst': 300, 'Team Öresund': 200, 'Team Lund': 150 })
  })

  it('regret rate counts every status; quantity counts the products', async () => {
    const rate = await answer(cookies.admin, 'ångerfrekvens per team 2019')
    expect(figures(rate)).toEqual({ 'Team Väst': 50, 'Team Lund': 50, 'Team Öresund': 0 })
    expect(rate.unit).toBe('percent')
    const quantity = await answer(cookies.admin, 'antal produkter per produkt 2019')
    expect(quantity.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(7)
    expect(quantity.series[0]!.values[0]).toBe(5)
    expect(quantity.total).toBe(7)
  })

  it('regrets per month are the regret sales', async () => {
    const a = await answer(cookies.admin, 'ånger per månad första kvartalet 2019')
    expect(a.series[0]!.values).toEqual([1, 1, 0])
  })

  it('hours come from the time reports within the reader’s rules, whole months from the hours by month', async () => {
    const admin = await answer(cookies.admin, 'timmar per säljare i januari 2019')
    expect(figures(admin)).toEqual({ [names.sven!]: 40, [names.sara!]: 16 })
    const manager = await answer(cookies.manager, 'timmar per säljare i januari 2019')
    expect(figures(manager)).toEqual({ [names.sven!]: 40 })
    const days = await answer(cookies.admin, 'timmar per dag 2019-01-14 till 2019-01-16')
    expect(days.series[0]!.values).toEqual([16, 16, 8])
  })

  it('the average grade is the answered surveys’ mean score', async () => {
    const a = await answer(cookies.admin, 'snittbetyg per säljare 2019')
    expect(figures(a)).toEqual({ [names.sven!]: 85, [names.sara!]: 60 })
    expect(a.total).toBeCloseTo(76.67, 2)
  })

  it('a single figure is the number; answers are in the asker’s language', async () => {
    const r = await app.request('POST', '/api/assistant/ask', {
      cookie: cookies.admin,
      body: { question: 'order value 2019' },
      headers: { 'accept-language': 'en' },
    })
    const a = r.json as unknown as BiAnswer
    expect(a).toMatchObject({ chart: 'number', total: 650, labels: ['Total'] })
    expect(a.description).toMatch(/^Order value, 2019/)
    const fi = await ask(cookies.admin, 'tilausarvo tiimeittäin 2019', {}, 'fi')
    expect((fi as BiAnswer).description).toMatch(/^Tilausarvo, tiimi kohden/)
  })

  it('follows up the last answer: "och per vecka?" keeps the measure, the team split and the period', async () => {
    const first = await answer(cookies.manager, 'antal order per team första kvartalet 2019')
    expect(figures(first)).toEqual({ 'Team Öresund': 2, 'Team Lund': 1 })
    const next = await answer(cookies.manager, 'och per vecka?', { previous: first.query })
    expect(next.query).toMatchObject({ measure: 'orders', groupBy: ['time', 'team'], granularity: 'week', period: first.query.period })
    expect(next.chart).toBe('line')
    expect(next.labels).toHaveLength(13)
    expect(next.series.map((s) => [s.label, s.values.reduce((a, b) => a + b, 0)])).toEqual([
      ['Team Öresund', 2],
      ['Team Lund', 1],
    ])
    const narrowed = await answer(cookies.manager, 'bara team Lund', { previous: first.query })
    expect(narrowed.query.filters.team).toEqual([ids.lund])
    expect(figures(narrowed)).toEqual({ 'Team Lund': 1 })
  })

  it('never matches a name the asker may not see: a coach naming another team’s seller gets their own teams', async () => {
    const a = await answer(cookies.coach, `ordervärde för ${names.sara} 2019`)
    expect(a.query.filters.seller).toBeUndefined()
    expect(a.total).toBe(350)
  })

  it('refuses a query whose filter names someone or somewhere the asker may not see, without telling the name', async () => {
    // Once the figures stayed empty but the words said "för Sara Nyström", "Team Väst" (issue 39).
    for (const filters of [{ seller: [ids.sara] }, { team: [ids.vast] }, { office: [ids.gbg] }, { seller: ['no-such-person'] }]) {
      const reply = await run(cookies.coach, { measure: 'orders', filters, period: { kind: 'year', year: 2019 } })
      expect(reply, JSON.stringify(filters)).toMatchObject({ kind: 'invalid', message: 'Ogiltig fråga' })
      expect(JSON.stringify(reply)).not.toMatch(/Sara|Väst|Göteborg/)
    }
    const own = await run(cookies.coach, { measure: 'orders', filters: { team: [ids.oresund] }, period: { kind: 'year', year: 2019 } })
    expect(own.kind).toBe('answer')
  })
})

describe('asking back, refusing, no data', () => {
  it('asks for the measure with a button for each that fits, keeping what it understood; a choice runs', async () => {
    const reply = (await ask(cookies.admin, 'per team 2019')) as BiClarify
    expect(reply.kind).toBe('clarify')
    expect(reply.understood).toContain('2019')
    const choice = reply.choices.find((c) => c.query.measure === 'orderValue')!
    expect(choice.label).toBe('Ordervärde')
    const a = (await run(cookies.admin, choice.query)) as BiAnswer
    expect(a).toMatchObject({ kind: 'answer', engine: 'direct', total: 650 })
  })

  it.each(['DROP TABLE sales; --', "ordervärde' OR 1=1 --", 'vad tycker du om fotboll?', '<script>alert(1)</script>', 'x'.repeat(700)])(
    '"%s" gets Invalid Prompt with examples, never an error',
    async (question) => {
      const reply = (await ask(cookies.admin, question)) as BiInvalid
      expect(reply.kind).toBe('invalid')
      expect(reply.message).toBe('Ogiltig fråga')
      expect(reply.examples.length).toBeGreaterThan(0)
    },
  )

  it('a query outside the schema is refused with field errors and runs nothing', async () => {
    const r = await app.request('POST', '/api/assistant/run', {
      cookie: cookies.admin,
      body: { query: { measure: 'profit', period: { kind: 'year', year: 2019 } } },
    })
    expect(r.status).toBe(400)
    const sqlish = await app.request('POST', '/api/assistant/run', {
      cookie: cookies.admin,
      body: { query: { measure: 'orders', groupBy: ['team; drop table sales'], period: { kind: 'year', year: 2019 } } },
    })
    expect(sqlish.status).toBe(400)
    const hoursByProduct = await app.request('POST', '/api/assistant/run', {
      cookie: cookies.admin,
      body: { query: { measure: 'hours', groupBy: ['product'], period: { kind: 'year', year: 2019 } } },
    })
    expect(hoursByProduct.status).toBe(400)
  })

  it('a period without data says the chart could not be made, with the query behind it', async () => {
    const reply = (await ask(cookies.admin, 'ordervärde per team 2018')) as BiNoData
    expect(reply.kind).toBe('noData')
    expect(reply.message).toMatch(/^Diagrammet kunde inte skapas/)
    expect(reply.sql.length).toBeGreaterThan(0)
  })

  it('too many points in time: asks for coarser buckets', async () => {
    const reply = (await run(cookies.admin, {
      measure: 'orders',
      groupBy: ['time'],
      granularity: 'day',
      period: { kind: 'range', from: '2015-01-01', to: '2019-12-31' },
    })) as BiClarify
    expect(reply.kind).toBe('clarify')
    expect(reply.choices.map((c) => c.query.granularity)).toEqual(['week', 'month', 'quarter', 'year'])
  })

  it('a period outside the date rule is refused, and the widest it takes asks for coarser buckets at once', async () => {
    // Year 0000 with weekly buckets once looped without end and stopped the server (issue 39).
    for (const from of ['0000-01-01', '1899-12-31', '2026-13-01', '0000-00-00']) {
      const r = await app.request('POST', '/api/assistant/run', {
        cookie: cookies.admin,
        body: { query: { measure: 'orders', groupBy: ['time'], granularity: 'week', period: { kind: 'range', from, to: '2026-01-31' } } },
      })
      expect(r.status, from).toBe(400)
      expect(Object.keys(r.json.fieldErrors as object), from).toEqual(['query.period.from'])
    }
    const widest = (await run(cookies.admin, {
      measure: 'orders',
      groupBy: ['time'],
      granularity: 'day',
      period: { kind: 'range', from: '1900-01-01', to: '2100-12-31' },
    })) as BiClarify
    expect(widest.kind).toBe('clarify')
    expect(widest.choices.map((c) => c.query.granularity)).toEqual(['year'])
    // In words: a date that is no day of the rule is not read as one, and the answer comes.
    const asked = await ask(cookies.admin, 'antal order per dag från 0000-01-01 till 2026-01-31')
    expect(['answer', 'clarify', 'invalid', 'noData']).toContain(asked.kind)
  })

  it('legacy mode answers only before the cut-off date and says where it cut', async () => {
    const after = (await ask(cookies.admin, 'ordervärde i år', { legacy: true })) as BiInvalid
    expect(after.kind).toBe('invalid')
    expect(after.message).toMatch(/^Historikläget svarar bara/)
    const across = (await run(
      cookies.admin,
      { measure: 'orders', period: { kind: 'range', from: '2019-01-01', to: '2026-06-30' } },
      { legacy: true },
    )) as BiAnswer
    expect(across).toMatchObject({ kind: 'answer', to: '2025-12-31', legacyCutoff: '2026-01-01' })
    const settings = await app.request('GET', '/api/assistant/settings', { cookie: cookies.admin })
    expect(settings.json).toEqual({ legacyCutoff: '2026-01-01' })
  })
})

describe('statistics views', () => {
  let stat: StatDetail
  it('a manager saves an answer as a view shared with coaches; a coach finds it and opens it within their own teams', async () => {
    const created = await app.request('POST', '/api/assistant/stats', {
      cookie: cookies.manager,
      body: {
        name: 'Ordervärde per team 2019',
        query: { measure: 'orderValue', groupBy: ['team'], period: { kind: 'year', year: 2019 } },
        roleIds: [ids.coachRole],
      },
    })
    expect(created.status, created.text).toBe(201)
    stat = created.json as unknown as StatDetail
    expect(stat).toMatchObject({ name: 'Ordervärde per team 2019', mine: true, version: 1, roles: [{ id: ids.coachRole, name: 'Coach' }] })
    const list = (await app.request('GET', '/api/assistant/stats', { cookie: cookies.coach })).json as unknown as StatListItem[]
    expect(list.find((s) => s.id === stat.id)).toMatchObject({ mine: false, owner: { name: 'Maria Manager' } })
    const opened = await app.request('GET', `/api/assistant/stats/${stat.id}`, { cookie: cookies.coach })
    expect(opened.status).toBe(200)
    const { answer: a } = opened.json as unknown as { answer: BiAnswer }
    expect(a.scope.kind).toBe('teams')
    expect(figures(a)).toEqual({ 'Team Öresund': 200, 'Team Lund': 150 })
    // Back office holds another role: not shared with them.
    const other = await app.request('GET', `/api/assistant/stats/${stat.id}`, { cookie: cookies.backoffice })
    expect(other.status).toBe(404)
    // The seller has no `view stats`.
    expect((await app.request('GET', '/api/assistant/stats', { cookie: cookies.seller })).status).toBe(403)
  })

  it('only the owner edits or deletes; an edit on an older reading is a conflict', async () => {
    const body = { name: 'Nytt namn', query: stat.query, roleIds: [], version: stat.version }
    expect((await app.request('PUT', `/api/assistant/stats/${stat.id}`, { cookie: cookies.coach, body })).status).toBe(403)
    expect((await app.request('DELETE', `/api/assistant/stats/${stat.id}`, { cookie: cookies.coach })).status).toBe(403)
    const edited = await app.request('PUT', `/api/assistant/stats/${stat.id}`, { cookie: cookies.manager, body })
    expect(edited.status, edited.text).toBe(200)
    expect(edited.json).toMatchObject({ name: 'Nytt namn', version: 2, roles: [] })
    const stale = await app.request('PUT', `/api/assistant/stats/${stat.id}`, { cookie: cookies.manager, body })
    expect(stale.status).toBe(409)
    // No longer shared: the coach no longer finds it.
    expect((await app.request('GET', `/api/assistant/stats/${stat.id}`, { cookie: cookies.coach })).status).toBe(404)
    const log = await db.select().from(t.activityLog).where(eq(t.activityLog.entityId, stat.id))
    expect(log.map((l) => l.action).sort()).toEqual(['created', 'updated'])
    expect((await app.request('DELETE', `/api/assistant/stats/${stat.id}`, { cookie: cookies.manager })).status).toBe(204)
    expect((await app.request('GET', `/api/assistant/stats/${stat.id}`, { cookie: cookies.manager })).status).toBe(404)
  })

  it('refuses a view shared with a role that does not exist, and a name too long', async () => {
    const query = { measure: 'orders', period: { kind: 'year', year: 2019 } }
    const badRole = await app.request('POST', '/api/assistant/stats', { cookie: cookies.manager, body: { name: 'X', query, roleIds: ['nope'] } })
    expect(badRole.status).toBe(400)
    const long = await app.request('POST', '/api/assistant/stats', { cookie: cookies.manager, body: { name: 'x'.repeat(200), query, roleIds: [] } })
    expect(long.status).toBe(400)
    expect((await db.select().from(t.assistantStats)).filter((s) => s.name === 'X')).toHaveLength(0)
  })
})

describe('two periods side by side, holidays and the open question (decision 083)', () => {
  const feb = { kind: 'month', month: 2, year: 2019 } as const
  const jan = { kind: 'month', month: 1, year: 2019 } as const

  it('a comparison in words keeps both periods: two bars, the other period named, the change in percent', async () => {
    const a = await answer(cookies.admin, 'ordervärde februari 2019 jämfört med januari 2019')
    expect(a.query).toMatchObject({ period: feb, compare: jan })
    expect(a).toMatchObject({ chart: 'bar', total: 300, comparison: { from: '2019-01-01', to: '2019-01-31', total: 200, change: 50 } })
    expect(a.labels).toEqual([expect.stringMatching(/^februari 2019/), expect.stringMatching(/^januari 2019/)])
    expect(a.series[0]!.values).toEqual([300, 200])
    expect(a.description).toContain('jämfört med januari 2019 (1 jan. 2019 – 31 jan. 2019)')
  })

  it('split by team: a series per period, a team that sold in only one of them there with its 0', async () => {
    const a = (await run(cookies.admin, { measure: 'orderValue', groupBy: ['team'], period: feb, compare: jan })) as BiAnswer
    expect(a.labels).toEqual(['Team Väst', 'Team Öresund'])
    expect(a.series.map((s) => s.values)).toEqual([
      [300, 0],
      [0, 200],
    ])
    // A rate changes in points, not percent.
    const regret = (await run(cookies.admin, { measure: 'regretRate', groupBy: [], period: feb, compare: jan })) as BiAnswer
    expect(regret.comparison!.change).toBe(round(regret.total! - regret.comparison!.total!))
  })

  it('a holiday is read as its days, and the answer says which', async () => {
    const reply = await ask(cookies.admin, 'antal order påsken 2019')
    expect(reply.kind).toBe('noData')
    expect((reply as BiNoData).description).toContain('påsken 2019 (19 apr. 2019 – 22 apr. 2019)')
    const en = await ask(cookies.admin, 'orders at Christmas 2018', {}, 'en')
    expect((en as BiAnswer | BiNoData).description).toContain('Christmas 2018 (24 Dec 2018 – 6 Jan 2019)')
  })

  it('"how are we doing?" answers with the main measures beside the period before, within the asker’s rules', async () => {
    const a = (await run(cookies.admin, { measure: 'orderValue', groupBy: [], period: feb, overview: true })) as BiAnswer
    expect(a.comparison).toMatchObject({ from: '2019-01-01', to: '2019-01-31' })
    const row = (m: string) => a.summary!.find((s) => s.measure === m)
    expect(a.summary!.map((s) => s.measure)).toEqual(['orderValue', 'orders', 'regretRate', 'averageGrade', 'hours'])
    expect(row('orderValue')).toMatchObject({ value: 300, previous: 200, change: 50, unit: 'kr' })
    expect(row('hours')).toMatchObject({ value: 0, previous: 56, unit: 'hours' })
    expect(row('averageGrade')).toMatchObject({ value: 60, previous: 85, change: -25 })
    // The seller's own: Sven sold nothing in February and 200 kr in January.
    const own = (await run(cookies.seller, { measure: 'orderValue', groupBy: [], period: feb, overview: true })) as BiAnswer
    expect(own.scope.kind).toBe('own')
    expect(own.summary!.find((s) => s.measure === 'orderValue')).toMatchObject({ value: 0, previous: 200, change: -100 })
    // Asked in words, in Finnish.
    const fi = await ask(cookies.admin, 'miten meni helmikuussa 2019?', {}, 'fi')
    expect(fi).toMatchObject({ kind: 'answer', query: { overview: true, period: { kind: 'month', month: 2, year: 2019 } } })
  })

  it('a comparison split by time is refused at the door, in words', async () => {
    const r = await app.request('POST', '/api/assistant/run', {
      cookie: cookies.admin,
      body: { query: { measure: 'orders', groupBy: ['time'], granularity: 'week', period: feb, compare: jan } },
    })
    expect(r.status).toBe(400)
    expect(JSON.stringify(r.json)).toContain('En jämförelse av två perioder delas inte upp på tid')
  })
})

const round = (n: number) => Math.round(n * 100) / 100
