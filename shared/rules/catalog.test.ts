import { describe, expect, it } from 'vitest'
import { commissionChange, kronorText, parseKronor, productMarginOre, productsToCopy, type CopyableProduct } from './catalog'

const product = (name: string, extra: Partial<CopyableProduct> = {}): CopyableProduct => ({
  name,
  categoryId: null,
  priceOre: 10000,
  sellerCommissionOre: 5000,
  companyCommissionOre: 9000,
  companyCostOre: 1000,
  gamePoints: 10,
  active: true,
  ...extra,
})

describe('productsToCopy', () => {
  it.each([
    { name: 'everything into an empty provider', source: ['A', 'B'], existing: [], copied: ['A', 'B'] },
    { name: 'names the target has are skipped, case and spaces aside', source: ['Larm', 'Kamera'], existing: ['  larm '], copied: ['Kamera'] },
    { name: 'a second run copies nothing', source: ['A', 'B'], existing: ['A', 'B'], copied: [] },
    { name: 'a name twice in the source is copied once', source: ['A', 'a'], existing: [], copied: ['A'] },
    { name: 'Swedish letters fold too', source: ['ÅRSAVTAL'], existing: ['årsavtal'], copied: [] },
  ])('$name', ({ source, existing, copied }) => {
    expect(
      productsToCopy(
        source.map((n) => product(n)),
        existing.map((name) => ({ name })),
      ).map((p) => p.name),
    ).toEqual(copied)
  })

  it('leaves archived products behind and keeps every figure of the copied ones', () => {
    const source = [product('Old', { active: false }), product('New', { priceOre: 123, gamePoints: 7, categoryId: 'c1' })]
    expect(productsToCopy(source, [])).toEqual([source[1]])
  })
})

describe('commissionChange', () => {
  const p = { active: true, sellerCommissionOre: 5000, companyCommissionOre: 9000 }
  it.each([
    {
      name: 'both set and different',
      category: { sellerCommissionOre: 6000, companyCommissionOre: 8000 },
      change: { sellerCommissionOre: 6000, companyCommissionOre: 8000 },
    },
    { name: 'only the seller commission set', category: { sellerCommissionOre: 6000, companyCommissionOre: null }, change: { sellerCommissionOre: 6000 } },
    { name: 'only the company commission set', category: { sellerCommissionOre: null, companyCommissionOre: 1 }, change: { companyCommissionOre: 1 } },
    { name: 'already the same', category: { sellerCommissionOre: 5000, companyCommissionOre: 9000 }, change: null },
    { name: 'nothing set', category: { sellerCommissionOre: null, companyCommissionOre: null }, change: null },
    { name: 'zero is a commission too', category: { sellerCommissionOre: 0, companyCommissionOre: null }, change: { sellerCommissionOre: 0 } },
  ])('$name', ({ category, change }) => {
    expect(commissionChange(category, p)).toEqual(change)
  })

  it('leaves an archived product as it is', () => {
    expect(commissionChange({ sellerCommissionOre: 1, companyCommissionOre: 1 }, { ...p, active: false })).toBeNull()
  })
})

describe('productMarginOre', () => {
  it('is the commission less the cost, negative when the product loses money', () => {
    expect(productMarginOre({ companyCommissionOre: 9000, companyCostOre: 1000 })).toBe(8000)
    expect(productMarginOre({ companyCommissionOre: 1000, companyCostOre: 1500 })).toBe(-500)
  })
})

describe('parseKronor and kronorText', () => {
  it.each([
    ['349', 34900],
    ['349,50', 34950],
    ['349.5', 34950],
    ['1 234', 123400],
    ['1\u00a0234,05 kr', 123405],
    ['0', 0],
    ['', null],
    ['  ', null],
    ['12,345', undefined],
    ['-5', undefined],
    ['abc', undefined],
    ['1e3', undefined],
    ['1,2,3', undefined],
  ])('%j is %j öre', (text, ore) => {
    expect(parseKronor(text)).toBe(ore)
  })

  it('writes öre back as the text a field shows, and reads it again to the same amount', () => {
    for (const ore of [0, 5, 50, 34900, 34950, 123405]) expect(parseKronor(kronorText(ore))).toBe(ore)
    expect(kronorText(34950)).toBe('349,50')
    expect(kronorText(null)).toBe('')
  })
})
