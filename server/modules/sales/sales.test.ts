import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { businessDay } from '../../../shared/rules/work'
import type { PatchOp, ProductRecord, PullResult } from '../../../shared/schemas/sync'
import { activityOf } from '../../platform/activity-log'
import { recordEvents, saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * The sales area's one write path, seen from outside: a device's change writes its row, its
 * activity-log line and its event together, and subscribers receive the event after the commit; a refused
 * change writes none of them.
 */
const app = await createTestApp()
const { db, t } = app.database
const received = recordEvents(app.events)

const seller = await app.login('seller@demo.test')
const sellerId = seller.answer.userData.id
const push = app.device(seller.cookie).push
const reference = (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: randomUUID(), cookie: null } }))
  .json as unknown as PullResult
const products = reference.patch
  .filter((p): p is Extract<PatchOp, { table: 'products'; op: 'put' }> => p.table === 'products' && p.op === 'put')
  .map((p) => p.value as ProductRecord)
const alarmStd = products.find((p) => p.name === 'Hemlarm Standard')!

describe('a device’s sale through the sales service', () => {
  it('writes the sale, its activity-log line and a sale.created event a subscriber receives after the commit', async () => {
    const args = saleArgs({ providerId: alarmStd.providerId, products: [{ productId: alarmStd.id, quantity: 2 }] })
    expect(await push('createSale', args)).toMatchObject({ applied: 1, rejected: 0 })
    await app.events.settled()
    const event = received.find((e) => e.name === 'sale.created' && e.payload.saleId === args.id)
    expect(event).toMatchObject({
      actorId: sellerId,
      payload: {
        sellerId,
        providerId: alarmStd.providerId,
        status: 'finalized',
        sellDate: businessDay(args.soldAt),
        orderValueOre: 2 * alarmStd.priceOre,
        lines: [{ productId: alarmStd.id, quantity: 2 }],
      },
    })
    const log = await activityOf(app.database, 'sale_report', args.id)
    expect(log).toHaveLength(1)
    expect(log[0]).toMatchObject({ actorId: sellerId, action: 'created', before: null, after: { status: 'finalized', orderValueOre: 2 * alarmStd.priceOre } })
  })

  it('a refused sale writes no row, no log line and no event', async () => {
    const args = saleArgs({ providerId: alarmStd.providerId, products: [{ productId: 'no-such-product', quantity: 1 }] })
    expect(await push('createSale', args)).toMatchObject({ applied: 0, rejected: 1 })
    await app.events.settled()
    expect(await db.select().from(t.sales).where(eq(t.sales.id, args.id))).toEqual([])
    expect(await activityOf(app.database, 'sale_report', args.id)).toEqual([])
    expect(received.filter((e) => e.name === 'sale.created' && e.payload.saleId === args.id)).toEqual([])
  })

  it('the same sale resent writes nothing twice', async () => {
    const args = saleArgs({ providerId: alarmStd.providerId, products: [{ productId: alarmStd.id, quantity: 1 }] })
    await push('createSale', args)
    await push('createSale', args)
    await app.events.settled()
    expect(received.filter((e) => e.name === 'sale.created' && e.payload.saleId === args.id)).toHaveLength(1)
    expect(await activityOf(app.database, 'sale_report', args.id)).toHaveLength(1)
  })
})

describe('the activity log', () => {
  it('cannot be changed or removed, not even by a query that bypasses the code', async () => {
    const [line] = await db.select().from(t.activityLog).limit(1)
    await expect(db.update(t.activityLog).set({ action: 'forged' }).where(eq(t.activityLog.id, line!.id))).rejects.toThrow()
    await expect(db.delete(t.activityLog).where(eq(t.activityLog.id, line!.id))).rejects.toThrow()
    const [again] = await db
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.id, line!.id), eq(t.activityLog.action, line!.action)))
    expect(again).toBeDefined()
  })
})
