import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { personalNumberOf } from '../../../shared/rules/identity'
import type { CustomerDetail, CustomerListItem } from '../../../shared/schemas/customers'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * The customer register (docs/decisions/027): built from the sales area's events — a customer appears with their
 * first sale, takes the contact details of their latest, and a correction of the customer reaches it; a delivery
 * run twice changes nothing. Back office searches it, opens a customer with their sales and log, corrects contact
 * details on the version seen, and reads the full identity number one customer at a time, logged.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')

const { push } = app.device(seller.cookie)
const alarm = (await app.products(seller.cookie)).find((p) => p.name === 'Hemlarm Standard')!
const order = { providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }
const ssn = personalNumberOf('19700512', '123')
const list = async (query: string, cookie = backoffice.cookie) => {
  const r = await app.request('GET', `/api/customers?${query}`, { cookie })
  return { status: r.status, json: r.json as unknown as ListAnswer<CustomerListItem> }
}
const detail = async (id: string, cookie = backoffice.cookie) => {
  const r = await app.request('GET', `/api/customers/${id}`, { cookie })
  return { status: r.status, json: r.json as unknown as CustomerDetail }
}

describe('the customer register', () => {
  it('holds the demo data’s customers from the start, newest first, numbers masked', async () => {
    const all = await list('itemsPerPage=100')
    expect(all.status).toBe(200)
    expect(all.json.items.length).toBeGreaterThan(5)
    const times = all.json.items.map((c) => c.lastSaleAt)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const c of all.json.items.filter((x) => x.type === 'private')) expect(c.number).toMatch(/^\d{8}-\*{4}$/)
  })

  it('a first sale creates the customer; a later one brings its contact details; the same event again changes nothing', async () => {
    const soldAt = Date.now() - 3 * 86_400_000
    expect(await push('createSale', saleArgs(order, { customerSsn: ssn, customerName: 'Greta Garbo', phone: '070-111 11 11', soldAt }))).toMatchObject({
      applied: 1,
    })
    await app.events.settled()
    const found = await list(`q=${encodeURIComponent('greta')}`)
    expect(found.json.items.map((c) => c.name)).toEqual(['Greta Garbo'])
    const id = found.json.items[0]!.id
    expect(found.json.items[0]).toMatchObject({ phone: '070-111 11 11', number: `${ssn.slice(0, 8)}-****` })

    expect(
      await push('createSale', saleArgs(order, { customerSsn: ssn, customerName: 'Greta Gustafsson', phone: '070-222 22 22', soldAt: soldAt + 86_400_000 })),
    ).toMatchObject({
      applied: 1,
    })
    // An older sale arriving late keeps the newer details.
    expect(
      await push('createSale', saleArgs(order, { customerSsn: ssn, customerName: 'G. Garbo', phone: '070-000 00 00', soldAt: soldAt - 86_400_000 })),
    ).toMatchObject({
      applied: 1,
    })
    await app.events.settled()
    const d = await detail(id)
    expect(d.json).toMatchObject({ name: 'Greta Gustafsson', phone: '070-222 22 22', firstSaleAt: soldAt - 86_400_000, lastSaleAt: soldAt + 86_400_000 })
    expect(d.json.sales).toHaveLength(3)
    expect(d.json.sales[0]!.providerName).toBe('Tryggt Hem Larm')
    // By the whole identity number, in any common writing.
    expect((await list(`q=${encodeURIComponent(`${ssn.slice(2, 8)}-${ssn.slice(8)}`)}`)).json.items.map((c) => c.id)).toEqual([id])

    // The subscriber run again on the same events (a redelivery) changes nothing.
    const [before] = await db.select().from(t.customers).where(eq(t.customers.id, id))
    const events = await db.select().from(t.domainEvents).where(eq(t.domainEvents.name, 'sale.created'))
    const mine = events.filter((e) => (e.payload as { customer: { key: string } | null }).customer?.key === `p${ssn}`)
    expect(mine).toHaveLength(3)
    await db
      .update(t.eventDeliveries)
      .set({ status: 'pending', attempts: 0, nextAttemptAt: 0, lockedUntil: null })
      .where(eq(t.eventDeliveries.subscriber, 'customers.register'))
    await app.events.settled()
    const [after] = await db.select().from(t.customers).where(eq(t.customers.id, id))
    expect(after).toEqual(before)
    expect(await db.$count(t.customers, eq(t.customers.key, `p${ssn}`))).toBe(1)
  })

  it('a seller’s correction of the customer reaches the register', async () => {
    const other = personalNumberOf('19800101', '234')
    const args = saleArgs(order, { customerSsn: other, customerName: 'Fel Namn' })
    await push('createSale', args)
    const [row] = await db.select({ version: t.sales.version }).from(t.sales).where(eq(t.sales.id, args.id))
    const moved = await app.request('POST', `/api/sale-reports/${args.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: row!.version, deviationType: 'other', reason: 'Fel namn' },
    })
    expect(moved.status).toBe(200)
    expect(await push('correctSale', { id: args.id, comment: 'Rätt namn', changes: { customerName: 'Rätt Namn', city: 'Lund' } })).toMatchObject({ applied: 1 })
    await app.events.settled()
    const found = await list(`q=${encodeURIComponent('rätt namn')}`)
    expect(found.json.items).toHaveLength(1)
    expect(found.json.items[0]).toMatchObject({ name: 'Rätt Namn', city: 'Lund' })
  })

  it('back office corrects contact details on the version seen, logged; a stale version or bad input changes nothing', async () => {
    const [c] = (await list('q=greta')).json.items
    const d = (await detail(c!.id)).json
    const r = await app.request('PATCH', `/api/customers/${c!.id}`, {
      cookie: backoffice.cookie,
      body: { email: 'greta@example.se', note: 'Ring efter 17', version: d.version },
    })
    expect(r.status).toBe(200)
    const stale = await app.request('PATCH', `/api/customers/${c!.id}`, { cookie: backoffice.cookie, body: { phone: '1', version: d.version } })
    expect(stale.status).toBe(409)
    const bad = await app.request('PATCH', `/api/customers/${c!.id}`, {
      cookie: backoffice.cookie,
      body: { email: 'not an address', name: '', version: d.version + 1 },
      headers: { 'accept-language': 'en' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors ?? {}).sort()).toEqual(['email', 'name'])
    const now = (await detail(c!.id)).json
    expect(now).toMatchObject({ email: 'greta@example.se', note: 'Ring efter 17', phone: '070-222 22 22', version: d.version + 1 })
    expect(now.activity[0]).toMatchObject({ action: 'updated', before: { email: 'karin@example.se', note: null }, after: { email: 'greta@example.se' } })
    // The change is an event too, written with it, for areas that keep customers' details.
    const recorded = await db.select().from(t.domainEvents).where(eq(t.domainEvents.name, 'customer.updated'))
    expect(recorded.map((e) => e.payload)).toEqual([{ customerId: c!.id, key: `p${ssn}`, fields: ['email', 'note'] }])
    // Found by the new e-mail.
    expect((await list('q=greta%40example')).json.items.map((x) => x.id)).toEqual([c!.id])
  })

  it('the full identity number is read one customer at a time, and each reading is logged with who read it', async () => {
    const [c] = (await list('q=greta')).json.items
    const r = await app.request('POST', `/api/customers/${c!.id}/identity`, { cookie: backoffice.cookie })
    expect(r.status).toBe(200)
    expect(r.json).toEqual({ number: ssn })
    const log = (await detail(c!.id)).json.activity
    expect(log[0]).toMatchObject({ action: 'identity_read', actor: { name: 'Bertil Backoffice' } })
  })

  it('is back office’s: a seller or a coach is refused every route; bad queries are field errors', async () => {
    const [c] = (await list('q=greta')).json.items
    for (const who of [seller, coach]) {
      expect((await list('', who.cookie)).status).toBe(403)
      expect((await detail(c!.id, who.cookie)).status).toBe(403)
      expect((await app.request('POST', `/api/customers/${c!.id}/identity`, { cookie: who.cookie })).status).toBe(403)
    }
    expect((await list('sortBy=ssn')).status).toBe(400)
    expect((await list('type=alien')).status).toBe(400)
    expect((await list('cursor=%21%21')).status).toBe(400)
    expect((await detail(randomUUID())).status).toBe(404)
  })

  it('pages by key: the next page starts after the last row, and the pages together are the list', async () => {
    const first = await list('itemsPerPage=5&sortBy=name&orderBy=asc')
    const second = await list(`itemsPerPage=5&sortBy=name&orderBy=asc&page=2&cursor=${first.json.nextCursor}`)
    const both = await list('itemsPerPage=10&sortBy=name&orderBy=asc')
    expect([...first.json.items, ...second.json.items].map((c) => c.id)).toEqual(both.json.items.map((c) => c.id))
  })
})
