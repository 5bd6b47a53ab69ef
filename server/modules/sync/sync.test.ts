import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { formatDate } from '../../../shared/format'
import { businessDay, businessMonth, previousMonth } from '../../../shared/rules/work'
import type { SaleRecord } from '../../../shared/schemas/sales'
import type { Mutation, PatchOp, PullResult, ProductRecord, ProviderRecord } from '../../../shared/schemas/sync'
import { SYNC_SCHEMA_MIN, SYNC_SCHEMA_VERSION } from '../../../shared/schemas/sync'
import { createTestApp } from '../../test/harness'
import { saleArgs } from '../../test/fixtures'

let failOn: ((m: Mutation) => boolean) | null = null
const t = await createTestApp(
  {},
  {
    syncHooks: {
      beforeApply: (m) => {
        if (failOn?.(m)) throw new Error('simulated database failure')
      },
    },
  },
)
const { db, t: tables } = t.database

type Device = { clientId: string; cookie: string; seq: number }
const device = (): Device => ({ clientId: randomUUID(), cookie: '', seq: 0 })

/** Pulls until the server has nothing more (a first pull of a seller with a history takes several), as a device does. */
async function pull(cookie: string, d: Device) {
  let all: PullResult | null = null
  for (;;) {
    const r = await t.request('POST', '/api/sync/pull', { cookie, body: { clientId: d.clientId, cookie: d.cookie || null } })
    expect(r.status).toBe(200)
    const result = r.json as unknown as PullResult
    d.cookie = result.cookie
    all = all ? { ...result, patch: [...all.patch, ...result.patch], rejections: [...all.rejections, ...result.rejections] } : result
    if (!result.more) return all
  }
}

async function push(cookie: string, d: Device, mutations: Mutation[]) {
  return t.request('POST', '/api/sync/push', { cookie, body: { clientId: d.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations } })
}

function mutation(d: Device, name: string, args: unknown): Mutation {
  d.seq += 1
  return { seq: d.seq, name, args, createdAt: Date.now() }
}

const seller = await t.login('seller@demo.test')
const colleague = await t.login('anna.lindqvist@demo.test')
// A seller of the same team whose days start from nothing (the demo's sellers have theirs reported).
const newcomer = await t.newSeller({ firstName: 'Kim', lastName: 'Kollega', like: 'anna.lindqvist@demo.test' })
const backoffice = await t.login('backoffice@demo.test')
const recruiter = await t.login('recruiter@demo.test')
const coach = await t.login('coach@demo.test')

const reference = await pull(seller.cookie, device())
const providers = reference.patch
  .filter((p): p is Extract<PatchOp, { table: 'providers'; op: 'put' }> => p.table === 'providers' && p.op === 'put')
  .map((p) => p.value as ProviderRecord)
const products = reference.patch
  .filter((p): p is Extract<PatchOp, { table: 'products'; op: 'put' }> => p.table === 'products' && p.op === 'put')
  .map((p) => p.value as ProductRecord)
const alarm = providers.find((p) => p.name === 'Tryggt Hem Larm')!
const fiber = providers.find((p) => p.name === 'Fiberlinjen')!
const alarmStd = products.find((p) => p.name === 'Hemlarm Standard')!
const smoke = products.find((p) => p.name === 'Brandvarnare (st)')!

const sale = (overrides: Record<string, unknown> = {}) =>
  saleArgs(
    {
      providerId: alarm.id,
      products: [
        { productId: alarmStd.id, quantity: 1 },
        { productId: smoke.id, quantity: 3 },
      ],
    },
    overrides,
  )

async function salesOf(userId: string) {
  const [row] = await db.select({ n: count() }).from(tables.sales).where(eq(tables.sales.sellerId, userId))
  return row?.n ?? 0
}

const sellerId = seller.answer.userData.id
const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(200).fill(7)])

