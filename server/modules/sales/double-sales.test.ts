import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { DoubleSaleListItem } from '../../../shared/schemas/double-sales'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { maskPersonalNumber, personalNumberOf } from '../../../shared/rules/identity'
import { activityOf } from '../../platform/activity-log'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * Possible double sales (docs/decisions/025): the same customer, provider and product within the window are found
 * when the later sale arrives (or a correction makes it one); back office confirms one — it becomes regret through
 * the lifecycle — or dismisses the pair. The window is back office's setting.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')

const { push } = app.device(seller.cookie)
const catalog = await app.products(seller.cookie)
const alarm = catalog.find((p) => p.name === 'Hemlarm Standard')!
const smoke = catalog.find((p) => p.name === 'Brandvarnare (st)')!
const DAY = 86_400_000
/** The identity number of test customer `n`: valid, and no demo customer's. */
const customer = (n: number) => personalNumberOf(`1961${String(1 + (n % 12)).padStart(2, '0')}${String(1 + n).padStart(2, '0')}`, String(100 + n))

/** A sale from the seller's phone for the customer `ssn`, of `product`, sold `daysAgo` days ago. */
async function sell(ssn: string, product = alarm, daysAgo = 0, name = 'Dubbel Kund') {
  const args = saleArgs(
    { providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] },
    {
      customerSsn: ssn,
      customerName: name,
      soldAt: Date.now() - daysAgo * DAY,
    },
  )
  expect(await push('createSale', args)).toMatchObject({ applied: 1 })
  return args.id
}
const list = async (cookie: string, query = '') => {
  const r = await app.request('GET', `/api/double-sales${query}`, { cookie })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return r.json as unknown as ListAnswer<DoubleSaleListItem>
}
const pairOf = async (saleId: string, state = 'open') =>
  (await list(backoffice.cookie, `?state=${state}&itemsPerPage=100`)).items.find((p) => p.later.id === saleId || p.earlier.id === saleId)
const version = async (id: string) => (await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, id)))[0]!.v
const status = async (id: string) => (await db.select({ s: t.sales.status }).from(t.sales).where(eq(t.sales.id, id)))[0]!.s
const setWindow = (cookie: string, doubleWindowDays: unknown) => app.request('PUT', '/api/sale-settings', { cookie, body: { doubleWindowDays } })

