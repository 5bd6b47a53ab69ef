import 'fake-indexeddb/auto'
import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { translator } from '../shared/i18n'
import { OfflineDb, discardRejected, syncMeta } from '../client/lib/offline-db'
import { SyncEngine } from '../client/lib/sync-engine'
import { saveSaleLocally } from '../client/features/sales/api/local-actions'
import { saveTimeReportLocally } from '../client/features/time-reports/api/local-actions'
import { ORIGIN, createTestApp } from '../server/test/harness'

/**
 * The device's sync engine (Dexie on fake-indexeddb) against the real server in-process, through a
 * network that can be cut before a request or after the server has answered (a lost response).
 */
const app = await createTestApp()
const t = translator('sv')
// A seller whose days start from nothing (the demo's sellers have theirs reported, their past months attested).
const seller = await app.newSeller({ firstName: 'Siri', lastName: 'Synk' })
const sellerId = seller.answer.userData.id

type Net = { down: boolean; dropResponses: boolean; failRate: number; requests: number }

function device(net: Net) {
  const db = new OfflineDb(`test-${randomUUID()}`)
  const fetchFn: typeof fetch = async (input, init) => {
    net.requests++
    if (net.down || Math.random() < net.failRate / 2) throw new TypeError('Failed to fetch')
    const headers = new Headers(init?.headers)
    headers.set('cookie', seller.cookie)
    headers.set('origin', ORIGIN)
    headers.set('x-forwarded-for', '10.9.9.9')
    const res = await app.app.request(`${ORIGIN}${String(input)}`, { ...init, headers })
    // the server committed, but the answer never reaches the phone
    if (net.dropResponses || Math.random() < net.failRate / 2) throw new TypeError('Failed to fetch')
    return res
  }
  const engine = new SyncEngine(db, `lock-${randomUUID()}`, { fetch: fetchFn })
  return { db, engine }
}

async function serverSales(ids: string[]) {
  const { db, t: tables } = app.database
  let n = 0
  for (const id of ids) {
    const [row] = await db.select({ n: count() }).from(tables.sales).where(eq(tables.sales.id, id))
    n += row?.n ?? 0
  }
  return n
}

async function firstSync(d: ReturnType<typeof device>) {
  await d.engine.syncNow()
  const providers = await d.db.providers.toArray()
  const products = await d.db.products.toArray()
  const alarm = providers.find((p) => p.name === 'Tryggt Hem Larm')!
  return { alarm, product: products.find((p) => p.providerId === alarm.id)! }
}

const customer = {
  customerType: 'private' as const,
  customerSsn: '811218-9876',
  customerName: 'Karin Kund',
  email: null,
  phone: '070-123 45 67',
  companyName: null,
  orgNumber: null,
  postalCode: '211 45',
  city: 'Malmö',
  address: 'Storgatan 1',
  message: null,
  externalOrderNumber: null,
}