describe('sync pull', () => {
  it('starts a device with the reference data, the seller’s own history and budget, and nobody else’s', () => {
    expect(reference.lastMutationId).toBe(0)
    expect(providers.map((p) => p.name).sort()).toEqual(['Fiberlinjen', 'Nordel Energi', 'Tryggt Hem Larm'])
    expect(products.length).toBe(7)
    const sales = reference.patch.filter((p) => p.table === 'sales' && p.op === 'put').map((p) => (p as { value: SaleRecord }).value)
    expect(sales.every((s) => s.sellerId === seller.answer.userData.id)).toBe(true)
    // The seller's own budgets: this month's and last month's (not their colleagues').
    const budgets = reference.patch.filter((p) => p.table === 'budgets').map((p) => (p as { value: { month: string } }).value)
    expect(budgets.map((b) => b.month).sort()).toEqual([previousMonth(businessMonth(Date.now())), businessMonth(Date.now())])
  })

  it('sends only what changed since the cookie', async () => {
    const d = device()
    await pull(seller.cookie, d)
    const again = await pull(seller.cookie, d)
    expect(again.patch).toEqual([])
  })
})

describe('sync push', () => {
  it('applies sales once, computes the amounts on the server, and pulls them back', async () => {
    const d = device()
    const before = await salesOf(sellerId)
    const batch = [mutation(d, 'createSale', sale()), mutation(d, 'createSale', sale()), mutation(d, 'createSale', sale({ customerName: 'Tredje Kund' }))]
    const first = await push(seller.cookie, d, batch)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ lastMutationId: 3, applied: 3, skipped: 0, rejected: 0 })

    // the same push again (a retry after a lost answer): nothing new
    const second = await push(seller.cookie, d, batch)
    expect(second.json).toEqual({ lastMutationId: 3, applied: 0, skipped: 3, rejected: 0 })
    expect(await salesOf(sellerId)).toBe(before + 3)

    const pulled = await pull(seller.cookie, d)
    expect(pulled.lastMutationId).toBe(3)
    const sales = pulled.patch.filter((p) => p.table === 'sales' && p.op === 'put').map((p) => (p as { value: SaleRecord }).value)
    const mine = sales.filter((s) => batch.some((m) => (m.args as { id: string }).id === s.id))
    expect(mine).toHaveLength(3)
    const one = mine[0]!
    expect(one).toMatchObject({
      status: 'finalized',
      customerSsn: '198112189876',
      postalCode: '211 45',
      orderValueOre: alarmStd.priceOre + 3 * smoke.priceOre,
      sellerCommissionOre: alarmStd.sellerCommissionOre + 3 * smoke.sellerCommissionOre,
      sellDate: businessDay(one.soldAt),
    })
    // The company's commission and cost are not the seller's to see (shared/permissions/fields.ts).
    expect(one).not.toHaveProperty('companyCommissionOre')
    expect(one).not.toHaveProperty('companyCostOre')
    expect(one.statusHistory.map((h) => h.status)).toEqual(['finalized'])
  })

  it('refuses a gap in seq with 409 and advances nothing', async () => {
    const d = device()
    await push(seller.cookie, d, [mutation(d, 'createSale', sale())])
    d.seq += 1 // seq 2 is lost
    const gap = await push(seller.cookie, d, [mutation(d, 'createSale', sale())])
    expect(gap.status).toBe(409)
    expect(gap.json.error).toBe('conflict')
    expect(gap.res.headers.get('x-last-mutation-id')).toBe('1')
    expect((await pull(seller.cookie, d)).lastMutationId).toBe(1)
  })

  it('records a permanent rejection with field errors, stores nothing, and advances lastMutationId', async () => {
    const d = device()
    const before = await salesOf(sellerId)
    const bad = sale({ customerSsn: '811218-9875', postalCode: '1234' })
    const r = await push(seller.cookie, d, [
      mutation(d, 'createSale', bad),
      mutation(d, 'createSale', sale({ providerId: fiber.id, products: [{ productId: products.find((p) => p.providerId === fiber.id)!.id, quantity: 1 }] })),
      mutation(d, 'teleport', { to: 'mars' }),
      mutation(d, 'createSale', sale()),
    ])
    expect(r.json).toEqual({ lastMutationId: 4, applied: 1, skipped: 0, rejected: 3 })
    expect(await salesOf(sellerId)).toBe(before + 1)
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections.map((x) => [x.seq, x.code])).toEqual([
      [1, 'validation_failed'],
      [2, 'validation_failed'],
      [3, 'unknown_mutation'],
    ])
    expect(pulled.rejections[0]!.fieldErrors).toEqual({
      customerSsn: ['Ogiltigt personnummer (ÅÅMMDD-NNNN, kontrollsiffran stämmer inte)'],
      postalCode: ['Ange ett postnummer med fem siffror, t.ex. 211 45'],
    })
    expect(pulled.rejections[1]!.fieldErrors).toEqual({ externalOrderNumber: ['Externt ordernummer krävs för den här leverantören'] })
    expect(pulled.rejections[2]!.message).toBe('Ändringen (teleport) känns inte igen av servern')
    // a rejection is reported once per cookie: the next pull does not repeat it
    expect((await pull(seller.cookie, d)).rejections).toEqual([])
  })

  it('translates rejections into the device language', async () => {
    const d = device()
    await t.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      headers: { 'accept-language': 'en' },
      body: { clientId: d.clientId, schemaVersion: SYNC_SCHEMA_VERSION, mutations: [mutation(d, 'createSale', sale({ providerId: '' }))] },
    })
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections[0]!.fieldErrors.providerId).toEqual(['You need to select a provider'])
  })

  it('rolls back a transient failure: 503, nothing applied, lastMutationId unchanged, the retry succeeds', async () => {
    const d = device()
    const before = await salesOf(sellerId)
    const batch = [mutation(d, 'createSale', sale()), mutation(d, 'createSale', sale()), mutation(d, 'createSale', sale())]
    failOn = (m) => m.seq === 2
    const failed = await push(seller.cookie, d, batch)
    failOn = null
    expect(failed.status).toBe(503)
    expect(failed.json.error).toBe('unavailable')
    expect(await salesOf(sellerId)).toBe(before + 1)
    expect((await pull(seller.cookie, d)).lastMutationId).toBe(1)
    const retry = await push(seller.cookie, d, batch)
    expect(retry.json).toEqual({ lastMutationId: 3, applied: 2, skipped: 1, rejected: 0 })
    expect(await salesOf(sellerId)).toBe(before + 3)
  })

  it('survives resends of overlapping ranges in any order (a flaky network) with every sale exactly once', async () => {
    const d = device()
    const before = await salesOf(sellerId)
    const all = Array.from({ length: 30 }, () => mutation(d, 'createSale', sale()))
    let acked = 0
    for (let round = 0; round < 40 && acked < 30; round++) {
      const from = Math.max(0, acked - Math.floor(Math.random() * 5))
      const batch = all.slice(from, from + 1 + Math.floor(Math.random() * 8))
      const r = await push(seller.cookie, d, Math.random() < 0.5 ? batch : [...batch].reverse())
      expect(r.status).toBe(200)
      acked = (r.json as { lastMutationId: number }).lastMutationId
    }
    expect(acked).toBe(30)
    expect(await salesOf(sellerId)).toBe(before + 30)
  })

  it('applies an insert whose id already exists once, even under a new seq (the second safety net)', async () => {
    const d = device()
    const before = await salesOf(sellerId)
    const s = sale()
    const r = await push(seller.cookie, d, [mutation(d, 'createSale', s), mutation(d, 'createSale', s)])
    expect(r.json).toMatchObject({ lastMutationId: 2, rejected: 0 })
    expect(await salesOf(sellerId)).toBe(before + 1)
  })
})

