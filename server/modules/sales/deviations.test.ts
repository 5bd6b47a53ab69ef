import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DeviationDetail, DeviationListItem } from '../../../shared/schemas/deviations'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * Deviations as records (docs/decisions/024): back office's move to deviation opens one; the seller's correction
 * from the device marks it corrected; back office's next move resolves it with that move. The list is the work
 * list (waiting ones, oldest first), seen by whoever sees the sale reports, within their rules.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')
const colleague = await app.login('anna.lindqvist@demo.test')

const { push } = app.device(seller.cookie)
const alarm = (await app.products(seller.cookie)).find((p) => p.name === 'Hemlarm Standard')!

const version = async (id: string) => (await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, id)))[0]!.v
const move = async (id: string, body: Record<string, unknown>) => {
  const r = await app.request('POST', `/api/sale-reports/${id}/status`, { cookie: backoffice.cookie, body: { version: await version(id), ...body } })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
}
async function deviatedSale(customerName: string, type = 'incorrect_ssn', reason = 'Fel personnummer.') {
  const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }, { customerName })
  expect(await push('createSale', args)).toMatchObject({ applied: 1 })
  await move(args.id, { status: 'deviation', deviationType: type, reason })
  return args.id
}
const list = async (cookie: string, query = '') => {
  const r = await app.request('GET', `/api/deviations${query}`, { cookie })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return r.json as unknown as ListAnswer<DeviationListItem>
}
const deviationOf = async (saleId: string) =>
  (await list(backoffice.cookie, `?state=open,corrected,resolved&itemsPerPage=100&q=${encodeURIComponent(await nameOf(saleId))}`)).items
const nameOf = async (saleId: string) => (await db.select({ n: t.sales.customerName }).from(t.sales).where(eq(t.sales.id, saleId)))[0]!.n
const detail = async (cookie: string, id: string) => app.request('GET', `/api/deviations/${id}`, { cookie })

describe('a deviation’s life', () => {
  it('opens with the move to deviation, is corrected by the seller from the device, and resolved by back office’s approval', async () => {
    const saleId = await deviatedSale('Dagny Avvikelsesson')
    let [dev] = await deviationOf(saleId)
    expect(dev).toMatchObject({
      saleId,
      type: 'incorrect_ssn',
      reason: 'Fel personnummer.',
      state: 'open',
      resolution: null,
      customerName: 'Dagny Avvikelsesson',
    })

    // The seller corrects it from the device: back office's turn.
    expect(
      await push('correctSale', { id: saleId, changes: { customerSsn: '560314-2422', customerName: 'Dagny Rättadsson' }, comment: 'Rätt nummer nu' }),
    ).toMatchObject({ applied: 1 })
    // Found by the corrected name now, not the old one.
    expect((await list(backoffice.cookie, '?q=Avvikelsesson')).items).toEqual([])
    ;[dev] = await deviationOf(saleId)
    expect(dev).toMatchObject({ state: 'corrected', resolution: null, customerName: 'Dagny Rättadsson' })
    expect(dev!.correctedAt).toBeGreaterThan(0)

    await move(saleId, { status: 'approved' })
    ;[dev] = await deviationOf(saleId)
    expect(dev).toMatchObject({ state: 'resolved', resolution: 'approved' })

    const d = await detail(backoffice.cookie, dev!.id)
    expect(d.status).toBe(200)
    const body = d.json as unknown as DeviationDetail
    expect(body).toMatchObject({
      state: 'resolved',
      correctionNote: 'Rätt nummer nu',
      openedBy: { id: backoffice.answer.userData.id },
      resolvedBy: { id: backoffice.answer.userData.id },
      resolution: 'approved',
      sale: { id: saleId, status: 'approved', seller: { id: seller.answer.userData.id } },
    })
    // The sale's changes while it waited: the correction (with its fields) and the approval.
    expect(body.activity.map((a) => a.action)).toEqual(['status_changed', 'corrected', 'status_changed'])
    expect(body.activity[1]).toMatchObject({ actor: { id: seller.answer.userData.id }, after: { customerSsn: '19560314-****' }, reason: 'Rätt nummer nu' })
  })

  it('a new deviation after the correction resolves the first and opens its own; the sale report lists both', async () => {
    const saleId = await deviatedSale('Gunnar Tvåsson', 'incorrect_order', 'Fel produkt.')
    expect(await push('correctSale', { id: saleId, changes: {}, comment: 'Kunden ville ha samma.' })).toMatchObject({ applied: 1 })
    await move(saleId, { status: 'deviation', deviationType: 'other', reason: 'Och adressen saknas.' })
    const devs = await deviationOf(saleId)
    expect(devs.map((d) => [d.type, d.state, d.resolution])).toEqual([
      ['incorrect_order', 'resolved', 'deviation'],
      ['other', 'open', null],
    ])
    const report = await app.request('GET', `/api/sale-reports/${saleId}`, { cookie: backoffice.cookie })
    expect((report.json.deviations as Array<{ type: string }>).map((d) => d.type)).toEqual(['other', 'incorrect_order'])
    const d = (await detail(backoffice.cookie, devs[1]!.id)).json as unknown as DeviationDetail
    expect(d.others).toMatchObject([{ id: devs[0]!.id, state: 'resolved' }])
    expect(d.sale.allowedNext).toEqual(['approved', 'regret'])
    // Regret resolves it as regret.
    await move(saleId, { status: 'regret', reason: 'Kunden ångrade sig.' })
    expect((await deviationOf(saleId)).at(-1)).toMatchObject({ state: 'resolved', resolution: 'regret' })
  })
})

