import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { personalNumberOf } from '../../../shared/rules/identity'
import { businessDay } from '../../../shared/rules/work'
import type { OrderUploadAnswer } from '../../../shared/schemas/orders'
import type { SearchAnswer } from '../../../shared/schemas/search'
import { SYNC_SCHEMA_VERSION } from '../../../shared/schemas/sync'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * The global search (docs/decisions/061): customers, sale reports, orders and people by name, number or identity
 * number — each kind only for a reader who may read it, within their rules, identity numbers masked and searchable
 * only by those who may read them.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const manager = await app.login('manager@demo.test')
const admin = await app.login('admin@demo.test')

const alarm = (await app.products(seller.cookie)).find((p) => p.name === 'Hemlarm Standard')!
const ssn = personalNumberOf('19640321', '417')
const lastFour = ssn.replace(/\D/g, '').slice(-4)

const search = async (q: string, cookie = backoffice.cookie) => {
  const r = await app.request('GET', `/api/search?q=${encodeURIComponent(q)}`, { cookie })
  return { status: r.status, json: r.json as unknown as SearchAnswer, text: r.text }
}

// Greta's sale from the phone, and an order file that holds her order.
const sale = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }, { customerSsn: ssn, customerName: 'Greta Sökbar' })
const pushed = await app.request('POST', '/api/sync/push', {
  cookie: seller.cookie,
  body: { clientId: randomUUID(), schemaVersion: SYNC_SCHEMA_VERSION, mutations: [{ seq: 1, name: 'createSale', args: sale, createdAt: Date.now() }] },
})
expect(pushed.json).toMatchObject({ applied: 1 })
await app.events.settled()
const file = new TextEncoder().encode(['Ordernr;Personnummer;Kund;Datum', `SK-7781;${ssn};Greta Sökbar;${businessDay(Date.now())}`].join('\r\n'))
const up = await app.request('POST', `/api/order-imports?providerId=${alarm.providerId}`, {
  cookie: backoffice.cookie,
  body: file,
  headers: { 'content-type': 'text/csv', 'x-file-name': 'ordrar.csv' },
})
const uploaded = up.json as unknown as OrderUploadAnswer
await app.request('POST', `/api/order-imports/${uploaded.id}/run`, { cookie: backoffice.cookie, body: { mapping: uploaded.mapping } })
await app.jobs.settled()

