import { z } from 'zod'
import { nullableText } from './text'
import { listQuerySchema } from './pagination'
import type { SaleStatus } from '../rules/sale'
import type { ActivityLine } from './activity'

/**
 * The customer register's contracts (docs/decisions/027). A customer is built from sale reports; back office may
 * correct the contact details and keep a note. Identity numbers are masked in every answer; the full number is
 * read one customer at a time (POST /api/customers/:id/identity), and each reading is logged.
 */

export const CUSTOMER_SORT_KEYS = ['lastSale', 'name'] as const
export const customerListQuerySchema = listQuerySchema(CUSTOMER_SORT_KEYS).extend({
  type: z.enum(['private', 'company']).optional(),
})
export type CustomerListQuery = z.output<typeof customerListQuerySchema>

export const customerIdParamSchema = z.strictObject({ id: z.uuid() })

export const updateCustomerSchema = z.strictObject({
  name: z.string().trim().min(1).max(120).optional(),
  email: z
    .union([z.literal(''), z.email({ error: 'validation.email' }).max(200)])
    .nullable()
    .transform((v) => (v ? v : null))
    .optional(),
  phone: nullableText(30).optional(),
  address: nullableText(200).optional(),
  postalCode: nullableText(20).optional(),
  city: nullableText(100).optional(),
  note: nullableText(2000).optional(),
  version: z.number().int().min(1),
})
export type UpdateCustomerInput = z.input<typeof updateCustomerSchema>

export type CustomerListItem = {
  id: string
  type: 'private' | 'company'
  name: string
  companyName: string | null
  /** the identity number masked (birth date only), or the organisation number */
  number: string | null
  phone: string | null
  city: string | null
  lastSaleAt: number
}

export type CustomerDetail = CustomerListItem & {
  email: string | null
  address: string | null
  postalCode: string | null
  note: string | null
  firstSaleAt: number
  version: number
  /** the customer's sale reports the user may see, newest first (at most 200) */
  sales: Array<{
    id: string
    status: SaleStatus
    sellDate: string
    providerName: string
    sellerName: string
    orderValueOre: number
    externalOrderNumber: string | null
  }>
  activity: ActivityLine[]
}

// ── The do-not-contact register (issue 75, docs/decisions/096) ──

export const CONTACT_BLOCK_SOURCES = ['door', 'call', 'quality', 'customer', 'backoffice'] as const
export type ContactBlockSource = (typeof CONTACT_BLOCK_SOURCES)[number]

/** A number or a person (or both) who asked not to be contacted; read in the country given (Sweden by default). */
export const contactBlockInputSchema = z
  .strictObject({
    phone: z.string().trim().max(40).optional(),
    identityNumber: z.string().trim().max(20).optional(),
    name: z.string().trim().max(200).optional(),
    source: z.enum(CONTACT_BLOCK_SOURCES),
    note: z.string().trim().max(500).optional(),
    country: z.enum(['SE', 'FI']).default('SE'),
  })
  .refine((v) => Boolean(v.phone || v.identityNumber), { path: ['phone'], message: 'validation.contactBlocks.phoneOrIdentity' })
export type ContactBlockInput = z.input<typeof contactBlockInputSchema>

export const contactBlockIdParamSchema = z.strictObject({ id: z.uuid() })
/** Why an entry leaves the register (the customer asked to be contacted again, it was recorded by mistake): logged. */
export const removeContactBlockSchema = z.strictObject({ reason: z.string().trim().min(1).max(500) })
export const contactBlockListQuerySchema = listQuerySchema(['createdAt']).extend({
  q: z.string().trim().max(100).optional(),
})
export type ContactBlockListQuery = z.input<typeof contactBlockListQuerySchema>

export type ContactBlock = {
  id: string
  /** E.164 */
  phone: string | null
  /** the identity or organisation number, masked as the reader must see it */
  identityNumber: string | null
  name: string | null
  source: ContactBlockSource
  note: string | null
  createdByName: string | null
  createdAt: number
}