describe('who may push what', () => {
  it('refuses another user’s device and another user’s records', async () => {
    const d = device()
    const s = sale()
    await push(seller.cookie, d, [mutation(d, 'createSale', s)])
    expect((await push(colleague.cookie, d, [mutation(d, 'createSale', sale())])).status).toBe(403)
    expect((await t.request('POST', '/api/sync/pull', { cookie: colleague.cookie, body: { clientId: d.clientId, cookie: null } })).status).toBe(403)

    const other = device()
    await push(colleague.cookie, other, [mutation(other, 'createSale', s)])
    const pulled = await pull(colleague.cookie, other)
    expect(pulled.rejections[0]!.code).toBe('conflict')
    // The colleague's device has their own sales, and not the one they tried to take.
    const theirs = pulled.patch.filter((p) => p.table === 'sales').map((p) => (p as { value: SaleRecord }).value)
    expect(theirs.length).toBeGreaterThan(0)
    expect(theirs.every((x) => x.sellerId === colleague.answer.userData.id)).toBe(true)
    expect(theirs.map((x) => x.id)).not.toContain(s.id)
  })

  it('rejects a mutation the user has no permission for', async () => {
    const d = device()
    await push(recruiter.cookie, d, [mutation(d, 'createSale', sale())])
    expect((await pull(recruiter.cookie, d)).rejections[0]!.code).toBe('forbidden')
  })

  it('needs a session', async () => {
    expect((await t.request('POST', '/api/sync/push', { body: { clientId: randomUUID(), schemaVersion: 1, mutations: [] } })).status).toBe(401)
    expect((await t.request('POST', '/api/sync/pull', { body: { clientId: randomUUID(), cookie: null } })).status).toBe(401)
  })
})

