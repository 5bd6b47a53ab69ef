/**
 * The rules of a sale report that both the device and the server run: its statuses, the checks that need the
 * catalog (the provider's flags, its products) and its amounts. Table tests: sale.test.ts.
 */

/** A sale report's statuses (spec section 3); a synced sale starts as finalized (waiting for approval). */
export const SALE_STATUSES = ['finalized', 'approved', 'flagged', 'unanswered', 'regret', 'deviation', 'absence'] as const
export type SaleStatus = (typeof SALE_STATUSES)[number]

export const DEVIATION_TYPES = ['not_credit_worthy', 'incorrect_order', 'customer_cannot_continue', 'incorrect_ssn', 'other'] as const
export type DeviationType = (typeof DEVIATION_TYPES)[number]

/** What the rules need to know about the catalog. */
export type CatalogProvider = { id: string; active: boolean; requireExternalOrderNumber: boolean }
/** A product as a seller's device knows it: no company figures (shared/permissions/fields.ts). */
export type SellerCatalogProduct = {
  id: string
  providerId: string
  active: boolean
  priceOre: number
  sellerCommissionOre: number
}
/** The company's own figures of a product and a sale: only for those who may see them (fields.ts). */
export type CompanyFigures = { companyCommissionOre: number; companyCostOre: number }
export type CatalogProduct = SellerCatalogProduct & CompanyFigures

/** Field path → message key, for the rules that need the provider and products. */
export function saleCatalogViolations(
  sale: { providerId: string; products: ReadonlyArray<{ productId: string }>; externalOrderNumber: string | null },
  provider: CatalogProvider | undefined,
  productsById: ReadonlyMap<string, SellerCatalogProduct>,
): Record<string, string> {
  const out: Record<string, string> = {}
  if (!provider || !provider.active) {
    out.providerId = 'validation.sale.providerRequired'
    return out
  }
  if (provider.requireExternalOrderNumber && !sale.externalOrderNumber) {
    out.externalOrderNumber = 'validation.sale.externalOrderNumberRequired'
  }
  sale.products.forEach((line, i) => {
    const product = productsById.get(line.productId)
    if (!product || product.providerId !== provider.id || !product.active) out[`products.${i}.productId`] = 'validation.sale.unknownProduct'
  })
  return out
}

export type SellerAmounts = { orderValueOre: number; sellerCommissionOre: number }
export type SaleAmounts = SellerAmounts & CompanyFigures

type Lines = ReadonlyArray<{ productId: string; quantity: number }>

/** Order value and the seller's commission from the product settings: each product's figure times its quantity. */
export function sellerAmounts(lines: Lines, productsById: ReadonlyMap<string, SellerCatalogProduct>): SellerAmounts {
  const sum: SellerAmounts = { orderValueOre: 0, sellerCommissionOre: 0 }
  for (const line of lines) {
    const p = productsById.get(line.productId)
    if (!p) continue
    sum.orderValueOre += p.priceOre * line.quantity
    sum.sellerCommissionOre += p.sellerCommissionOre * line.quantity
  }
  return sum
}

/** All of a sale's amounts, the company's commission and cost included (the server, which has them). */
export function saleAmounts(lines: Lines, productsById: ReadonlyMap<string, CatalogProduct>): SaleAmounts {
  const sum: SaleAmounts = { ...sellerAmounts(lines, productsById), companyCommissionOre: 0, companyCostOre: 0 }
  for (const line of lines) {
    const p = productsById.get(line.productId)
    if (!p) continue
    sum.companyCommissionOre += p.companyCommissionOre * line.quantity
    sum.companyCostOre += p.companyCostOre * line.quantity
  }
  return sum
}
