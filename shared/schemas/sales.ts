import { z } from 'zod'
import { isPersonalNumber, isPhoneNumber, normalizeOrganisationNumber, normalizePersonalNumber, normalizePostalCode } from '../rules/identity'

/**
 * A sale report as the seller registers it (spec section 3). The device validates it with this schema
 * before saving; the server parses the same schema again when the mutation arrives. Rules that need the
 * catalog (the provider's flags, its products) are in `saleCatalogViolations`, also run on both sides.
 */

export const SALE_STATUSES = ['finalized', 'approved', 'flagged', 'unanswered', 'regret', 'deviation', 'absence'] as const
export type SaleStatus = (typeof SALE_STATUSES)[number]

export const DEVIATION_TYPES = ['not_credit_worthy', 'incorrect_order', 'customer_cannot_continue', 'incorrect_ssn', 'other'] as const
export type DeviationType = (typeof DEVIATION_TYPES)[number]

export const CUSTOMER_TYPES = ['private', 'company'] as const

export const MAX_SALE_LINES = 30
export const MAX_QUANTITY = 999
/** A checklist photo or PDF: at most 10 MB, of these types. */
export const CHECKLIST_MAX_BYTES = 10 * 1024 * 1024
export { CHECKLIST_FILES_PER_PUSH, CHECKLIST_UNATTACHED_QUOTA_BYTES, CHECKLIST_UNATTACHED_TTL_MS } from './checklist-limits'
export const CHECKLIST_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const

const uuid = z.uuid()

/** An optional text: trimmed, an empty field stored as null. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null)

const requiredText = (max: number) => z.string().trim().min(1).max(max)

export const saleLineSchema = z.strictObject({
  productId: z.string().min(1).max(64),
  quantity: z.int().min(1).max(MAX_QUANTITY),
})

export const saleInputSchema = z
  .strictObject({
    id: uuid,
    providerId: z.string({ error: 'validation.sale.providerRequired' }).min(1, { error: 'validation.sale.providerRequired' }).max(64),
    products: z
      .array(saleLineSchema, { error: 'validation.sale.productRequired' })
      .min(1, { error: 'validation.sale.productRequired' })
      .max(MAX_SALE_LINES),
    customerType: z.enum(CUSTOMER_TYPES),
    customerSsn: optionalText(20)
      .refine((v) => v === null || isPersonalNumber(v), { error: 'validation.sale.ssn' })
      .transform((v) => (v === null ? null : normalizePersonalNumber(v))),
    customerName: requiredText(120),
    email: optionalText(200).refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
    phone: requiredText(30).refine(isPhoneNumber, { error: 'validation.phone' }),
    companyName: optionalText(200),
    orgNumber: optionalText(20)
      .refine((v) => v === null || normalizeOrganisationNumber(v) !== null, { error: 'validation.sale.orgNumber' })
      .transform((v) => (v === null ? null : normalizeOrganisationNumber(v))),
    postalCode: requiredText(10)
      .refine((v) => normalizePostalCode(v) !== null, { error: 'validation.sale.postalCode' })
      .transform((v) => normalizePostalCode(v) ?? v),
    city: requiredText(80),
    address: requiredText(200),
    message: optionalText(2000),
    externalOrderNumber: optionalText(60),
    checklistFileId: uuid.nullable().optional().transform((v) => v ?? null),
    /** when the seller saved it on the device, epoch ms */
    soldAt: z.int().min(0),
  })
  .superRefine((v, ctx) => {
    if (v.customerType === 'private' && !v.customerSsn) {
      ctx.addIssue({ code: 'custom', path: ['customerSsn'], message: 'validation.sale.ssnRequired' })
    }
    if (v.customerType === 'company') {
      if (!v.companyName) ctx.addIssue({ code: 'custom', path: ['companyName'], message: 'validation.required' })
      if (!v.orgNumber) ctx.addIssue({ code: 'custom', path: ['orgNumber'], message: 'validation.sale.orgNumberRequired' })
    }
    const seen = new Set<string>()
    v.products.forEach((line, i) => {
      if (seen.has(line.productId)) ctx.addIssue({ code: 'custom', path: ['products', i, 'productId'], message: 'validation.sale.duplicateProduct' })
      seen.add(line.productId)
    })
  })
export type SaleInput = z.input<typeof saleInputSchema>
export type SaleData = z.output<typeof saleInputSchema>

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
  sale: Pick<SaleData, 'providerId' | 'products' | 'externalOrderNumber'>,
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

/**
 * A sale as the seller's device holds it (from a pull, or saved locally and not yet acknowledged). The
 * company's figures travel only to those who may see them (shared/permissions/fields.ts).
 */
export type SaleRecord = SaleData &
  SellerAmounts &
  Partial<CompanyFigures> & {
    sellerId: string
    status: SaleStatus
    /** business day of soldAt, YYYY-MM-DD */
    sellDate: string
    deviationType: DeviationType | null
    deviationReason: string | null
    statusHistory: Array<{ status: SaleStatus; at: number; note: string | null }>
    checklistFile: { id: string; name: string; contentType: string; size: number } | null
    createdAt: number
    updatedAt: number
  }
