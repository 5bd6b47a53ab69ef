import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { SYNC_SCHEMA_VERSION, type Mutation, type PatchOp, type ProductRecord, type PullResult } from '../../../shared/schemas/sync'
import { personalNumberOf } from '../../../shared/rules/identity'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * The pull contract under concurrent writers (decisions 008, 057): each person's rows carry their own change
 * counter, so writers for different people do not wait on each other, and a pull that runs while a slower writer
 * is still open never moves its cookie past a row that writer has yet to commit — the next pull brings it.
 * PostgreSQL only: there writers really run side by side (SQLite has one writer at a time by design).
 */
let hold: { saleId: string; reached: () => void; release: Promise<void> } | null = null
const app = await createTestApp(
  {},
  {
    syncHooks: {
      afterApply: async (m) => {
        const current = hold
        if (current && (m.args as { id?: string }).id === current.saleId) {
          current.reached()
          await current.release
        }
      },
    },
  },
)

const seller = await app.login('seller@demo.test')
const other = await app.login('sara.nystrom@demo.test')

type Device = { clientId: string; cookie: string | null; seq: number }
const device = (): Device => ({ clientId: randomUUID(), cookie: null, seq: 0 })
async function pull(cookie: string, d: Device) {
  const r = await app.request('POST', '/api/sync/pull', { cookie, body: { clientId: d.clientId, cookie: d.cookie } })
  expect(r.status).toBe(200)
  const result = r.json as unknown as PullResult
  d.cookie = result.cookie
  return result
}
function push(cookie: string, d: Device, name: string, args: unknown) {
  const m: Mutation = { seq: ++d.seq, name, args, createdAt: Date.now() }
  return app.request('POST', '/api/sync/push', { cookie, body: { clientId: d.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [m] } })
}
const salesIn = (r: PullResult) => r.patch.filter((p) => p.table === 'sales' && p.op === 'put').map((p) => (p as Extract<PatchOp, { op: 'put' }>).key)

describe.runIf(app.database.dialect === 'pg')('writers side by side (PostgreSQL)', () => {
  it('a pull while a writer is still open misses nothing: the next pull brings the late rows', async () => {
    const catalog = (await pull(seller.cookie, device())).patch
      .filter((p) => p.table === 'products' && p.op === 'put')
      .map((p) => (p as { value: ProductRecord }).value)
    const alarm = catalog.find((p) => p.name === 'Hemlarm Standard')!
    const fiber = catalog.find((p) => p.providerId !== alarm.providerId)!
    const sale = (product: ProductRecord, ssn: string) =>
      saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }, { customerSsn: ssn })

    const reader = device()
    await pull(seller.cookie, reader)

    // The seller's phone sends a sale whose transaction stays open after it has written its rows.
    const slow = sale(alarm, personalNumberOf('19500101', '123'))
    let reached!: () => void
    let release!: () => void
    const inside = new Promise<void>((resolve) => (reached = resolve))
    hold = { saleId: slow.id, reached, release: new Promise<void>((resolve) => (release = resolve)) }
    const slowPush = push(seller.cookie, device(), 'createSale', slow)
    // Either the transaction is held open, or the push has answered (a refusal: the test fails on its answer).
    const first = await Promise.race([inside.then(() => null), slowPush])
    expect(first, JSON.stringify(first?.json)).toBeNull()

    // Someone else's sale is stored meanwhile: writers for different people do not wait on one counter.
    const elsewhere = await push(other.cookie, device(), 'createSale', sale(fiber, personalNumberOf('19500202', '123')))
    expect(elsewhere.status).toBe(200)
    expect(elsewhere.json).toMatchObject({ applied: 1 })

    // The seller's other phone sends a sale too (it waits for the first: the same person's counter).
    const second = sale(alarm, personalNumberOf('19500303', '123'))
    const secondPush = push(seller.cookie, device(), 'createSale', second)

    // A pull now sees neither, and its cookie does not pass them.
    expect(salesIn(await pull(seller.cookie, reader))).not.toContain(slow.id)

    release()
    hold = null
    expect((await slowPush).json).toMatchObject({ applied: 1 })
    expect((await secondPush).json).toMatchObject({ applied: 1 })
    const after = salesIn(await pull(seller.cookie, reader))
    expect(after).toContain(slow.id)
    expect(after).toContain(second.id)
  })
})