describe('bad input to the sync endpoints', () => {
  it('answers 4xx, never 500, and writes nothing', async () => {
    const before = await salesOf(sellerId)
    const malformed = await t.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      body: '{"clientId":',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json.error).toBe('invalid_json')
    const d = device()
    const tooMany = Array.from({ length: 201 }, () => mutation(d, 'createSale', sale()))
    const oversized = await push(seller.cookie, d, tooMany)
    expect(oversized.status).toBe(400)
    expect(Object.keys(oversized.json.fieldErrors as object)).toContain('mutations')
    const huge = await push(seller.cookie, device(), [{ seq: 1, name: 'createSale', args: { blob: 'x'.repeat(1_100_000) }, createdAt: 1 }])
    expect(huge.status).toBe(413)
    // A device older than the oldest version still applied must update; one newer than this instance (a rolling
    // upgrade under way) is told to come again, with nothing applied.
    const old = await t.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      body: { clientId: randomUUID(), schemaVersion: SYNC_SCHEMA_MIN - 1, mutations: [] },
    })
    expect(old.status).toBe(400)
    expect(old.json.fieldErrors).toEqual({ schemaVersion: [expect.stringContaining(String(SYNC_SCHEMA_MIN))] })
    const d2 = device()
    const newer = await t.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      body: { clientId: d2.clientId, schemaVersion: SYNC_SCHEMA_VERSION + 1, mutations: [mutation(d2, 'createSale', sale())] },
    })
    expect(newer.status).toBe(503)
    expect(newer.res.headers.get('retry-after')).toBe('5')
    expect(await salesOf(sellerId)).toBe(before)
  })
})

describe('daily checkout', () => {
  it('rejects a sale made after the checkout, accepts one made before it but synced after', async () => {
    const d = device()
    const now = Date.now()
    const today = businessDay(now)
    const before = await salesOf(sellerId)
    const early = sale({ soldAt: now - 5_000 })
    const late = sale({ soldAt: now + 1_000 })
    const r = await push(seller.cookie, d, [
      mutation(d, 'checkout', { id: randomUUID(), date: today, checkedOutAt: now }),
      mutation(d, 'createSale', early),
      mutation(d, 'createSale', late),
      mutation(d, 'checkout', { id: randomUUID(), date: today, checkedOutAt: now + 2_000 }),
    ])
    expect(r.json).toMatchObject({ lastMutationId: 4, applied: 2, rejected: 2 })
    expect(await salesOf(sellerId)).toBe(before + 1)
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections.map((x) => x.code)).toEqual(['checked_out', 'already_checked_out'])
    expect(pulled.rejections[0]!.message).toContain(formatDate(today, 'sv'))
    const checkout = pulled.patch.find((p) => p.table === 'checkouts')
    expect(checkout?.op).toBe('put')
  })
})

