import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businessMonth, previousMonth } from '../../../shared/rules/work'
import { LIST_COUNT_CAP } from '../../../shared/schemas/pagination'
import { bulkLoader } from '../../db/bulk'
import { denseTerm, trigramContains } from '../../db/conditions'
import { createTestApp } from '../../test/harness'

/**
 * The back-office sale-report list over many reports: pages by key (a cursor from the answer before) in both
 * directions and in every sort, the same rows as counting pages in; a total that stops counting at the cap and
 * says so; the free-text search through the trigram index and, for one or two letters, without it.
 */
const app = await createTestApp()
const { db, t } = app.database
const backoffice = await app.login('backoffice@demo.test')

type Row = { id: string; customerName: string; orderValueOre: number; soldAt: number; sellDate: string; status: string }
type Answer = { items: Row[]; total: number; totalCapped?: boolean; nextCursor: string | null; prevCursor: string | null }
// One seller's last two months: enough rows for several pages, few enough to walk two at a time.
const sven = (await app.login('seller@demo.test')).answer.userData.id
const scope = `&sellerId=${sven}&from=${previousMonth(businessMonth(Date.now()))}-01`
const list = async (query: string): Promise<Answer> => {
  const r = await app.request('GET', `/api/sale-reports?${query}`, { cookie: backoffice.cookie })
  expect(r.status, JSON.stringify(r.json)).toBe(200)
  return r.json as unknown as Answer
}

describe('paging by key', () => {
  it.each([
    ['newest first', ''],
    ['by order value, highest first', '&sortBy=orderValue&orderBy=desc'],
    ['by customer', '&sortBy=customer&orderBy=asc'],
    ['by status', '&sortBy=status&orderBy=asc'],
  ])('walks %s forward and back through the same rows one page at a time', async (_, sort) => {
    const whole = await list(`itemsPerPage=100${sort}${scope}`)
    expect(whole.total).toBeGreaterThan(4)
    expect(whole.total).toBeLessThanOrEqual(100)
    const expected = whole.items.map((r) => r.id)

    const forward: string[] = []
    const cursors: Array<string | null> = []
    let answer = await list(`itemsPerPage=2${sort}${scope}`)
    expect(answer.prevCursor).toBeNull()
    for (let page = 1; ; page++) {
      forward.push(...answer.items.map((r) => r.id))
      if (!answer.nextCursor) break
      cursors.push(answer.nextCursor)
      answer = await list(`itemsPerPage=2${sort}&page=${page + 1}&cursor=${answer.nextCursor}${scope}`)
      expect(answer.prevCursor).not.toBeNull()
    }
    expect(forward).toEqual(expected)

    // From the last page back to the first by prevCursor.
    const backward: string[][] = [answer.items.map((r) => r.id)]
    while (answer.prevCursor) {
      answer = await list(`itemsPerPage=2${sort}&cursor=${answer.prevCursor}${scope}`)
      backward.unshift(answer.items.map((r) => r.id))
    }
    expect(backward.flat()).toEqual(expected)
    expect(backward[0]).toEqual(expected.slice(0, 2))
  })

  it('a page counted in by number is the same as the one reached by key', async () => {
    const first = await list('itemsPerPage=5')
    const byKey = await list(`itemsPerPage=5&page=2&cursor=${first.nextCursor}`)
    const byOffset = await list('itemsPerPage=5&page=2')
    expect(byOffset.items.map((r) => r.id)).toEqual(byKey.items.map((r) => r.id))
    expect(byOffset.prevCursor).not.toBeNull()
  })

  it('refuses a cursor it did not make, with a translated field error, and for another sort', async () => {
    for (const cursor of ['not-base64-json', Buffer.from('["a",1]').toString('base64url'), Buffer.from('{"x":1}').toString('base64url'), 'a%2Fb']) {
      const r = await app.request('GET', `/api/sale-reports?cursor=${cursor}`, { cookie: backoffice.cookie })
      expect(r.status, cursor).toBe(400)
      expect(r.json.fieldErrors, cursor).toHaveProperty('cursor')
    }
    const byValue = await list('itemsPerPage=5&sortBy=orderValue')
    // A cursor of the value sort (two keys) is not one of the date sort (three keys).
    const r = await app.request('GET', `/api/sale-reports?cursor=${byValue.nextCursor}`, { cookie: backoffice.cookie })
    expect(r.status).toBe(400)
    expect(r.json.fieldErrors).toEqual({ cursor: ['Ogiltigt format'] })
  })
})