describe('the global search', () => {
  it('back office finds the customer, the sale report and the order by name, each with what tells it apart', async () => {
    const { status, json, text } = await search('sökbar')
    expect(status).toBe(200)
    expect(json.kinds).toEqual(['customer', 'saleReport', 'order', 'person', 'provider', 'guide'])
    expect(json.hits.filter((h) => h.kind === 'customer')).toEqual([
      { kind: 'customer', id: expect.any(String), title: 'Greta Sökbar', details: ['19640321-****', 'Malmö'] },
    ])
    expect(json.hits.filter((h) => h.kind === 'saleReport')).toEqual([
      {
        kind: 'saleReport',
        id: sale.id,
        title: 'Greta Sökbar',
        details: [expect.any(String), 'Sven Säljare'],
        date: businessDay(sale.soldAt),
        status: 'finalized',
      },
    ])
    expect(json.hits.filter((h) => h.kind === 'order')).toMatchObject([
      { kind: 'order', title: 'SK-7781', details: ['Greta Sökbar', expect.any(String), 'Sven Säljare'] },
    ])
    // The whole number is nowhere in the answer.
    expect(text).not.toContain(lastFour)
  })

  it('an order number and an identity number find their records; the number stays masked', async () => {
    expect((await search('sk-7781')).json.hits.map((h) => [h.kind, h.title])).toEqual([['order', 'SK-7781']])
    const byNumber = await search(ssn)
    expect(byNumber.json.hits.map((h) => h.kind).sort()).toEqual(['customer', 'saleReport'])
    expect(byNumber.text).not.toContain(lastFour)
  })

  it('finds people by name or e-mail, active ones first', async () => {
    const { json } = await search('nyström')
    expect(json.hits.filter((h) => h.kind === 'person')).toEqual([
      { kind: 'person', id: expect.any(String), title: 'Sara Nyström', details: ['Team Väst', 'sara.nystrom@demo.test'] },
    ])
    expect((await search('backoffice@demo')).json.hits.map((h) => h.title)).toEqual(['Bertil Backoffice'])
  })

  it('a manager searches what their rules let them read: their office’s reports and people, no customers, no orders, no numbers', async () => {
    const { json } = await search('sökbar', manager.cookie)
    expect(json.kinds).toEqual(['saleReport', 'person', 'area', 'guide'])
    expect(json.hits.map((h) => [h.kind, h.title])).toEqual([['saleReport', 'Greta Sökbar']])
    // Sara works in Göteborg: not the Malmö manager's (the customers called Nyström whose sales are Malmö's are).
    const nystrom = (await search('nyström', manager.cookie)).json.hits
    expect(nystrom.filter((h) => h.kind === 'person')).toEqual([])
    expect(nystrom.every((h) => h.kind === 'saleReport')).toBe(true)
    expect((await search(ssn, manager.cookie)).json.hits).toEqual([])
  })

  it('a register reader without the identity-number permission does not find a customer by the number', async () => {
    const role = await app.request('POST', '/api/roles', {
      cookie: admin.cookie,
      body: { name: 'Kundregister', permissions: [{ action: 'view', subject: 'customers' }] },
    })
    expect(role.status, role.text).toBe(201)
    const [oresund] = await db.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.name, 'Team Öresund'))
    const made = await app.request('POST', '/api/users', {
      cookie: admin.cookie,
      body: {
        email: 'kundregister@example.se',
        firstName: 'Kim',
        lastName: 'Register',
        password: 'ett-langt-losenord',
        roleId: (role.json as { id: string }).id,
        teamId: oresund!.id,
      },
    })
    expect(made.status, made.text).toBe(201)
    const reader = (await app.login('kundregister@example.se', 'ett-langt-losenord')).cookie
    expect((await search('sökbar', reader)).json).toMatchObject({ kinds: ['customer'], hits: [{ kind: 'customer', title: 'Greta Sökbar' }] })
    expect((await search(ssn, reader)).json.hits).toEqual([])
    // The register's own search keeps the same rule.
    const list = await app.request('GET', `/api/customers?q=${encodeURIComponent(ssn)}`, { cookie: reader })
    expect((list.json as { items: unknown[] }).items).toEqual([])
    const ok = await app.request('GET', `/api/customers?q=${encodeURIComponent(ssn)}`, { cookie: backoffice.cookie })
    expect((ok.json as { items: Array<{ name: string }> }).items.map((c) => c.name)).toEqual(['Greta Sökbar'])
  })

  it('a seller finds their own sales by the customer, and the guides they may read; bad input is refused in the reader’s language; no session, no search', async () => {
    // Their own sale, titled by its customer, opened on their sales screen (issue 70); not as a sale report.
    const own = (await search('sökbar', seller.cookie)).json
    expect(own.kinds).toEqual(['sale', 'guide'])
    expect(own.hits).toEqual([
      expect.objectContaining({ kind: 'sale', id: sale.id, title: 'Greta Sökbar', status: expect.any(String), date: expect.any(String) }),
    ])
    // Another seller's search does not find it; back office finds it as a report, not as "my sales".
    const other = await app.newSeller({ firstName: 'Olle', lastName: 'Annan' })
    expect((await search('sökbar', other.cookie)).json.hits).toEqual([])
    const office = (await search('sökbar')).json
    expect(office.kinds).not.toContain('sale')
    expect(office.hits.map((h) => h.kind)).toContain('saleReport')
    const short = await search('a')
    expect(short.status).toBe(400)
    expect(short.json).toMatchObject({ fieldErrors: { q: [expect.stringContaining('2')] } })
    expect((await search('x'.repeat(101))).status).toBe(400)
    expect((await app.request('GET', '/api/search?q=sökbar&kind=customer', { cookie: backoffice.cookie })).status).toBe(400)
    expect((await app.request('GET', '/api/search?q=sökbar')).status).toBe(401)
  })

  it('puts an exact person or record first, whatever its kind: "Sven" the person before the Svenssons', async () => {
    let checked = 0
    for (const who of [backoffice, admin]) {
      const { json: answer } = await search('sven', who.cookie)
      if (!answer.kinds.includes('person')) continue
      expect(answer.kinds[0]).toBe('person')
      expect(answer.hits[0]).toMatchObject({ kind: 'person', title: 'Sven Säljare' })
      checked++
    }
    expect(checked).toBeGreaterThan(0)
  })

  it('finds providers by name for those who may read them, and the guides a reader may read by their title', async () => {
    const { json: desk } = await search('tryggt', backoffice.cookie)
    expect(desk.kinds).toContain('provider')
    expect(desk.hits.find((h) => h.kind === 'provider')).toMatchObject({
      title: 'Tryggt Hem Larm',
      details: [expect.any(String), expect.stringMatching(/^\d+ produkt/)],
    })
    // A guide the seller may read, by a word of its title; a seller finds no providers.
    const [guide] = await app.database.db.select({ id: app.database.t.guides.id }).from(app.database.t.guides).limit(1)
    const detail = (await app.request('GET', `/api/guides/${guide!.id}`, { cookie: seller.cookie })).json as unknown as { title: string }
    const word = detail.title.split(/\s+/).find((w) => w.length >= 4) ?? detail.title
    const { json: mine } = await search(word, seller.cookie)
    expect(mine.kinds).not.toContain('provider')
    expect(mine.kinds[0]).toBe('guide')
    expect(mine.hits.some((h) => h.kind === 'guide' && h.id === guide!.id)).toBe(true)
  })

  it('says when a kind has more hits than it shows', async () => {
    const { json } = await search('demo.test')
    expect(json.hits.filter((h) => h.kind === 'person')).toHaveLength(5)
    expect(json.more).toEqual(['person'])
  })

  it("finds the teams' areas by name for those who plan, and opens the planner on the area's team", async () => {
    const [team] = await db.select({ id: t.teams.id, name: t.teams.name }).from(t.teams).where(eq(t.teams.name, 'Team Öresund'))
    const made = await app.request('POST', '/api/field/areas', { cookie: manager.cookie, body: { name: 'Limhamn Sökområde', teamId: team!.id } })
    expect(made.status, made.text).toBe(201)
    const coach = await app.login('coach@demo.test')
    const found = (await search('sökområde', coach.cookie)).json
    expect(found.kinds).toContain('area')
    expect(found.hits).toEqual([
      { kind: 'area', id: (made.json as { id: string }).id, title: 'Limhamn Sökområde', details: ['Team Öresund'], params: { teamId: team!.id } },
    ])
    // Those who do not plan are not asked about areas.
    expect((await search('sökområde')).json.kinds).not.toContain('area')
  })
})
