/**
 * The catalog's rules (docs/decisions/027), run on both sides: provider types, what copying a provider's
 * products does, and what applying a category's commissions changes. Table tests: catalog.test.ts.
 */

export const PROVIDER_TYPES = ['energy', 'broadband', 'alarm', 'insurance', 'charity', 'telecom', 'other'] as const
export type ProviderType = (typeof PROVIDER_TYPES)[number]

/** The largest amount a catalog field takes: 1,000,000 kr in öre. */
export const MAX_AMOUNT_ORE = 100_000_000
export const MAX_GAME_POINTS = 10_000

export type CopyableProduct = {
  name: string
  categoryId: string | null
  priceOre: number
  sellerCommissionOre: number
  companyCommissionOre: number
  companyCostOre: number
  gamePoints: number
  active: boolean
}

/**
 * The products copying `source`'s products into a provider that has `existing` creates: the source's active
 * products whose name the target does not have yet (case-insensitive), in the source's order. Running it again
 * copies nothing more; archived products are not copied.
 */
export function productsToCopy<P extends CopyableProduct>(source: readonly P[], existing: ReadonlyArray<{ name: string }>): P[] {
  const taken = new Set(existing.map((p) => p.name.trim().toLocaleLowerCase('sv')))
  const out: P[] = []
  for (const p of source) {
    const key = p.name.trim().toLocaleLowerCase('sv')
    if (!p.active || taken.has(key)) continue
    taken.add(key)
    out.push(p)
  }
  return out
}

export type CategoryCommissions = { sellerCommissionOre: number | null; companyCommissionOre: number | null }

/**
 * What applying a category's commissions changes on one of its products: only the commissions the category sets
 * and the product does not already have; null when nothing changes (an archived product is left as it is).
 */
export function commissionChange(
  category: CategoryCommissions,
  product: { active: boolean; sellerCommissionOre: number; companyCommissionOre: number },
): Partial<{ sellerCommissionOre: number; companyCommissionOre: number }> | null {
  if (!product.active) return null
  const change: Partial<{ sellerCommissionOre: number; companyCommissionOre: number }> = {}
  if (category.sellerCommissionOre !== null && category.sellerCommissionOre !== product.sellerCommissionOre)
    change.sellerCommissionOre = category.sellerCommissionOre
  if (category.companyCommissionOre !== null && category.companyCommissionOre !== product.companyCommissionOre)
    change.companyCommissionOre = category.companyCommissionOre
  return Object.keys(change).length > 0 ? change : null
}

/** A product's margin per piece for the company: its commission less its cost, in öre. */
export function productMarginOre(p: { companyCommissionOre: number; companyCostOre: number }): number {
  return p.companyCommissionOre - p.companyCostOre
}

/**
 * A money amount as a person types it in kronor — "349", "349,50", "1 234.5", "1 234 kr" — in whole öre; null for
 * an empty field, undefined for text that is not an amount (more than two decimals, letters, a minus sign).
 */
export function parseKronor(text: string): number | null | undefined {
  const plain = text
    .replace(/kr\.?$/i, '')
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.')
  if (plain === '') return null
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return undefined
  const [whole, frac = ''] = plain.split('.')
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'))
}

/** Öre as the kronor a form field shows ("349" or "349,50"); empty for null. */
export function kronorText(ore: number | null | undefined): string {
  if (ore === null || ore === undefined) return ''
  const whole = Math.trunc(ore / 100)
  const cents = Math.abs(ore % 100)
  return cents === 0 ? String(whole) : `${whole},${String(cents).padStart(2, '0')}`
}
