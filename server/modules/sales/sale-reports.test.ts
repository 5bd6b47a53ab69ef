import { randomUUID } from 'node:crypto'
import { asc, count, eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businessDay } from '../../../shared/rules/work'
import type { SaleRecord } from '../../../shared/schemas/sales'
import type { PullResult } from '../../../shared/schemas/sync'
import { BULK_STATUS_MAX } from '../../../shared/schemas/sale-reports'
import { activityOf } from '../../platform/activity-log'
import { recordEvents, saleArgs } from '../../test/fixtures'
import { createTestApp, productsIn } from '../../test/harness'

/**
 * Back office moves sale reports through their lifecycle (docs/decisions/022): a move writes the status, its
 * history line, a log line and an event together, and reaches the seller's device; a move from an old version,
 * one the lifecycle does not have, or one without its reason writes nothing.
 */
const app = await createTestApp()
const { db, t } = app.database
const received = recordEvents(app.events)

const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const other = await app.login('admin@demo.test')
const push = app.device(seller.cookie).push
const pull = async (): Promise<PullResult> =>
  (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: randomUUID(), cookie: null } })).json as unknown as PullResult
const products = productsIn(await pull())
const alarm = products.find((p) => p.name === 'Hemlarm Standard')!

/** A fresh sale from the seller's device, waiting for approval; answers its id and version. */
async function newSale(): Promise<{ id: string; version: number }> {
  const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] })
  expect(await push('createSale', args)).toMatchObject({ applied: 1 })
  const [row] = await db.select({ version: t.sales.version }).from(t.sales).where(eq(t.sales.id, args.id))
  return { id: args.id, version: row!.version }
}

const move = (cookie: string, id: string, body: Record<string, unknown>) => app.request('POST', `/api/sale-reports/${id}/status`, { cookie, body })
const saleRow = async (id: string) => (await db.select().from(t.sales).where(eq(t.sales.id, id)))[0]!
// In the order the moves were made: a select without an order comes back in any order on PostgreSQL.
const historyOf = async (id: string) => db.select().from(t.saleStatusHistory).where(eq(t.saleStatusHistory.saleId, id)).orderBy(asc(t.saleStatusHistory.at))

