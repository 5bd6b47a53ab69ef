import { randomUUID } from 'node:crypto'
import { count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { CHECKLIST_UNATTACHED_TTL_MS } from '../../../shared/schemas/sales'
import {
  PULL_PAGE_ROWS,
  SYNC_SCHEMA_VERSION,
  type Mutation,
  type PatchOp,
  type ProductRecord,
  type ProviderRecord,
  type PullResult,
} from '../../../shared/schemas/sync'
import { createTestApp } from '../../test/harness'
import { housekeeping } from '../../housekeeping'
import { saleArgs } from '../../test/fixtures'

/** The sync queue under hostile or broken input (issue 11): nothing sticks a device, nothing leaks, nothing piles up. */

// A small quota for the checklist files (the default is 100 MiB): the same rules with a fiftieth of the bytes.
const QUOTA_BYTES = 2 * 1024 * 1024
const t = await createTestApp({ CHECKLIST_QUOTA_KIB: String(QUOTA_BYTES / 1024) })
const { db, t: tables } = t.database

type Device = { clientId: string; cookie: string; seq: number }
const device = (): Device => ({ clientId: randomUUID(), cookie: '', seq: 0 })
const push = (cookie: string, d: Device, mutations: Mutation[]) =>
  t.request('POST', '/api/sync/push', { cookie, body: { clientId: d.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations } })
async function pull(cookie: string, d: Device): Promise<PullResult> {
  const r = await t.request('POST', '/api/sync/pull', { cookie, body: { clientId: d.clientId, cookie: d.cookie || null } })
  expect(r.status, r.text).toBe(200)
  d.cookie = (r.json as unknown as PullResult).cookie
  return r.json as unknown as PullResult
}
const next = (d: Device, name: string, args: unknown): Mutation => ({ seq: ++d.seq, name, args, createdAt: Date.now() })

const seller = await t.login('seller@demo.test')
const ref = await pull(seller.cookie, device())
const provider = ref.patch.find(
  (p): p is Extract<PatchOp, { table: 'providers'; op: 'put' }> =>
    p.table === 'providers' && p.op === 'put' && !(p.value as ProviderRecord).requireExternalOrderNumber,
)!.value
const product = ref.patch.find((p) => p.table === 'products' && p.op === 'put' && (p as { value: ProductRecord }).value.providerId === provider.id) as {
  value: ProductRecord
}
const sale = (overrides: Record<string, unknown> = {}) =>
  saleArgs({ providerId: provider.id, products: [{ productId: product.value.id, quantity: 1 }] }, overrides)
const salesCount = async () => (await db.select({ n: count() }).from(tables.sales))[0]!.n

describe('a mutation the server cannot read is a recorded rejection, never a stuck queue', () => {
  const hostile: Array<[string, unknown]> = [
    ['"__proto__" as a key', JSON.parse('{"__proto__": {"x": 1}, "id": "a"}')],
    ['"constructor" and "toString" as keys', { constructor: 1, toString: 'x', hasOwnProperty: [] }],
    ['a lone surrogate in a value', { ...sale(), customerName: 'Karin \ud800 Kund' }],
    ['a lone surrogate in a key', { ...sale(), ['x\udc00']: 1 }],
    // PostgreSQL cannot store NUL in text: it once answered 503 for ever and stuck the seller's queue (issue 39).
    ['a NUL in the customer name', { ...sale(), customerName: 'Karin\u0000Kund' }],
    ['an escape character in the customer name', { ...sale(), customerName: 'Karin\u001b[2J' }],
    ['deep nesting', JSON.parse('{"a":'.repeat(200) + '1' + '}'.repeat(200))],
    ['a number where an object belongs', 42],
    ['null', null],
  ]
  it.each(hostile)('%s', async (_name, args) => {
    const d = device()
    const before = await salesCount()
    const r = await push(seller.cookie, d, [next(d, 'createSale', args), next(d, 'createSale', sale())])
    expect(r.status, r.text).toBe(200)
    expect(r.json).toEqual({ lastMutationId: 2, applied: 1, skipped: 0, rejected: 1 })
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections).toHaveLength(1)
    expect(pulled.rejections[0]).toMatchObject({ seq: 1, code: 'validation_failed' })
    expect(await salesCount()).toBe(before + 1)
  })

  it('an unknown or ill-formed mutation name is rejected and stored as well-formed text', async () => {
    const d = device()
    const r = await push(seller.cookie, d, [next(d, '__proto__', {}), next(d, 'x\ud800y', {})])
    expect(r.json).toEqual({ lastMutationId: 2, applied: 0, skipped: 0, rejected: 2 })
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections.map((x) => x.code)).toEqual(['unknown_mutation', 'unknown_mutation'])
    expect(pulled.rejections.every((x) => x.name.isWellFormed() && x.message.isWellFormed())).toBe(true)
  })

  it('a lone surrogate in an accepted text is never stored', async () => {
    const d = device()
    const s = sale({ message: 'hej \udbff' })
    await push(seller.cookie, d, [next(d, 'createSale', s)])
    expect(await db.select().from(tables.sales).where(eq(tables.sales.id, s.id))).toEqual([])
  })
})

