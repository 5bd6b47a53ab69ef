import { z } from 'zod'
import { listQuerySchema } from './pagination'
import type { ActivityLine } from './activity'

export type { ActivityLine }
import { MAX_AMOUNT_ORE, MAX_GAME_POINTS, PROVIDER_TYPES, parseKronor, type ProviderType } from '../rules/catalog'

/**
 * The catalog's contracts (docs/decisions/027): providers, products and product categories with their
 * commissions. Amounts are whole öre. Every edit carries the `version` the user saw; an older one is refused
 * with 409 version_conflict and the current row.
 */

const name = z.string().trim().min(1).max(120)
const ore = z.number().int().min(0).max(MAX_AMOUNT_ORE)
const id = z.string().min(1).max(64)
const version = z.number().int().min(1)

export const catalogIdParamSchema = z.strictObject({ id: z.uuid() })

// ── Providers ──

export const providerInputSchema = z.strictObject({
  name,
  type: z.enum(PROVIDER_TYPES),
  requireExternalOrderNumber: z.boolean(),
})
/** A new provider, with the products of another one copied into it when `copyProductsFrom` names one. */
export const createProviderSchema = providerInputSchema.extend({ copyProductsFrom: id.nullish() })
export type CreateProviderInput = z.input<typeof createProviderSchema>
export const updateProviderSchema = providerInputSchema.partial().extend({ version })
export type UpdateProviderInput = z.input<typeof updateProviderSchema>

/** Copy every active product of another provider that this one does not have by name. */
export const copyProductsSchema = z.strictObject({ fromProviderId: id })

/** Archive (active false) or bring back; never a delete: sales refer to it. */
export const archiveSchema = z.strictObject({ active: z.boolean(), version })

export const PROVIDER_SORT_KEYS = ['name', 'type', 'products'] as const
export const providerListQuerySchema = listQuerySchema(PROVIDER_SORT_KEYS).extend({
  type: z.enum(PROVIDER_TYPES).optional(),
  active: z.enum(['true', 'false', 'all']).default('true'),
})
export type ProviderListQuery = z.output<typeof providerListQuerySchema>

export type ProviderListItem = {
  id: string
  name: string
  type: ProviderType
  requireExternalOrderNumber: boolean
  active: boolean
  productCount: number
  version: number
}

export type ProviderDetail = ProviderListItem & {
  copyAllProducts: boolean
  createdAt: number
  updatedAt: number
  products: ProductListItem[]
  activity: ActivityLine[]
}

// ── Products ──

export const productInputSchema = z.strictObject({
  providerId: id,
  name,
  categoryId: id.nullable(),
  priceOre: ore,
  sellerCommissionOre: ore,
  companyCommissionOre: ore,
  companyCostOre: ore,
  gamePoints: z.number().int().min(0).max(MAX_GAME_POINTS),
})
export const createProductSchema = productInputSchema
export type CreateProductInput = z.input<typeof createProductSchema>
/** An edit: any field but the provider (a product moves to another provider as a new product). */
export const updateProductSchema = productInputSchema.omit({ providerId: true }).partial().extend({ version })
export type UpdateProductInput = z.input<typeof updateProductSchema>

export const PRODUCT_SORT_KEYS = ['name', 'provider', 'price', 'sellerCommission', 'category'] as const
export const productListQuerySchema = listQuerySchema(PRODUCT_SORT_KEYS).extend({
  providerId: id.optional(),
  categoryId: id.optional(),
  active: z.enum(['true', 'false', 'all']).default('true'),
})
export type ProductListQuery = z.output<typeof productListQuerySchema>

export type ProductListItem = {
  id: string
  name: string
  providerId: string
  providerName: string
  categoryId: string | null
  categoryName: string | null
  priceOre: number
  sellerCommissionOre: number
  /** only for those who may see the company's figures (shared/permissions/fields.ts) */
  companyCommissionOre?: number
  companyCostOre?: number
  gamePoints: number
  active: boolean
  version: number
}

export type ProductDetail = ProductListItem & { createdAt: number; updatedAt: number; activity: ActivityLine[] }

// ── Categories and their commissions ──

export const categoryInputSchema = z.strictObject({
  name,
  sellerCommissionOre: ore.nullable(),
  companyCommissionOre: ore.nullable(),
})
export const createCategorySchema = categoryInputSchema
export type CreateCategoryInput = z.input<typeof createCategorySchema>
export const updateCategorySchema = categoryInputSchema.partial().extend({ version })
export type UpdateCategoryInput = z.input<typeof updateCategorySchema>
/** Set every active product of the category to its commissions (based on the category's version the user saw). */
export const applyCommissionsSchema = z.strictObject({ version })

export type CategoryItem = {
  id: string
  name: string
  sellerCommissionOre: number | null
  companyCommissionOre: number | null
  active: boolean
  version: number
  /** active products in the category, and how many of them pay other commissions than the category's */
  productCount: number
  differingCount: number
}

// ── The forms: amounts typed in kronor, sent in öre ──

/** A kronor field: text to whole öre (empty is null); not an amount, or out of range, is a field error. */
const kronor = z
  .string()
  .max(30)
  .transform((v, ctx) => {
    const ore = parseKronor(v)
    if (ore === undefined || (ore !== null && ore > MAX_AMOUNT_ORE)) {
      ctx.addIssue({ code: 'custom', message: 'validation.catalog.amount' })
      return z.NEVER
    }
    return ore
  })
const requiredKronor = kronor.refine((v) => v !== null, { error: 'validation.required' }).transform((v) => v as number)

/** The product dialog: the same fields as the API's, amounts in kronor. */
export const productFormSchema = z.strictObject({
  name,
  categoryId: z
    .string()
    .max(64)
    .transform((v) => v || null),
  priceOre: requiredKronor,
  sellerCommissionOre: requiredKronor,
  companyCommissionOre: requiredKronor,
  companyCostOre: requiredKronor,
  gamePoints: z.coerce.number({ error: 'validation.invalidFormat' }).int().min(0).max(MAX_GAME_POINTS),
})
export type ProductFormIn = z.input<typeof productFormSchema>

/** The category dialog: its commissions in kronor, either left empty. */
export const categoryFormSchema = z.strictObject({ name, sellerCommissionOre: kronor, companyCommissionOre: kronor })
export type CategoryFormIn = z.input<typeof categoryFormSchema>