describe('moving a sale report', () => {
  it('approves a waiting report: status, history, log line and event together, and the seller’s device shows it', async () => {
    const sale = await newSale()
    const r = await move(backoffice.cookie, sale.id, { status: 'approved', version: sale.version })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ id: sale.id, status: 'approved', deviationType: null })
    expect((r.json.version as number) > sale.version).toBe(true)
    expect((r.json.statusHistory as Array<{ status: string }>).map((h) => h.status)).toEqual(['finalized', 'approved'])
    const log = await activityOf(app.database, 'sale_report', sale.id)
    expect(log.find((l) => l.action === 'status_changed')).toMatchObject({
      actorId: backoffice.answer.userData.id,
      before: { status: 'finalized', version: sale.version },
      after: { status: 'approved', version: r.json.version },
    })
    await app.events.settled()
    expect(received.find((e) => e.name === 'sale.statusChanged' && e.payload.saleId === sale.id)).toMatchObject({
      actorId: backoffice.answer.userData.id,
      payload: { from: 'finalized', to: 'approved', sellerId: seller.answer.userData.id, byUserId: backoffice.answer.userData.id },
    })
    const onDevice = (await pull()).patch.find((p) => p.table === 'sales' && p.key === sale.id) as { value: SaleRecord }
    expect(onDevice.value.status).toBe('approved')
  })

  it('a deviation carries its type and the reason, and the seller reads both on the device', async () => {
    const sale = await newSale()
    const reason = 'Personnumret stämmer inte med legitimationen.'
    const r = await move(backoffice.cookie, sale.id, { status: 'deviation', version: sale.version, deviationType: 'incorrect_ssn', reason })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ status: 'deviation', deviationType: 'incorrect_ssn', deviationReason: reason })
    const onDevice = (await pull()).patch.find((p) => p.table === 'sales' && p.key === sale.id) as { value: SaleRecord }
    expect(onDevice.value).toMatchObject({ status: 'deviation', deviationType: 'incorrect_ssn', deviationReason: reason })
    expect(onDevice.value.statusHistory.at(-1)).toMatchObject({ status: 'deviation', note: reason })
    // Resolved by back office: the deviation's fields are cleared; its story stays in the history.
    const resolved = await move(backoffice.cookie, sale.id, { status: 'approved', version: r.json.version })
    expect(resolved.json).toMatchObject({ status: 'approved', deviationType: null, deviationReason: null })
    expect((await historyOf(sale.id)).map((h) => h.status)).toEqual(['finalized', 'deviation', 'approved'])
  })

  it('a move the lifecycle does not have is a 409 naming the allowed ones, and writes nothing', async () => {
    const sale = await newSale()
    const approved = await move(backoffice.cookie, sale.id, { status: 'approved', version: sale.version })
    const before = await saleRow(sale.id)
    const r = await move(backoffice.cookie, sale.id, { status: 'unanswered', version: approved.json.version })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({
      error: 'invalid_transition',
      message: 'Säljrapporten kan inte gå från Godkänd till Obesvarad. Tillåtet härifrån: Avvikelse, Flaggad, Ånger.',
      details: { from: 'approved', to: 'unanswered', allowed: ['deviation', 'flagged', 'regret'] },
    })
    expect(await saleRow(sale.id)).toEqual(before)
    expect(await historyOf(sale.id)).toHaveLength(2)
  })

  it('a move based on an old version is a 409 that shows what changed in between, and writes nothing', async () => {
    const sale = await newSale()
    const first = await move(backoffice.cookie, sale.id, { status: 'flagged', version: sale.version, reason: 'Möjlig dubbelförsäljning' })
    expect(first.status).toBe(200)
    const before = await saleRow(sale.id)
    const late = await move(other.cookie, sale.id, { status: 'approved', version: sale.version })
    expect(late.status).toBe(409)
    expect(late.json).toMatchObject({
      error: 'version_conflict',
      details: {
        current: { status: 'flagged', version: first.json.version },
        changes: [
          {
            actorId: backoffice.answer.userData.id,
            action: 'status_changed',
            before: { status: 'finalized' },
            after: { status: 'flagged' },
            reason: 'Möjlig dubbelförsäljning',
          },
        ],
      },
    })
    expect(await saleRow(sale.id)).toEqual(before)
  })

  it('two back-office users moving the same report at once: one wins, the other gets a 409', async () => {
    const sale = await newSale()
    const [a, b] = await Promise.all([
      move(backoffice.cookie, sale.id, { status: 'approved', version: sale.version }),
      move(other.cookie, sale.id, { status: 'regret', version: sale.version, reason: 'Kunden ångrade sig' }),
    ])
    expect([a.status, b.status].sort()).toEqual([200, 409])
    expect(await historyOf(sale.id)).toHaveLength(2)
    const winner = a.status === 200 ? 'approved' : 'regret'
    expect((await saleRow(sale.id)).status).toBe(winner)
  })

  it('refuses a move without its reason or deviation type with translated field errors', async () => {
    const sale = await newSale()
    const noReason = await move(backoffice.cookie, sale.id, { status: 'regret', version: sale.version })
    expect(noReason.status).toBe(400)
    expect(noReason.json.fieldErrors).toEqual({ reason: ['Ange ett skäl: säljaren ser det'] })
    const noType = await move(backoffice.cookie, sale.id, { status: 'deviation', version: sale.version, reason: 'Fel' })
    expect(noType.json.fieldErrors).toEqual({ deviationType: ['Välj vilken sorts avvikelse det är'] })
    const english = await app.request('POST', `/api/sale-reports/${sale.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'regret', version: sale.version },
      headers: { 'accept-language': 'en' },
    })
    expect(english.json.fieldErrors).toEqual({ reason: ['Give a reason: the seller sees it'] })
    const badInput = await move(backoffice.cookie, sale.id, { status: 'gone', version: -1, extra: 1 })
    expect(badInput.status).toBe(400)
    expect(Object.keys(badInput.json.fieldErrors as object).sort()).toEqual(['extra', 'status', 'version'])
    expect((await saleRow(sale.id)).status).toBe('finalized')
  })

  it('only back office moves reports: a seller, a coach and a manager are refused; an unknown report is a 404', async () => {
    const sale = await newSale()
    for (const email of ['seller@demo.test', 'coach@demo.test', 'manager@demo.test']) {
      const user = email === 'seller@demo.test' ? seller : await app.login(email)
      expect((await move(user.cookie, sale.id, { status: 'approved', version: sale.version })).status, email).toBe(403)
    }
    expect((await move(backoffice.cookie, randomUUID(), { status: 'approved', version: 1 })).status).toBe(404)
    expect((await saleRow(sale.id)).status).toBe('finalized')
  })
})

describe('the sale-report list', () => {
  type Row = { id: string; status: string; customerName: string; sellerName: string; soldAt: number; orderValueOre: number }
  const list = async (cookie: string, query = '') => {
    const r = await app.request('GET', `/api/sale-reports?itemsPerPage=100${query}`, { cookie })
    expect(r.status).toBe(200)
    return r.json as { items: Row[]; total: number }
  }

  it('lists what back office may see, newest first, and filters by status, seller, date and text', async () => {
    const everything = await list(backoffice.cookie)
    const [all] = await db.select({ n: count() }).from(t.sales)
    expect(everything.total).toBe(all!.n)
    expect(everything.items.map((x) => x.soldAt)).toEqual([...everything.items.map((x) => x.soldAt)].sort((a, b) => b - a))
    const deviations = await list(backoffice.cookie, '&status=deviation,flagged')
    expect(deviations.items.length).toBeGreaterThan(0)
    expect(deviations.items.every((x) => x.status === 'deviation' || x.status === 'flagged')).toBe(true)
    const own = await list(backoffice.cookie, `&sellerId=${seller.answer.userData.id}`)
    expect(own.items.every((x) => x.sellerName === 'Sven Säljare')).toBe(true)
    const named = await list(backoffice.cookie, '&q=NILS%20dahl')
    expect(named.items.map((x) => x.customerName)).toEqual(['Nils Dahl'])
    const today = businessDay(Date.now())
    const future = await list(backoffice.cookie, `&from=2100-01-01`)
    expect(future.total).toBe(0)
    const byValue = await list(backoffice.cookie, `&sortBy=orderValue&orderBy=desc&to=${today}`)
    expect(byValue.items.map((x) => x.orderValueOre)).toEqual([...byValue.items.map((x) => x.orderValueOre)].sort((a, b) => b - a))
  })

  it('finds a customer by identity number only for those who may see customers', async () => {
    const sale = await newSale()
    expect((await list(backoffice.cookie, '&q=811218-9876')).items.map((x) => x.id)).toContain(sale.id)
    const coach = await app.login('coach@demo.test')
    expect((await list(coach.cookie, '&q=811218-9876')).items).toEqual([])
  })

  it('shows a coach only their teams’ reports; a seller may not list them; bad filters are refused', async () => {
    const coach = await app.login('coach@demo.test')
    const coached = await list(coach.cookie)
    const teams = await db.select({ teamId: t.teamCoaches.teamId }).from(t.teamCoaches).where(eq(t.teamCoaches.userId, coach.answer.userData.id))
    const [inTeams] = await db
      .select({ n: count() })
      .from(t.sales)
      .where(
        inArray(
          t.sales.teamId,
          teams.map((x) => x.teamId),
        ),
      )
    expect(coached.total).toBe(inTeams!.n)
    expect((await app.request('GET', '/api/sale-reports', { cookie: seller.cookie })).status).toBe(403)
    const bad = await app.request('GET', '/api/sale-reports?status=lost&from=yesterday&sortBy=secret', { cookie: backoffice.cookie })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors as object).sort()).toEqual(['from', 'sortBy', 'status.0'])
  })
})

describe('opening a sale report', () => {
  it('shows back office everything, with the moves they may make and who made the earlier ones', async () => {
    const sale = await newSale()
    await move(backoffice.cookie, sale.id, { status: 'flagged', version: sale.version, reason: 'Kolla ordernumret' })
    const r = await app.request('GET', `/api/sale-reports/${sale.id}`, { cookie: backoffice.cookie })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      id: sale.id,
      status: 'flagged',
      allowedNext: ['finalized', 'approved', 'regret', 'deviation'],
      seller: { id: seller.answer.userData.id, name: 'Sven Säljare' },
      team: { name: 'Team Öresund' },
      office: { name: 'Malmö' },
      provider: { id: alarm.providerId, name: 'Tryggt Hem Larm' },
      // Masked for back office too: the full number on request (below, decision 058).
      customer: { type: 'private', name: 'Karin Kund', ssn: '19811218-****' },
      orderValueOre: alarm.priceOre,
      lines: [{ productId: alarm.id, productName: 'Hemlarm Standard', quantity: 1 }],
      statusHistory: [
        { status: 'finalized', by: { name: 'Sven Säljare' } },
        { status: 'flagged', note: 'Kolla ordernumret', by: { name: 'Bertil Backoffice' } },
      ],
    })
    expect(typeof r.json.companyCommissionOre).toBe('number')
    // Its log, newest first: the move with its reason, then the sale's arrival; no order registration yet.
    expect(r.json.activity).toMatchObject([
      {
        action: 'status_changed',
        before: { status: 'finalized' },
        after: { status: 'flagged' },
        reason: 'Kolla ordernumret',
        actor: { name: 'Bertil Backoffice' },
      },
      { action: 'created', actor: { name: 'Sven Säljare' } },
    ])
    expect(r.json.orderRegistration).toBeNull()
  })

  it('shows a coach their team’s report without the moves, the company’s figures or the whole identity number', async () => {
    const sale = await newSale()
    const coach = await app.login('coach@demo.test')
    const r = await app.request('GET', `/api/sale-reports/${sale.id}`, { cookie: coach.cookie })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ allowedNext: [], customer: { ssn: '19811218-****' } })
    expect(r.json).not.toHaveProperty('companyCommissionOre')
    expect(r.json).not.toHaveProperty('companyCostOre')
    const colleague = await app.login('anna.lindqvist@demo.test')
    expect((await app.request('GET', `/api/sale-reports/${sale.id}`, { cookie: colleague.cookie })).status).toBe(403)
    expect((await app.request('GET', `/api/sale-reports/${randomUUID()}`, { cookie: backoffice.cookie })).status).toBe(404)
  })
})

describe('a customer’s identity number (decision 058)', () => {
  it('is masked in every answer; one whose rules allow reads it in full on request, and the reading is logged', async () => {
    const sale = await newSale()
    const full = await app.request('POST', `/api/sale-reports/${sale.id}/identity`, { cookie: backoffice.cookie })
    expect(full.status).toBe(200)
    expect(full.json).toEqual({ number: '198112189876' })
    const log = await activityOf(app.database, 'sale_report', sale.id)
    expect(log.filter((l) => l.action === 'identity_read')).toMatchObject([{ actorId: backoffice.answer.userData.id }])
    // Found by the number only by those who may read it: back office finds it, the coach who sees the report does not.
    const coach = await app.login('coach@demo.test')
    const search = (cookie: string) => app.request('GET', `/api/sale-reports?q=19811218-9876&itemsPerPage=100`, { cookie })
    expect(((await search(backoffice.cookie)).json.items as Array<{ id: string }>).map((i) => i.id)).toContain(sale.id)
    expect(((await search(coach.cookie)).json.items as Array<{ id: string }>).map((i) => i.id)).not.toContain(sale.id)
    // Without the rule: refused, and nothing logged; an unknown sale is not found.
    expect((await app.request('POST', `/api/sale-reports/${sale.id}/identity`, { cookie: coach.cookie })).status).toBe(403)
    expect((await activityOf(app.database, 'sale_report', sale.id)).filter((l) => l.action === 'identity_read')).toHaveLength(1)
    expect((await app.request('POST', `/api/sale-reports/${randomUUID()}/identity`, { cookie: backoffice.cookie })).status).toBe(404)
    // Reading is not a GET: nothing caches or prefetches it.
    expect((await app.request('GET', `/api/sale-reports/${sale.id}/identity`, { cookie: backoffice.cookie })).status).toBe(404)
  })
})

describe('moving a selection', () => {
  it('moves each report it can and says, row by row, why the others did not move', async () => {
    const a = await newSale()
    const b = await newSale()
    const stale = await newSale()
    await move(backoffice.cookie, stale.id, { status: 'approved', version: stale.version })
    const r = await app.request('POST', '/api/sale-reports/status', {
      cookie: backoffice.cookie,
      body: { items: [a, b, stale], status: 'approved' },
    })
    expect(r.status).toBe(200)
    expect(r.json.moved).toBe(2)
    const results = r.json.results as Array<Record<string, unknown>>
    expect(results.map((x) => [x.id, x.ok])).toEqual([
      [a.id, true],
      [b.id, true],
      [stale.id, false],
    ])
    expect(results[2]).toMatchObject({ httpStatus: 409, error: 'version_conflict' })
    expect((await saleRow(a.id)).status).toBe('approved')
  })

  it(`refuses more than ${BULK_STATUS_MAX} reports, or none, and moves nothing`, async () => {
    const items = Array.from({ length: BULK_STATUS_MAX + 1 }, () => ({ id: randomUUID(), version: 1 }))
    const tooMany = await app.request('POST', '/api/sale-reports/status', { cookie: backoffice.cookie, body: { items, status: 'approved' } })
    expect(tooMany.status).toBe(400)
    expect(tooMany.json.fieldErrors).toEqual({ items: [`Högst ${BULK_STATUS_MAX} st`] })
    const none = await app.request('POST', '/api/sale-reports/status', { cookie: backoffice.cookie, body: { items: [], status: 'approved' } })
    expect(none.status).toBe(400)
  })
})