describe('searching', () => {
  it('finds a customer by part of the name in any case, an order number and a company, from one letter on', async () => {
    const [sample] = await db.select().from(t.sales).limit(1)
    const name = sample!.customerName
    const part = name.slice(1, 5).toUpperCase()
    // Within the sample's seller and day, so every match fits on one page whichever row the database gave first.
    const day = `&sellerId=${sample!.sellerId}&from=${sample!.sellDate}&to=${sample!.sellDate}`
    const found = await list(`itemsPerPage=100&q=${encodeURIComponent(part)}${day}`)
    const [expected] = await db
      .select({ n: count() })
      .from(t.sales)
      .where(and(eq(t.sales.customerName, name), eq(t.sales.sellerId, sample!.sellerId), eq(t.sales.sellDate, sample!.sellDate)))
    expect(found.total).toBeLessThanOrEqual(100)
    expect(found.items.filter((r) => r.customerName === name)).toHaveLength(expected!.n)
    expect(found.items.every((r) => r.customerName.toUpperCase().includes(part))).toBe(true)

    await db.update(t.sales).set({ externalOrderNumber: 'ORD-7734199', companyName: 'Ängsbacka Bygg AB' }).where(eq(t.sales.id, sample!.id))
    expect((await list('q=7734199')).items.map((r) => r.id)).toEqual([sample!.id])
    expect((await list('q=ängsbacka')).items.map((r) => r.id)).toEqual([sample!.id])
    // Two letters have no trigram: matched over the rows instead, the same rule.
    const short = await list(`itemsPerPage=100&q=${encodeURIComponent(name.slice(0, 2))}${day}`)
    expect(short.items.map((r) => r.id)).toContain(sample!.id)
    // A search that matches nothing says so.
    expect((await list('q=zzqqxx')).items).toEqual([])
  })

  it('counts a search within sell dates exactly as it lists it', async () => {
    const sales = await db.select({ name: t.sales.customerName, day: t.sales.sellDate }).from(t.sales)
    const surname = sales[0]!.name.split(' ').at(-1)!
    const days = [...new Set(sales.map((s) => s.day))].sort()
    // A few days around the first sale's, so the search finds it and some of the surname's sales are outside.
    const at = days.indexOf(sales[0]!.day)
    const from = days[Math.max(0, at - 2)]!
    const to = days[Math.min(days.length - 1, at + 2)]!
    const expected = sales.filter((s) => s.name.toLowerCase().includes(surname.toLowerCase()) && s.day >= from && s.day <= to).length
    const found = await list(`itemsPerPage=100&q=${encodeURIComponent(surname)}&from=${from}&to=${to}`)
    expect(expected).toBeGreaterThan(0)
    expect(found.total).toBe(expected)
    expect(found.items).toHaveLength(Math.min(expected, 100))
    expect(found.items.every((r) => r.sellDate >= from && r.sellDate <= to)).toBe(true)
  })
})

describe('the total', () => {
  it(`counts up to ${LIST_COUNT_CAP.toLocaleString('en')} and then says there are more`, async () => {
    const [template] = await db.select().from(t.sales).limit(1)
    const before = (await list('itemsPerPage=5')).total
    const rows = Array.from({ length: LIST_COUNT_CAP + 1 - before }, (_, i) => ({
      ...template!,
      id: randomUUID(),
      soldAt: template!.soldAt - (i + 1) * 1000,
      customerName: `Bulk Kund ${i}`,
    }))
    await bulkLoader(app.database).insert(t.sales, rows)
    const answer = await list('itemsPerPage=5')
    expect(answer).toMatchObject({ total: LIST_COUNT_CAP, totalCapped: true })
    const narrowed = await list('itemsPerPage=5&q=Bulk%20Kund%2012')
    expect(narrowed.totalCapped).toBe(false)
    // Kund 12, 120…129, 1200…1299 and so on.
    expect(narrowed.total).toBe(rows.filter((r) => r.customerName.includes('Bulk Kund 12')).length)

    // A term thousands of reports share (a common surname): the page walks the list's order checking each row
    // (server/db/conditions.ts, denseTerm) and is the same as the rows sorted; the next page follows on.
    const newest = [...rows].sort((a, b) => b.sellDate.localeCompare(a.sellDate) || b.soldAt - a.soldAt || b.id.localeCompare(a.id)).map((r) => r.id)
    const table = { rowid: sql`${t.sales}.rowid`, index: 'sales_search' }
    const search = trigramContains(app.database.dialect, table, [{ columns: [t.sales.customerName], term: 'bulk kund' }], 'text')
    expect(await denseTerm(app.database, table.index, search, 'text')).toBe(app.database.dialect === 'sqlite')
    const common = await list('itemsPerPage=5&q=bulk%20kund')
    expect(common).toMatchObject({ total: rows.length, totalCapped: false })
    expect(common.items.map((r) => r.id)).toEqual(newest.slice(0, 5))
    const next = await list(`itemsPerPage=5&q=bulk%20kund&page=2&cursor=${common.nextCursor}`)
    expect(next.items.map((r) => r.id)).toEqual(newest.slice(5, 10))
  })
})