describe('two different changes under one seq', () => {
  it('are refused as a conflict and nothing of the batch is applied; the same change twice is applied once', async () => {
    const d = device()
    const before = await salesCount()
    const a = next(d, 'createSale', sale())
    const clash = await push(seller.cookie, d, [a, { ...a, args: sale() }])
    expect(clash.status).toBe(409)
    expect(clash.json.error).toBe('conflict')
    expect((clash.json.fieldErrors as Record<string, string[]>).mutations).toEqual(['Ändring 1 skickades två gånger med olika innehåll'])
    expect(await salesCount()).toBe(before)
    const same = await push(seller.cookie, d, [a, a])
    expect(same.json).toEqual({ lastMutationId: 1, applied: 1, skipped: 0, rejected: 0 })
    expect(await salesCount()).toBe(before + 1)
  })
})

describe('the pull is paged', () => {
  // 260 sales through the device's write path take 5 s on PostgreSQL on a quiet machine and reached the default 20 s
  // beside the rest of CI: a minute's allowance (issue 40 makes that path cheaper).
  it('a seller with many sales gets them a page at a time, each exactly once, and the last page says no more', async () => {
    const { cookie } = await t.login('anna.lindqvist@demo.test')
    const d = device()
    const n = PULL_PAGE_ROWS + 60
    for (let start = 0; start < n; start += 150) {
      const batch = Array.from({ length: Math.min(150, n - start) }, () => next(d, 'createSale', sale()))
      expect((await push(cookie, d, batch)).json).toMatchObject({ rejected: 0 })
    }
    const reader = device()
    const seen = new Map<string, number>()
    const pages: PullResult[] = []
    do {
      pages.push(await pull(cookie, reader))
      for (const op of pages.at(-1)!.patch) if (op.table === 'sales') seen.set(op.key, (seen.get(op.key) ?? 0) + 1)
    } while (pages.at(-1)!.more && pages.length < 10)
    expect(pages.length).toBeGreaterThanOrEqual(2)
    // The page bounds the person's own rows; reference data (the catalogue, the do-not-contact register's row) rides along whole.
    const reference = new Set(['providers', 'products', 'contactBlocks'])
    expect(pages[0]!.patch.filter((p) => !reference.has(p.table)).length).toBeLessThanOrEqual(PULL_PAGE_ROWS)
    expect(pages.at(-1)!.more).toBe(false)
    const [{ n: stored }] = (await db
      .select({ n: count() })
      .from(tables.sales)
      .innerJoin(tables.users, eq(tables.users.id, tables.sales.sellerId))
      .where(eq(tables.users.email, 'anna.lindqvist@demo.test'))) as [{ n: number }]
    expect(seen.size).toBe(stored)
    expect([...seen.values()].every((times) => times === 1)).toBe(true)
    // Nothing changed since: the next pull is empty.
    const again = await pull(cookie, reader)
    expect(again.patch).toEqual([])
    expect(again.more).toBe(false)
  }, 60_000)
})

