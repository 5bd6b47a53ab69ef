import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { CategoryItem, ProductDetail, ProductListItem, ProviderDetail, ProviderListItem } from '../../../shared/schemas/catalog'
import type { ListAnswer } from '../../../shared/schemas/pagination'
import { SYNC_SCHEMA_VERSION } from '../../../shared/schemas/sync'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * Keeping the catalog (docs/decisions/027): providers, products, categories and their commissions are created,
 * edited and archived by back office, every change version-checked and logged; a seller's device receives the
 * change at its next pull; nothing a sale refers to is ever deleted; sellers and coaches cannot reach any of it.
 */
const app = await createTestApp()
const backoffice = await app.login('backoffice@demo.test')
const seller = await app.login('seller@demo.test')
const coach = await app.login('coach@demo.test')

const get = async <T>(path: string, cookie = backoffice.cookie) => {
  const r = await app.request('GET', path, { cookie })
  return { status: r.status, json: r.json as unknown as T, raw: r.json }
}
const send = (method: string, path: string, body: unknown, cookie = backoffice.cookie) => app.request(method, path, { cookie, body })
const sellerCatalog = async () => {
  return await app.products(seller.cookie)
}

describe('providers', () => {
  it('lists providers with their active products, filtered and sorted; a seller or coach is refused', async () => {
    const all = await get<ListAnswer<ProviderListItem>>('/api/providers?itemsPerPage=25')
    expect(all.status).toBe(200)
    expect(all.json.items.map((p) => p.name)).toEqual(['Fiberlinjen', 'Nordel Energi', 'Tryggt Hem Larm'])
    expect(all.json.items.find((p) => p.name === 'Fiberlinjen')).toMatchObject({ type: 'broadband', requireExternalOrderNumber: true, productCount: 3 })
    const alarms = await get<ListAnswer<ProviderListItem>>('/api/providers?type=alarm')
    expect(alarms.json.items.map((p) => p.name)).toEqual(['Tryggt Hem Larm'])
    const byCount = await get<ListAnswer<ProviderListItem>>('/api/providers?sortBy=products&orderBy=desc')
    expect(byCount.json.items[0]!.name).toBe('Fiberlinjen')
    for (const who of [seller, coach]) {
      expect((await app.request('GET', '/api/providers', { cookie: who.cookie })).status).toBe(403)
      expect((await send('POST', '/api/providers', { name: 'X', type: 'other', requireExternalOrderNumber: false }, who.cookie)).status).toBe(403)
    }
    expect((await get('/api/providers?type=spaceships')).status).toBe(400)
  })

  it('creates a provider with another provider’s products copied, logged per product; a taken name is a field error', async () => {
    const list = await get<ListAnswer<ProviderListItem>>('/api/providers?q=larm')
    const alarm = list.json.items[0]!
    const r = await send('POST', '/api/providers', { name: 'Tryggt Hem Norge', type: 'alarm', requireExternalOrderNumber: false, copyProductsFrom: alarm.id })
    expect(r.status).toBe(201)
    const { id, copied } = r.json as unknown as { id: string; copied: number }
    expect(copied).toBe(2)
    const detail = await get<ProviderDetail>(`/api/providers/${id}`)
    expect(detail.json.products.map((p) => p.name).sort()).toEqual(['Brandvarnare (st)', 'Hemlarm Standard'])
    expect(detail.json.copyAllProducts).toBe(true)
    expect(detail.json.activity.map((a) => a.action)).toEqual(['created'])
    expect(detail.json.activity[0]!.actor?.name).toBe('Bertil Backoffice')
    const product = await get<ProductDetail>(`/api/products/${detail.json.products[0]!.id}`)
    expect(product.json.activity[0]!.after).toMatchObject({ copiedFrom: expect.any(String) })
    // Copying again copies nothing: the names are there.
    const again = await send('POST', `/api/providers/${id}/copy-products`, { fromProviderId: alarm.id })
    expect(again.json).toMatchObject({ copied: 0 })
    const self = await send('POST', `/api/providers/${id}/copy-products`, { fromProviderId: id })
    expect(self.status).toBe(400)

    const taken = await app.request('POST', '/api/providers', {
      cookie: backoffice.cookie,
      body: { name: 'tryggt hem norge', type: 'alarm', requireExternalOrderNumber: false },
      headers: { 'accept-language': 'en' },
    })
    expect(taken.status).toBe(400)
    expect(taken.json.fieldErrors).toEqual({ name: ['The name is already in use.'] })
    const bad = await send('POST', '/api/providers', { name: '', type: 'alarm', requireExternalOrderNumber: 'yes', extra: 1 })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors ?? {}).sort()).toEqual(['extra', 'name', 'requireExternalOrderNumber'])
  })

  it('edits on the version seen; an older version is a 409 with the current row and changes nothing', async () => {
    const [p] = (await get<ListAnswer<ProviderListItem>>('/api/providers?q=nordel')).json.items
    const first = await send('PATCH', `/api/providers/${p!.id}`, { requireExternalOrderNumber: true, version: p!.version })
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ version: p!.version + 1 })
    const stale = await send('PATCH', `/api/providers/${p!.id}`, { name: 'Nordel Kraft', version: p!.version })
    expect(stale.status).toBe(409)
    expect(stale.json.error).toBe('version_conflict')
    expect((stale.json.details as { current: ProviderListItem }).current).toMatchObject({ name: 'Nordel Energi', requireExternalOrderNumber: true })
    const detail = await get<ProviderDetail>(`/api/providers/${p!.id}`)
    expect(detail.json.name).toBe('Nordel Energi')
    expect(detail.json.activity[0]).toMatchObject({
      action: 'updated',
      before: { requireExternalOrderNumber: false },
      after: { requireExternalOrderNumber: true },
    })
    // Put back for the other tests (sales of this provider need no order number).
    await send('PATCH', `/api/providers/${p!.id}`, { requireExternalOrderNumber: false, version: p!.version + 1 })
  })

  it('archives a provider: its products leave the seller’s device, old sales keep it; restoring brings them back', async () => {
    const r = await send('POST', '/api/providers', { name: 'Kortlivat AB', type: 'other', requireExternalOrderNumber: false })
    const { id } = r.json as unknown as { id: string }
    const made = await send('POST', '/api/products', {
      providerId: id,
      name: 'Prova',
      categoryId: null,
      priceOre: 1000,
      sellerCommissionOre: 500,
      companyCommissionOre: 900,
      companyCostOre: 100,
      gamePoints: 5,
    })
    expect(made.status).toBe(201)
    const productId = (made.json as unknown as { id: string }).id
    expect((await sellerCatalog()).map((p) => p.id)).toContain(productId)
    const archived = await send('POST', `/api/providers/${id}/active`, { active: false, version: 1 })
    expect(archived.status).toBe(200)
    expect((await sellerCatalog()).map((p) => p.id)).not.toContain(productId)
    expect((await get<ListAnswer<ProviderListItem>>('/api/providers?active=false')).json.items.map((p) => p.name)).toContain('Kortlivat AB')
    const restored = await send('POST', `/api/providers/${id}/active`, { active: true, version: 2 })
    expect(restored.status).toBe(200)
    expect((await sellerCatalog()).map((p) => p.id)).toContain(productId)
    const log = (await get<ProviderDetail>(`/api/providers/${id}`)).json.activity.map((a) => a.action)
    expect(log).toEqual(['restored', 'archived', 'created'])
    // There is no delete.
    expect((await app.request('DELETE', `/api/providers/${id}`, { cookie: backoffice.cookie })).status).toBe(404)
  })
})