describe('the sync engine against the server', () => {
  it('delivers sales made offline, with the photo, exactly once; the outbox empties and the server figures arrive', async () => {
    const net: Net = { down: false, dropResponses: false, failRate: 0, requests: 0 }
    const d = device(net)
    const { alarm, product } = await firstSync(d)
    net.down = true
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' })
    const ids: string[] = []
    for (let i = 0; i < 3; i++) {
      const sale = await saveSaleLocally(
        d.db,
        sellerId,
        { ...customer, id: randomUUID(), providerId: alarm.id, products: [{ productId: product.id, quantity: 2 }], soldAt: Date.now() },
        i === 0 ? photo : null,
        t,
        { fileName: 'checklista.jpg' },
      )
      ids.push(sale.id)
    }
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ failure: 'network', online: false, pending: 3 })
    expect((await d.db.sales.bulkGet(ids)).map((s) => s?.sync)).toEqual(['pending', 'pending', 'pending'])

    // The page reloads: until the new engine has counted the store, nothing says "none waiting".
    const reopened = new SyncEngine(d.db, `lock-${randomUUID()}`)
    expect(reopened.getStatus()).toMatchObject({ counted: false })
    await reopened.refreshCounts()
    expect(reopened.getStatus()).toMatchObject({ counted: true, pending: 3 })

    net.down = false
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ failure: null, pending: 0, rejected: 0 })
    expect(await serverSales(ids)).toBe(3)
    const local = await d.db.sales.get(ids[0]!)
    expect(local).toMatchObject({ sync: 'synced', orderValueOre: 2 * product.priceOre, checklistFile: { name: 'checklista.jpg', contentType: 'image/jpeg' } })
    expect(await d.db.outbox.count()).toBe(0)
    d.engine.stop()
  })

  it('loses and doubles nothing through a flaky network: dropped requests, lost answers, toggled many times', async () => {
    const net: Net = { down: false, dropResponses: false, failRate: 0, requests: 0 }
    const d = device(net)
    const { alarm, product } = await firstSync(d)
    const ids: string[] = []
    net.failRate = 0.5
    for (let round = 0; round < 12; round++) {
      net.down = round % 3 === 0
      for (let i = 0; i < 3; i++) {
        const sale = await saveSaleLocally(
          d.db,
          sellerId,
          { ...customer, id: randomUUID(), providerId: alarm.id, products: [{ productId: product.id, quantity: 1 }], soldAt: Date.now() },
          null,
          t,
        )
        ids.push(sale.id)
      }
      await d.engine.syncNow()
    }
    net.down = false
    net.failRate = 0
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, rejected: 0, failure: null })
    expect(await serverSales(ids)).toBe(ids.length)
    expect((await d.db.sales.bulkGet(ids)).every((s) => s?.sync === 'synced')).toBe(true)
    const meta = await syncMeta(d.db)
    expect(meta.lastMutationId).toBe(ids.length)
    d.engine.stop()
  })

  it('reopens the store when the browser closed the connection (Safari in the background)', async () => {
    const net: Net = { down: false, dropResponses: false, failRate: 0, requests: 0 }
    const d = device(net)
    const { alarm, product } = await firstSync(d)
    d.db.close()
    const sale = await saveSaleLocally(
      d.db,
      sellerId,
      { ...customer, id: randomUUID(), providerId: alarm.id, products: [{ productId: product.id, quantity: 1 }], soldAt: Date.now() },
      null,
      t,
    )
    d.db.close()
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, failure: null })
    expect(await serverSales([sale.id])).toBe(1)
    d.engine.stop()
  })

  it('shows a refused change with the server’s reason; it can be fixed and resent, or discarded', async () => {
    const net: Net = { down: false, dropResponses: false, failRate: 0, requests: 0 }
    const d = device(net)
    await firstSync(d)
    const date = '2026-10-05'
    // valid on the device's rules, refused on the server's: another device already checked this out
    const id = await saveTimeReportLocally(
      d.db,
      sellerId,
      { id: randomUUID(), date, present: true, workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 0, travelLocation: null },
      t,
    )
    // make the server refuse it: the mutation's args broken after the local check
    await d.db.outbox.toCollection().modify((row) => {
      ;(row.args as { workHours: number }).workHours = 7
    })
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, rejected: 1 })
    const [row] = await d.db.outbox.toArray()
    expect(row).toMatchObject({
      state: 'rejected',
      rejection: { code: 'validation_failed', fieldErrors: { workHours: ['Timmarna måste vara ett jämnt tal från 0 till 8'] } },
    })
    expect((await d.db.timeReports.get(id))?.sync).toBe('rejected')

    // fixed and resent as a new mutation, replacing the refused one
    await saveTimeReportLocally(
      d.db,
      sellerId,
      { id, date, present: true, workHours: 6, absenceHours: 2, absenceType: 'vacation', allowanceType: 0, travelLocation: null },
      t,
      { replacesSeq: row!.seq },
    )
    await d.engine.syncNow()
    expect(d.engine.getStatus()).toMatchObject({ pending: 0, rejected: 0 })
    expect(await d.db.timeReports.get(id)).toMatchObject({ sync: 'synced', workHours: 6 })

    // a second refusal, discarded: gone from the device and never sent again
    await saveTimeReportLocally(
      d.db,
      sellerId,
      { id: randomUUID(), date: '2026-10-06', present: true, workHours: 8, absenceHours: 0, absenceType: null, allowanceType: 0, travelLocation: null },
      t,
    )
    await d.db.outbox.toCollection().modify((r) => {
      ;(r.args as { absenceHours: number }).absenceHours = 3
    })
    await d.engine.syncNow()
    const [refused] = await d.db.outbox.toArray()
    await discardRejected(d.db, refused!.seq)
    expect(await d.db.outbox.count()).toBe(0)
    expect(await d.db.timeReports.where('date').equals('2026-10-06').count()).toBe(0)
    await d.engine.syncNow()
    expect(await d.db.timeReports.get(id)).toMatchObject({ sync: 'synced', workHours: 6 })
    d.engine.stop()
  })
})