describe('checklist files', () => {
  const jpeg = (size: number) => {
    const b = new Uint8Array(size)
    b.set([0xff, 0xd8, 0xff])
    return b
  }
  const put = (cookie: string, body: Uint8Array, id = randomUUID()) =>
    t.request('PUT', `/api/sync/files/${id}`, { cookie, body, headers: { 'content-type': 'image/jpeg' } })

  it('files no sale has taken count against a quota; a sale taking one frees its room', async () => {
    const { cookie } = await t.login('erik.johansson@demo.test')
    const chunk = 180 * 1024
    const ids: string[] = []
    for (let used = 0; used + chunk <= QUOTA_BYTES; used += chunk) {
      const id = randomUUID()
      expect((await put(cookie, jpeg(chunk), id)).status).toBe(201)
      ids.push(id)
    }
    const over = await put(cookie, jpeg(chunk))
    expect(over.status).toBe(429)
    expect(over.json.error).toBe('quota_exceeded')
    expect(over.res.headers.get('retry-after')).toBeTruthy()
    // Another seller is not affected.
    expect((await put(seller.cookie, jpeg(1024))).status).toBe(201)

    const d = device()
    expect((await push(cookie, d, [next(d, 'createSale', sale({ checklistFileId: ids[0] }))])).json).toMatchObject({ applied: 1 })
    expect((await put(cookie, jpeg(chunk))).status).toBe(201)
  })

  it('parallel uploads cannot pass the quota together', async () => {
    const { cookie } = await t.login('leila.haddad@demo.test')
    const chunk = 180 * 1024
    const answers = await Promise.all(Array.from({ length: 16 }, () => put(cookie, jpeg(chunk))))
    expect(answers.filter((a) => a.status === 201)).toHaveLength(Math.floor(QUOTA_BYTES / chunk))
    expect(answers.every((a) => a.status === 201 || a.status === 429)).toBe(true)
  })

  it('files no sale took are purged after a few days; taken ones stay', async () => {
    const purge = async (now: number) => (await housekeeping(t.database, t, now)).filesPurged
    const later = Date.now() + CHECKLIST_UNATTACHED_TTL_MS + 60_000
    const waiting = async () => (await db.select({ n: count() }).from(tables.files).where(isNull(tables.files.attachedAt)))[0]!.n
    const taken = async () => (await db.select({ n: count() }).from(tables.files))[0]!.n - (await waiting())
    const takenBefore = await taken()
    expect(await waiting()).toBeGreaterThan(0)
    expect(await purge(Date.now())).toBe(0)
    expect(await purge(later)).toBeGreaterThan(0)
    expect(await waiting()).toBe(0)
    expect(await taken()).toBe(takenBefore)
  })

  it('a download is never cached, runs sandboxed and is not sniffed; a PDF is an attachment', async () => {
    const id = randomUUID()
    expect((await put(seller.cookie, jpeg(2048), id)).status).toBe(201)
    const r = await t.request('GET', `/api/sync/files/${id}`, { cookie: seller.cookie })
    expect(r.status).toBe(200)
    expect(r.res.headers.get('cache-control')).toBe('no-store')
    expect(r.res.headers.get('content-security-policy')).toMatch(/^sandbox;/)
    expect(r.res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(r.res.headers.get('content-disposition')).toMatch(/^inline;/)
    const pdfId = randomUUID()
    const pdf = new TextEncoder().encode('%PDF-1.4\n%…')
    expect(
      (await t.request('PUT', `/api/sync/files/${pdfId}`, { cookie: seller.cookie, body: pdf, headers: { 'content-type': 'application/pdf' } })).status,
    ).toBe(201)
    const p = await t.request('GET', `/api/sync/files/${pdfId}`, { cookie: seller.cookie })
    expect(p.res.headers.get('content-disposition')).toMatch(/^attachment;/)
  })
})