describe('products', () => {
  it('lists products with filters and the company figures; a product change reaches the seller’s device, sales keep their amounts', async () => {
    const list = await get<ListAnswer<ProductListItem>>('/api/products?q=bredband&sortBy=price&orderBy=desc')
    expect(list.json.items.map((p) => p.name)).toEqual(['Bredband 1000/1000', 'Bredband 250/250'])
    expect(list.json.items[0]).toMatchObject({ providerName: 'Fiberlinjen', companyCommissionOre: 160000, companyCostOre: 25000 })
    const tv = (await get<ListAnswer<ProductListItem>>('/api/products?q=tv-paket')).json.items[0]!

    // A sale at the old price, then a price change: the sale keeps its amount, the device gets the new figures.
    const push = await app.request('POST', '/api/sync/push', {
      cookie: seller.cookie,
      body: {
        clientId: randomUUID(),
        schemaVersion: SYNC_SCHEMA_VERSION,
        mutations: [
          {
            seq: 1,
            name: 'createSale',
            args: saleArgs({ providerId: tv.providerId, products: [{ productId: tv.id, quantity: 1 }], externalOrderNumber: 'TV-1' }),
            createdAt: Date.now(),
          },
        ],
      },
    })
    expect(push.json).toMatchObject({ applied: 1 })
    const changed = await send('PATCH', `/api/products/${tv.id}`, { priceOre: 24900, sellerCommissionOre: 25000, gamePoints: 3, version: tv.version })
    expect(changed.status).toBe(200)
    const onDevice = (await sellerCatalog()).find((p) => p.id === tv.id)!
    expect(onDevice).toMatchObject({ priceOre: 24900, sellerCommissionOre: 25000 })
    // The seller's device never receives the company's figures.
    expect(onDevice).not.toHaveProperty('companyCommissionOre')
    const sales = (await get<ListAnswer<{ orderValueOre: number; externalOrderNumber: string }>>('/api/sale-reports?q=TV-1')).json.items
    expect(sales[0]!.orderValueOre).toBe(19900)
    const detail = (await get<ProductDetail>(`/api/products/${tv.id}`)).json
    expect(detail.activity[0]).toMatchObject({
      action: 'updated',
      before: { priceOre: 19900, sellerCommissionOre: 20000, gamePoints: 4 },
      after: { priceOre: 24900 },
    })
  })

  it('refuses bad figures, an unknown category, a taken name and a stale version, writing nothing', async () => {
    const [p] = (await get<ListAnswer<ProductListItem>>('/api/products?q=hemlarm')).json.items
    const bad = await send('PATCH', `/api/products/${p!.id}`, { priceOre: -1, sellerCommissionOre: 1.5, gamePoints: 10_001, version: p!.version })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors ?? {}).sort()).toEqual(['gamePoints', 'priceOre', 'sellerCommissionOre'])
    const noCategory = await send('PATCH', `/api/products/${p!.id}`, { categoryId: randomUUID(), version: p!.version })
    expect(noCategory.status).toBe(400)
    expect(Object.keys(noCategory.json.fieldErrors ?? {})).toEqual(['categoryId'])
    const taken = await send('PATCH', `/api/products/${p!.id}`, { name: 'brandvarnare (st)', version: p!.version })
    expect(taken.status).toBe(400)
    const stale = await send('PATCH', `/api/products/${p!.id}`, { name: 'Hemlarm Plus', version: p!.version + 5 })
    expect(stale.status).toBe(409)
    const after = (await get<ProductDetail>(`/api/products/${p!.id}`)).json
    expect(after).toMatchObject({ name: p!.name, priceOre: p!.priceOre, version: p!.version })
    expect(after.activity.filter((a) => a.action === 'updated')).toEqual([])
    expect((await get('/api/products/not-a-uuid')).status).toBe(400)
    expect((await get(`/api/products/${randomUUID()}`)).status).toBe(404)
  })
})

