import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { SaleRecord } from '../../../shared/schemas/sales'
import { activityOf } from '../../platform/activity-log'
import { recordEvents, saleArgs } from '../../test/fixtures'
import { createTestApp, productsIn } from '../../test/harness'

/**
 * The seller corrects a sale back office marked as a deviation, from the device (the `correctSale` mutation,
 * docs/decisions/022): what the deviation's type lets them change, checked as a new sale is, and the sale waits
 * for approval again. Anything else is a rejection the device shows, and writes nothing.
 */
const app = await createTestApp()
const { db, t } = app.database
const received = recordEvents(app.events)
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const colleague = await app.login('anna.lindqvist@demo.test')

const device = (cookie: string) => app.device(cookie)
const phone = device(seller.cookie)
const products = productsIn(await phone.pull())
const alarm = products.find((p) => p.name === 'Hemlarm Standard')!
const smoke = products.find((p) => p.name === 'Brandvarnare (st)')!

/** A sale from the seller's phone that back office marks as a deviation of `type`. */
async function deviated(type: string) {
  const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] })
  expect(await phone.push('createSale', args)).toMatchObject({ applied: 1 })
  const [row] = await db.select({ version: t.sales.version }).from(t.sales).where(eq(t.sales.id, args.id))
  const r = await app.request('POST', `/api/sale-reports/${args.id}/status`, {
    cookie: backoffice.cookie,
    body: { status: 'deviation', version: row!.version, deviationType: type, reason: 'Rätta, tack.' },
  })
  expect(r.status).toBe(200)
  return args.id
}
const saleRow = async (id: string) => (await db.select().from(t.sales).where(eq(t.sales.id, id)))[0]!
const lastRejection = async () => (await phone.pull()).rejections.at(-1)!

describe('a seller corrects a deviation from the device', () => {
  it('a wrong identity number: the new one is stored, the sale waits again, with the comment in its history and an event', async () => {
    const id = await deviated('incorrect_ssn')
    const r = await phone.push('correctSale', { id, comment: 'Rätt personnummer från legitimationen', changes: { customerSsn: '19560314-2422' } })
    expect(r).toMatchObject({ applied: 1, rejected: 0 })
    expect(await saleRow(id)).toMatchObject({ status: 'finalized', customerSsn: '195603142422', deviationType: null, deviationReason: null })
    const onDevice = (await phone.pull()).patch.find((p) => p.table === 'sales' && p.key === id) as { value: SaleRecord }
    expect(onDevice.value.statusHistory.map((h) => [h.status, h.note])).toEqual([
      ['finalized', null],
      ['deviation', 'Rätta, tack.'],
      ['finalized', 'Rätt personnummer från legitimationen'],
    ])
    const log = await activityOf(app.database, 'sale_report', id)
    expect(log[0]).toMatchObject({
      action: 'corrected',
      before: { status: 'deviation', customerSsn: '198112189876' },
      after: { status: 'finalized', customerSsn: '195603142422' },
    })
    await app.events.settled()
    expect(received.find((e) => e.name === 'sale.statusChanged' && e.payload.saleId === id && e.payload.to === 'finalized')).toMatchObject({
      payload: { from: 'deviation', byUserId: seller.answer.userData.id },
    })
  })

  it('a wrong order: new products are priced again from the catalog', async () => {
    const id = await deviated('incorrect_order')
    const r = await phone.push('correctSale', { id, comment: null, changes: { products: [{ productId: smoke.id, quantity: 3 }] } })
    expect(r).toMatchObject({ applied: 1 })
    const sale = await saleRow(id)
    expect(sale).toMatchObject({ status: 'finalized', orderValueOre: 3 * smoke.priceOre, sellerCommissionOre: 3 * smoke.sellerCommissionOre })
    const lines = await db.select().from(t.saleLines).where(eq(t.saleLines.saleId, id))
    expect(lines.map((l) => [l.productName, l.quantity])).toEqual([['Brandvarnare (st)', 3]])
  })

  it('refuses what the deviation’s type does not let the seller change, and writes nothing', async () => {
    const id = await deviated('incorrect_ssn')
    const before = await saleRow(id)
    expect(await phone.push('correctSale', { id, comment: 'x', changes: { products: [{ productId: smoke.id, quantity: 1 }] } })).toMatchObject({ rejected: 1 })
    expect(await lastRejection()).toMatchObject({
      code: 'validation_failed',
      fieldErrors: { products: ['Det här kan inte rättas vid en avvikelse av typen Felaktigt personnummer'] },
    })
    expect(await phone.push('correctSale', { id, comment: null, changes: {} })).toMatchObject({ rejected: 1 })
    expect((await lastRejection()).fieldErrors).toEqual({ comment: ['Skriv vad du har rättat eller ändra något'] })
    expect(await phone.push('correctSale', { id, comment: null, changes: { customerSsn: '19560314-2429' } })).toMatchObject({ rejected: 1 })
    expect((await lastRejection()).fieldErrors).toHaveProperty(['changes.customerSsn'])
    expect(await saleRow(id)).toEqual(before)
  })

  it('a customer who is not credit worthy is back office’s to resolve; a sale without a deviation has nothing to correct', async () => {
    const id = await deviated('not_credit_worthy')
    expect(await phone.push('correctSale', { id, comment: 'Kunden har betalat', changes: {} })).toMatchObject({ rejected: 1 })
    expect(await lastRejection()).toMatchObject({
      code: 'not_correctable',
      message: 'Försäljningen kan inte rättas: den har ingen avvikelse som säljaren kan rätta',
    })
    const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] })
    await phone.push('createSale', args)
    expect(await phone.push('correctSale', { id: args.id, comment: 'x', changes: {} })).toMatchObject({ rejected: 1 })
    expect((await lastRejection()).code).toBe('not_correctable')
    expect((await saleRow(args.id)).status).toBe('finalized')
  })

  it('nobody corrects another seller’s sale', async () => {
    const id = await deviated('other')
    const other = device(colleague.cookie)
    expect(await other.push('correctSale', { id, comment: 'Inte min', changes: { city: 'Lund' } })).toMatchObject({ rejected: 1 })
    expect((await other.pull()).rejections.at(-1)!.code).toBe('conflict')
    expect(await saleRow(id)).toMatchObject({ status: 'deviation', city: 'Malmö' })
  })
})