describe('the deviation list', () => {
  it('is the waiting ones, oldest first, by default; states, type and text narrow it', async () => {
    const a = await deviatedSale('Lista Först', 'not_credit_worthy', 'Ej kreditvärdig.')
    const b = await deviatedSale('Lista Andra', 'other', 'Något annat.')
    const waiting = await list(backoffice.cookie, '?itemsPerPage=100')
    expect(waiting.items.every((d) => d.state !== 'resolved')).toBe(true)
    const opened = waiting.items.map((d) => d.openedAt)
    expect(opened).toEqual([...opened].sort((x, y) => x - y))
    const ids = waiting.items.map((d) => d.saleId)
    expect(ids.indexOf(a)).toBeLessThan(ids.indexOf(b))

    expect((await list(backoffice.cookie, '?type=not_credit_worthy&q=Lista')).items.map((d) => d.saleId)).toEqual([a])
    expect((await list(backoffice.cookie, '?state=resolved&q=Lista')).items).toEqual([])
    expect((await list(backoffice.cookie, '?state=open&q=Lista&sortBy=openedAt&orderBy=desc')).items.map((d) => d.saleId)).toEqual([b, a])
  })

  it('pages by key: walking the pages forward gives every row once', async () => {
    for (let i = 0; i < 5; i++) await deviatedSale(`Sida ${i}`)
    const all = (await list(backoffice.cookie, '?state=open,corrected,resolved&itemsPerPage=100')).items.map((d) => d.id)
    const seen: string[] = []
    let cursor: string | null | undefined = null
    do {
      const page: ListAnswer<DeviationListItem> = await list(
        backoffice.cookie,
        `?state=open,corrected,resolved&itemsPerPage=2${cursor ? `&cursor=${cursor}` : ''}`,
      )
      seen.push(...page.items.map((d) => d.id))
      cursor = page.nextCursor
    } while (cursor)
    expect(seen).toEqual(all)
  })

  it('a coach sees their teams’ deviations; a seller may not read the list; bad input is a 400', async () => {
    const saleId = await deviatedSale('Coachens Kund')
    const [dev] = await deviationOf(saleId)
    expect((await list(coach.cookie, '?q=Coachens')).items.map((d) => d.saleId)).toEqual([saleId])
    expect((await detail(coach.cookie, dev!.id)).status).toBe(200)
    expect((await app.request('GET', '/api/deviations', { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/deviations', { cookie: colleague.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/deviations?state=closed', { cookie: backoffice.cookie })).status).toBe(400)
    expect((await app.request('GET', '/api/deviations?cursor=bm9wZQ', { cookie: backoffice.cookie })).status).toBe(400)
    expect((await detail(backoffice.cookie, randomUUID())).status).toBe(404)
    expect((await detail(backoffice.cookie, 'not-a-uuid')).status).toBe(400)
  })
})