describe('product categories and their commissions', () => {
  it('lists the demo categories with their commissions and how many products differ from them', async () => {
    const { items } = (await get<{ items: CategoryItem[] }>('/api/product-categories')).json
    const byName = new Map(items.map((c) => [c.name, c]))
    expect(byName.get('Bredband')).toMatchObject({ sellerCommissionOre: 60000, productCount: 2, differingCount: 1 })
    expect(byName.get('Tillbehör')).toMatchObject({ sellerCommissionOre: null, companyCommissionOre: null, differingCount: 0 })
  })

  it('creates a category, files products under it, and applies its commissions to every active product that differs', async () => {
    const made = await send('POST', '/api/product-categories', { name: 'Kameror', sellerCommissionOre: 75000, companyCommissionOre: null })
    expect(made.status).toBe(201)
    const categoryId = (made.json as unknown as { id: string }).id
    const products = (await get<ListAnswer<ProductListItem>>('/api/products?q=hemlarm&itemsPerPage=10')).json.items
    for (const p of products) expect((await send('PATCH', `/api/products/${p.id}`, { categoryId, version: p.version })).status).toBe(200)
    const before = (await get<{ items: CategoryItem[] }>('/api/product-categories')).json.items.find((c) => c.id === categoryId)!
    expect(before).toMatchObject({ productCount: products.length, differingCount: products.length })
    expect((await get<ListAnswer<ProductListItem>>(`/api/products?categoryId=${categoryId}`)).json.total).toBe(products.length)

    expect((await send('POST', `/api/product-categories/${categoryId}/apply-commissions`, { version: before.version + 1 })).status).toBe(409)
    const applied = await send('POST', `/api/product-categories/${categoryId}/apply-commissions`, { version: before.version })
    expect(applied.json).toEqual({ updated: products.length })
    const after = (await get<{ items: CategoryItem[] }>('/api/product-categories')).json.items.find((c) => c.id === categoryId)!
    expect(after.differingCount).toBe(0)
    const device = await sellerCatalog()
    for (const p of products) expect(device.find((d) => d.id === p.id)?.sellerCommissionOre).toBe(75000)
    // Filing it under the category logged the category's name beside its id.
    const filed = (await get<ProductDetail>(`/api/products/${products[0]!.id}`)).json.activity[1]!
    expect(filed).toMatchObject({ before: { category: 'Larm' }, after: { categoryId, category: 'Kameror' } })
    const log = (await get<ProductDetail>(`/api/products/${products[0]!.id}`)).json.activity[0]!
    expect(log).toMatchObject({ action: 'updated', after: { sellerCommissionOre: 75000, fromCategory: 'Kameror' } })
    // Applying again changes nothing.
    expect((await send('POST', `/api/product-categories/${categoryId}/apply-commissions`, { version: before.version })).json).toEqual({ updated: 0 })
    const catLog = await get<{ items: Array<{ action: string }> }>(`/api/product-categories/${categoryId}/activity`)
    expect(catLog.json.items.map((a) => a.action)).toEqual(['commissions_applied', 'commissions_applied', 'created'])

    // Archived: no longer offered for products; the name stays taken.
    expect((await send('POST', `/api/product-categories/${categoryId}/active`, { active: false, version: before.version })).status).toBe(200)
    const [other] = (await get<ListAnswer<ProductListItem>>('/api/products?q=elavtal')).json.items
    expect((await send('PATCH', `/api/products/${other!.id}`, { categoryId, version: other!.version })).status).toBe(400)
    expect((await send('POST', '/api/product-categories', { name: 'kameror', sellerCommissionOre: null, companyCommissionOre: null })).status).toBe(400)
    expect((await app.request('GET', '/api/product-categories', { cookie: seller.cookie })).status).toBe(403)
  })
})