describe('finding double sales', () => {
  it('the same customer, provider and product again is a pair: the later sale and the earlier', async () => {
    const first = await sell(customer(1), alarm, 3)
    const second = await sell(customer(1))
    const pair = await pairOf(second)
    expect(pair).toMatchObject({
      state: 'open',
      daysApart: 3,
      customerName: 'Dubbel Kund',
      customerNumber: maskPersonalNumber(customer(1)),
      providerName: 'Tryggt Hem Larm',
      later: { id: second, status: 'finalized' },
      earlier: { id: first, status: 'finalized' },
    })
  })

  it('another product or another customer is not a double', async () => {
    const a = await sell(customer(2), alarm)
    const b = await sell(customer(2), smoke)
    const c = await sell(customer(3), alarm)
    for (const id of [a, b, c]) expect(await pairOf(id)).toBeUndefined()
  })

  it('a correction that makes the customer the same finds the pair', async () => {
    const original = await sell(customer(4), alarm, 1, 'Olof Berg')
    const mistyped = await sell(customer(8), alarm, 0, 'Olof Berg')
    expect(await pairOf(mistyped)).toBeUndefined()
    const r = await app.request('POST', `/api/sale-reports/${mistyped}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: await version(mistyped), deviationType: 'incorrect_ssn', reason: 'Fel nummer' },
    })
    expect(r.status).toBe(200)
    expect(await push('correctSale', { id: mistyped, changes: { customerSsn: customer(4) }, comment: 'Rätt nu' })).toMatchObject({ applied: 1 })
    expect(await pairOf(mistyped)).toMatchObject({ later: { id: mistyped }, earlier: { id: original } })
  })

  it('a customer’s many sales make a chain of pairs, each sale with its nearest earlier and later one, never with all', async () => {
    const ids: string[] = []
    for (let daysAgo = 12; daysAgo >= 1; daysAgo--) ids.push(await sell(customer(11), alarm, daysAgo))
    const chainOf = async () =>
      (await list(backoffice.cookie, '?itemsPerPage=100')).items
        .filter((p) => p.later.id !== p.earlier.id && ids.includes(p.later.id))
        .map((p) => [p.earlier.id, p.later.id])
    // Twelve sales: eleven pairs, neighbour to neighbour (every pair would be 66).
    expect((await chainOf()).sort()).toEqual(
      ids
        .slice(1)
        .map((id, i) => [ids[i], id])
        .sort(),
    )
    // A sale that arrives late from an offline phone, sold between two others, pairs with both of them.
    const between = await sell(customer(11), alarm, 6.5)
    ids.push(between)
    const chain = await chainOf()
    expect(chain).toHaveLength(13)
    expect(chain).toContainEqual([ids[5], between])
    expect(chain).toContainEqual([between, ids[6]])
  })

  it('lists only pairs within the window back office has set', async () => {
    const old = await sell(customer(5), alarm, 10)
    const recent = await sell(customer(5), alarm, 0)
    expect(await pairOf(recent)).toMatchObject({ daysApart: 10, earlier: { id: old } })
    expect((await setWindow(backoffice.cookie, 7)).status).toBe(200)
    expect(await pairOf(recent)).toBeUndefined()
    expect((await app.request('GET', '/api/sale-settings', { cookie: coach.cookie })).json).toEqual({ doubleWindowDays: 7 })
    expect((await setWindow(backoffice.cookie, 30)).status).toBe(200)
    expect(await pairOf(recent)).toBeDefined()
  })
})

describe('deciding a double sale', () => {
  it('confirming makes the chosen sale regret through the lifecycle, and closes the pair with who and why', async () => {
    await sell(customer(6))
    const later = await sell(customer(6))
    const pair = (await pairOf(later))!
    const r = await app.request('POST', `/api/double-sales/${pair.id}/confirm`, {
      cookie: backoffice.cookie,
      body: { regretSaleId: later, version: await version(later), reason: 'Sålt två gånger' },
    })
    expect(r.status, JSON.stringify(r.json)).toBe(200)
    expect(await status(later)).toBe('regret')
    expect(await status(pair.earlier.id)).toBe('finalized')
    expect(await pairOf(later)).toBeUndefined()
    expect(await pairOf(later, 'confirmed')).toMatchObject({ state: 'confirmed', regretSaleId: later, note: 'Sålt två gånger' })
    const history = await db.select().from(t.saleStatusHistory).where(eq(t.saleStatusHistory.saleId, later)).orderBy(asc(t.saleStatusHistory.at))
    expect(history.at(-1)).toMatchObject({ status: 'regret', note: 'Sålt två gånger', byUserId: backoffice.answer.userData.id })
    expect((await activityOf(app.database, 'double_sale', pair.id))[0]).toMatchObject({ action: 'confirmed', actorId: backoffice.answer.userData.id })

    // Decided once: a second decision is a 409 that says how it was decided.
    const again = await app.request('POST', `/api/double-sales/${pair.id}/dismiss`, { cookie: backoffice.cookie, body: {} })
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ error: 'already_decided', details: { state: 'confirmed' } })
  })

  it('a confirmation based on an old version of the sale is a 409 and changes nothing', async () => {
    await sell(customer(7))
    const later = await sell(customer(7))
    const pair = (await pairOf(later))!
    const stale = (await version(later)) - 1
    const r = await app.request('POST', `/api/double-sales/${pair.id}/confirm`, {
      cookie: backoffice.cookie,
      body: { regretSaleId: later, version: stale, reason: 'Dubbel' },
    })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'version_conflict' })
    expect(await status(later)).toBe('finalized')
    expect(await pairOf(later)).toMatchObject({ state: 'open' })
  })

  it('dismissing keeps both sales; bad input writes nothing', async () => {
    await sell(customer(1), smoke)
    const later = await sell(customer(1), smoke)
    const pair = (await pairOf(later))!
    const outsider = await sell(customer(9), smoke, 0, 'Annan')
    const wrong = await app.request('POST', `/api/double-sales/${pair.id}/confirm`, {
      cookie: backoffice.cookie,
      body: { regretSaleId: outsider, version: await version(outsider), reason: 'Fel' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.json).toMatchObject({ fieldErrors: { regretSaleId: ['Försäljningen hör inte till paret'] } })
    const noReason = await app.request('POST', `/api/double-sales/${pair.id}/confirm`, {
      cookie: backoffice.cookie,
      body: { regretSaleId: later, version: await version(later), reason: '' },
    })
    expect(noReason.status).toBe(400)
    expect(await pairOf(later)).toMatchObject({ state: 'open' })

    const r = await app.request('POST', `/api/double-sales/${pair.id}/dismiss`, { cookie: backoffice.cookie, body: { note: 'Två olika hus' } })
    expect(r.status).toBe(200)
    expect(await status(later)).toBe('finalized')
    expect(await pairOf(later, 'dismissed')).toMatchObject({ state: 'dismissed', note: 'Två olika hus', regretSaleId: null })
  })

  it('a coach sees their teams’ pairs but may not decide; a seller may not list them; the window is 1 to 90 days', async () => {
    await sell(customer(10), smoke, 2)
    const later = await sell(customer(10), smoke)
    const pair = (await list(coach.cookie, '?itemsPerPage=100')).items.find((p) => p.later.id === later)
    expect(pair).toBeDefined()
    // The coach may not see customers' identity numbers: masked.
    expect(pair!.customerNumber).toMatch(/\*/)
    expect((await app.request('POST', `/api/double-sales/${pair!.id}/dismiss`, { cookie: coach.cookie, body: {} })).status).toBe(403)
    expect((await app.request('GET', '/api/double-sales', { cookie: seller.cookie })).status).toBe(403)
    expect((await setWindow(coach.cookie, 10)).status).toBe(403)
    for (const bad of [0, 91, 2.5, '30', null]) expect((await setWindow(backoffice.cookie, bad)).status, String(bad)).toBe(400)
    expect((await app.request('GET', '/api/sale-settings', { cookie: backoffice.cookie })).json).toEqual({ doubleWindowDays: 30 })
    expect((await app.request('POST', `/api/double-sales/${randomUUID()}/dismiss`, { cookie: backoffice.cookie, body: {} })).status).toBe(404)
  })
})