describe('time reports and sick notices', () => {
  const day = (offset: number) => businessDay(Date.now() + offset * 86_400_000)
  const report = (overrides: Record<string, unknown> = {}) => ({
    id: randomUUID(),
    date: day(-10),
    present: true,
    workHours: 8,
    absenceHours: 0,
    absenceType: null,
    allowanceType: 0,
    travelLocation: null,
    ...overrides,
  })

  it('applies the shared rules with a message per rule, and keeps one report per day', async () => {
    const d = device()
    const first = report()
    await push(newcomer.cookie, d, [
      mutation(d, 'saveTimeReport', report({ workHours: 8, absenceHours: 2, absenceType: 'vacation' })),
      mutation(d, 'saveTimeReport', first),
      mutation(d, 'saveTimeReport', { ...report({ workHours: 6, absenceHours: 2, absenceType: 'vacation' }), date: first.date }),
    ])
    const pulled = await pull(newcomer.cookie, d)
    expect(pulled.rejections).toHaveLength(1)
    expect(pulled.rejections[0]!.fieldErrors).toEqual({
      workHours: ['Arbetstiden kan inte vara 8 timmar när det finns frånvaro'],
      absenceHours: ['Mer än 8 timmar totalt går inte'],
    })
    const reports = pulled.patch.filter((p) => p.table === 'timeReports')
    expect(reports).toHaveLength(1)
    expect(reports[0]).toMatchObject({ op: 'put', key: first.id, value: { workHours: 6, absenceHours: 2, absenceType: 'vacation' } })
  })

  it('takes a sick notice once per occasion; a day at work after it opens the next', async () => {
    const d = device()
    const notice = (date: string) => ({ id: randomUUID(), date, message: 'Feber', sentAt: Date.now() })
    await push(newcomer.cookie, d, [
      mutation(d, 'createSickNotice', notice(day(-5))),
      mutation(d, 'createSickNotice', notice(day(-4))),
      mutation(d, 'saveTimeReport', report({ date: day(-2) })),
      mutation(d, 'createSickNotice', notice(day(-1))),
    ])
    const pulled = await pull(newcomer.cookie, d)
    expect(pulled.rejections.map((r) => [r.seq, r.code])).toEqual([[2, 'already_sick']])
    // The day in the device language's date style ("22 nov. 2026"), as everywhere a person reads a date.
    expect(pulled.rejections[0]!.message).toBe(`Du är redan sjukanmäld sedan ${formatDate(day(-5), 'sv')}`)
    expect(pulled.patch.filter((p) => p.table === 'sickNotices')).toHaveLength(2)
  })
})

describe('checklist files', () => {
  it('stores a photo once, checks its type and size, and lets only its owner and back office open it', async () => {
    const id = randomUUID()
    const put = (cookie: string, body: Uint8Array, type: string, fileId = id) =>
      t.request('PUT', `/api/sync/files/${fileId}`, { cookie, body, headers: { 'content-type': type, 'x-file-name': encodeURIComponent('checklista ö.jpg') } })
    expect((await put(seller.cookie, jpeg, 'image/jpeg')).status).toBe(201)
    expect((await put(seller.cookie, jpeg, 'image/jpeg')).status).toBe(204)
    expect((await put(colleague.cookie, jpeg, 'image/jpeg')).status).toBe(409)

    const gif = await put(seller.cookie, new Uint8Array([0x47, 0x49, 0x46, 0x38]), 'image/gif', randomUUID())
    expect(gif.status).toBe(415)
    expect((gif.json.fieldErrors as Record<string, string[]>).file).toEqual(['Checklistan måste vara en bild (JPEG, PNG, WebP, HEIC) eller en PDF'])
    expect((await put(seller.cookie, new Uint8Array([1, 2, 3, 4]), 'image/jpeg', randomUUID())).status).toBe(415)
    const big = new Uint8Array(10 * 1024 * 1024 + 1)
    big.set([0xff, 0xd8, 0xff])
    expect((await put(seller.cookie, big, 'image/jpeg', randomUUID())).status).toBe(413)
    expect((await put(recruiter.cookie, jpeg, 'image/jpeg', randomUUID())).status).toBe(403)

    const d = device()
    const s = sale({ checklistFileId: id })
    await push(seller.cookie, d, [mutation(d, 'createSale', s), mutation(d, 'createSale', sale({ checklistFileId: randomUUID() }))])
    const pulled = await pull(seller.cookie, d)
    expect(pulled.rejections.map((r) => r.code)).toEqual(['file_missing'])
    const stored = pulled.patch.find((p) => p.key === s.id) as { value: SaleRecord }
    expect(stored.value.checklistFile).toEqual({ id, name: 'checklista ö.jpg', contentType: 'image/jpeg', size: jpeg.byteLength })

    const own = await t.request('GET', `/api/sync/files/${id}`, { cookie: seller.cookie })
    expect(own.status).toBe(200)
    expect(own.res.headers.get('content-type')).toBe('image/jpeg')
    expect((await t.request('GET', `/api/sync/files/${id}`, { cookie: backoffice.cookie })).status).toBe(200)
    // the seller's coach (team Öresund) may see it; a colleague and a recruiter may not
    expect((await t.request('GET', `/api/sync/files/${id}`, { cookie: coach.cookie })).status).toBe(200)
    expect((await t.request('GET', `/api/sync/files/${id}`, { cookie: colleague.cookie })).status).toBe(404)
    expect((await t.request('GET', `/api/sync/files/${id}`, { cookie: recruiter.cookie })).status).toBe(404)
  })
})
