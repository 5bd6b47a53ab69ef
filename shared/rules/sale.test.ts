import { describe, expect, it } from 'vitest'
import { saleAmounts, saleCatalogViolations, sellerAmounts, type CatalogProduct, type CatalogProvider } from './sale'

const provider: CatalogProvider = { id: 'alarm', active: true, requireExternalOrderNumber: false }
const strict: CatalogProvider = { id: 'energy', active: true, requireExternalOrderNumber: true }
const product = (id: string, over: Partial<CatalogProduct> = {}): CatalogProduct => ({
  id,
  providerId: 'alarm',
  active: true,
  priceOre: 34_900,
  sellerCommissionOre: 20_000,
  companyCommissionOre: 50_000,
  companyCostOre: 10_000,
  ...over,
})
const catalog = new Map<string, CatalogProduct>([
  ['std', product('std')],
  ['smoke', product('smoke', { priceOre: 4_900, sellerCommissionOre: 2_000, companyCommissionOre: 3_000, companyCostOre: 1_500 })],
  ['old', product('old', { active: false })],
  ['elsewhere', product('elsewhere', { providerId: 'energy' })],
])
const sale = (over: Partial<{ providerId: string; products: Array<{ productId: string; quantity: number }>; externalOrderNumber: string | null }> = {}) => ({
  providerId: 'alarm',
  products: [{ productId: 'std', quantity: 1 }],
  externalOrderNumber: null,
  ...over,
})

describe('a sale’s catalog checks (device and server run the same)', () => {
  it.each([
    ['an active provider and its active products', sale(), provider, {}],
    ['no such provider', sale({ providerId: 'gone' }), undefined, { providerId: 'validation.sale.providerRequired' }],
    ['an inactive provider', sale(), { ...provider, active: false }, { providerId: 'validation.sale.providerRequired' }],
    [
      'an external order number the provider requires',
      sale({ providerId: 'energy', products: [{ productId: 'elsewhere', quantity: 1 }] }),
      strict,
      { externalOrderNumber: 'validation.sale.externalOrderNumberRequired' },
    ],
    ['the required number given', sale({ providerId: 'energy', products: [{ productId: 'elsewhere', quantity: 1 }], externalOrderNumber: 'E-1' }), strict, {}],
    [
      'an unknown product, on its line',
      sale({
        products: [
          { productId: 'std', quantity: 1 },
          { productId: 'nope', quantity: 1 },
        ],
      }),
      provider,
      { 'products.1.productId': 'validation.sale.unknownProduct' },
    ],
    ['an inactive product', sale({ products: [{ productId: 'old', quantity: 1 }] }), provider, { 'products.0.productId': 'validation.sale.unknownProduct' }],
    [
      'another provider’s product',
      sale({ products: [{ productId: 'elsewhere', quantity: 1 }] }),
      provider,
      { 'products.0.productId': 'validation.sale.unknownProduct' },
    ],
  ] as const)('%s', (_name, input, prov, expected) => {
    expect(saleCatalogViolations(input, prov, catalog)).toEqual(expected)
  })
})

describe('a sale’s amounts: each product’s figure times its quantity', () => {
  it.each([
    [
      'one line',
      [{ productId: 'std', quantity: 1 }],
      { orderValueOre: 34_900, sellerCommissionOre: 20_000, companyCommissionOre: 50_000, companyCostOre: 10_000 },
    ],
    [
      'quantities multiply',
      [{ productId: 'smoke', quantity: 4 }],
      { orderValueOre: 19_600, sellerCommissionOre: 8_000, companyCommissionOre: 12_000, companyCostOre: 6_000 },
    ],
    [
      'lines add up',
      [
        { productId: 'std', quantity: 2 },
        { productId: 'smoke', quantity: 1 },
      ],
      { orderValueOre: 74_700, sellerCommissionOre: 42_000, companyCommissionOre: 103_000, companyCostOre: 21_500 },
    ],
    [
      'an unknown product counts nothing',
      [{ productId: 'nope', quantity: 3 }],
      { orderValueOre: 0, sellerCommissionOre: 0, companyCommissionOre: 0, companyCostOre: 0 },
    ],
  ] as const)('%s', (_name, lines, expected) => {
    expect(saleAmounts(lines, catalog)).toEqual(expected)
    // The device, without the company's figures, computes the same order value and commission.
    expect(sellerAmounts(lines, catalog)).toEqual({ orderValueOre: expected.orderValueOre, sellerCommissionOre: expected.sellerCommissionOre })
  })
})
