import { z } from 'zod'
import type { CompanyFigures, DeviationType, SaleStatus, SellerAmounts } from '../rules/sale'
import { isPersonalNumber, isPhoneNumber, normalizeOrganisationNumber, normalizePersonalNumber, normalizePostalCode } from '../rules/identity'
import { positionSchema } from './maps'
import { textOrNull } from './text'

/**
 * A sale report as the seller registers it (spec section 3). The device validates it with this schema
 * before saving; the server parses the same schema again when the mutation arrives. Rules that need the
 * catalog (the provider's flags, its products) and the amounts are in shared/rules/sale.ts, run on both sides.
 */

export { SALE_STATUSES, DEVIATION_TYPES, type SaleStatus, type DeviationType } from '../rules/sale'

export const CUSTOMER_TYPES = ['private', 'company'] as const

export const MAX_SALE_LINES = 30
export const MAX_QUANTITY = 999
/** A checklist photo or PDF: at most 10 MB, of these types. */
export const CHECKLIST_MAX_BYTES = 10 * 1024 * 1024
export { CHECKLIST_FILES_PER_PUSH, CHECKLIST_UNATTACHED_QUOTA_BYTES, CHECKLIST_UNATTACHED_TTL_MS } from './checklist-limits'
export const CHECKLIST_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'application/pdf'] as const

const uuid = z.uuid()

const requiredText = (max: number) => z.string().trim().min(1).max(max)

export const saleLineSchema = z.strictObject({
  productId: z.string().min(1).max(64),
  quantity: z.int().min(1).max(MAX_QUANTITY),
})

export const saleInputSchema = z
  .strictObject({
    id: uuid,
    providerId: z.string({ error: 'validation.sale.providerRequired' }).min(1, { error: 'validation.sale.providerRequired' }).max(64),
    products: z.array(saleLineSchema, { error: 'validation.sale.productRequired' }).min(1, { error: 'validation.sale.productRequired' }).max(MAX_SALE_LINES),
    customerType: z.enum(CUSTOMER_TYPES),
    customerSsn: textOrNull(20)
      .refine((v) => v === null || isPersonalNumber(v), { error: 'validation.sale.ssn' })
      .transform((v) => (v === null ? null : normalizePersonalNumber(v))),
    customerName: requiredText(120),
    email: textOrNull(200).refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
    phone: requiredText(30).refine(isPhoneNumber, { error: 'validation.phone' }),
    companyName: textOrNull(200),
    orgNumber: textOrNull(20)
      .refine((v) => v === null || normalizeOrganisationNumber(v) !== null, { error: 'validation.sale.orgNumber' })
      .transform((v) => (v === null ? null : normalizeOrganisationNumber(v))),
    postalCode: requiredText(10)
      .refine((v) => normalizePostalCode(v) !== null, { error: 'validation.sale.postalCode' })
      .transform((v) => normalizePostalCode(v) ?? v),
    city: requiredText(80),
    address: requiredText(200),
    message: textOrNull(2000),
    externalOrderNumber: textOrNull(60),
    checklistFileId: uuid
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    /** when the seller saved it on the device, epoch ms */
    soldAt: z.int().min(0),
    /** where the device stood, when the organisation and the seller allow it (docs/decisions/074); kept only then */
    position: positionSchema
      .nullable()
      .optional()
      .transform((v) => v ?? null),
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

/**
 * A sale as the seller's device holds it (from a pull, or saved locally and not yet acknowledged). The
 * company's figures travel only to those who may see them (shared/permissions/fields.ts).
 */
export type SaleRecord = Omit<SaleData, 'position'> &
  SellerAmounts &
  Partial<CompanyFigures> & {
    sellerId: string
    status: SaleStatus
    /** business day of soldAt, YYYY-MM-DD */
    sellDate: string
    deviationType: DeviationType | null
    deviationReason: string | null
    /** the grade of its quality survey, once answered (docs/decisions/045) */
    qualityGrade?: string | null
    statusHistory: Array<{ status: SaleStatus; at: number; note: string | null }>
    checklistFile: { id: string; name: string; contentType: string; size: number } | null
    createdAt: number
    updatedAt: number
  }

/**
 * A seller's correction of a sale back office marked as a deviation (the `correctSale` mutation): the fields that
 * change (what the deviation's type lets the seller change, shared/rules/sale-lifecycle.ts) and a comment to back
 * office. The sale goes back to waiting for approval.
 */
export const saleCorrectionSchema = z.strictObject({
  id: uuid,
  comment: textOrNull(1000),
  changes: z.strictObject({
    customerSsn: saleInputSchema.shape.customerSsn.optional(),
    customerName: saleInputSchema.shape.customerName.optional(),
    companyName: saleInputSchema.shape.companyName.optional(),
    orgNumber: saleInputSchema.shape.orgNumber.optional(),
    email: saleInputSchema.shape.email.optional(),
    phone: saleInputSchema.shape.phone.optional(),
    postalCode: saleInputSchema.shape.postalCode.optional(),
    city: saleInputSchema.shape.city.optional(),
    address: saleInputSchema.shape.address.optional(),
    externalOrderNumber: saleInputSchema.shape.externalOrderNumber.optional(),
    message: saleInputSchema.shape.message.optional(),
    products: saleInputSchema.shape.products.optional(),
  }),
})
export type SaleCorrectionInput = z.input<typeof saleCorrectionSchema>
export type SaleCorrection = z.output<typeof saleCorrectionSchema>
