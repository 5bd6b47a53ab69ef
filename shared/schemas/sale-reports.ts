import { z } from 'zod'
import { textOrNull } from './text'
import { calendarDay } from './period'
import { listQuerySchema } from './pagination'
import { DEVIATION_TYPES, SALE_STATUSES, type DeviationType, type SaleStatus } from '../rules/sale'
import type { DeviationState } from './deviations'
import type { ActivityLine } from './activity'

/** At most this many sale reports change status in one bulk request. */
export const BULK_STATUS_MAX = 500

const reason = textOrNull(1000)
const deviationType = z
  .enum(DEVIATION_TYPES)
  .nullish()
  .transform((v) => v ?? null)

/**
 * Back office moves a sale report to another status. `version` is the one the user saw: a change based on an
 * older one is refused (409 version_conflict) with what changed in between.
 */
export const saleStatusChangeSchema = z.strictObject({
  status: z.enum(SALE_STATUSES),
  version: z.number().int().min(0),
  reason,
  deviationType,
})
export type SaleStatusChangeInput = z.input<typeof saleStatusChangeSchema>

/** The same move for a selection, each report with the version the user saw; each row answers for itself. */
export const bulkSaleStatusChangeSchema = z.strictObject({
  items: z
    .array(z.strictObject({ id: z.uuid(), version: z.number().int().min(0) }))
    .min(1)
    .max(BULK_STATUS_MAX),
  status: z.enum(SALE_STATUSES),
  reason,
  deviationType,
})
export type BulkSaleStatusChangeInput = z.input<typeof bulkSaleStatusChangeSchema>

export const saleReportIdParamSchema = z.strictObject({ id: z.uuid() })

/** A sale report as back office opens it (GET /api/sale-reports/:id). */
export type SaleReportDetail = {
  id: string
  status: SaleStatus
  /** the version to base the next change on */
  version: number
  /** the statuses this user may move it to now */
  allowedNext: SaleStatus[]
  deviationType: DeviationType | null
  deviationReason: string | null
  seller: { id: string; name: string }
  team: { id: string; name: string } | null
  office: { id: string; name: string } | null
  provider: { id: string; name: string }
  customer: {
    type: 'private' | 'company'
    name: string
    /** masked ("19811218-****") unless the user may see customers' identity numbers */
    ssn: string | null
    companyName: string | null
    orgNumber: string | null
    email: string | null
    phone: string
    address: string
    postalCode: string
    city: string
  }
  /** where the seller's device stood when it was saved (docs/decisions/074), when recorded */
  position: { lat: number; lng: number; accuracy: number | null } | null
  message: string | null
  externalOrderNumber: string | null
  soldAt: number
  sellDate: string
  orderValueOre: number
  sellerCommissionOre: number
  /** only for those who may see the company's figures (shared/permissions/fields.ts) */
  companyCommissionOre?: number
  companyCostOre?: number
  lines: Array<{ productId: string; productName: string; quantity: number; priceOre: number; sellerCommissionOre: number }>
  checklistFile: { id: string; name: string; contentType: string; size: number } | null
  /** the report's deviations, newest first (GET /api/deviations/:id has each) */
  deviations: Array<{ id: string; type: DeviationType; state: DeviationState; openedAt: number }>
  statusHistory: Array<{ status: SaleStatus; note: string | null; at: number; by: { id: string; name: string } | null }>
  /** the order registration matched to it, for those who may see order registrations */
  orderRegistration: { id: string; externalOrderNumber: string | null; externalStatus: string | null; esignStatus: string | null } | null
  /** the report's activity log, newest first: created, moved, corrected (fields before and after) */
  activity: ActivityLine[]
  createdAt: number
  updatedAt: number
}

export const SALE_REPORT_SORT_KEYS = ['soldAt', 'orderValue', 'customer', 'status'] as const

const day = calendarDay
const id = z.string().min(1).max(64)

/**
 * The sale-report list's filters (GET /api/sale-reports), beside the list's page, sort and free text (customer
 * name, order number, and the identity number for those who may see customers). `status` takes several,
 * comma-separated; `from` and `to` are sell dates.
 */
export const saleReportListQuerySchema = listQuerySchema(SALE_REPORT_SORT_KEYS).extend({
  status: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(z.enum(SALE_STATUSES)).max(SALE_STATUSES.length))
    .optional(),
  providerId: id.optional(),
  productId: id.optional(),
  teamId: id.optional(),
  officeId: id.optional(),
  sellerId: id.optional(),
  from: day.optional(),
  to: day.optional(),
})
export type SaleReportListQuery = z.output<typeof saleReportListQuerySchema>

/** A row of the sale-report list. */
export type SaleReportListItem = {
  id: string
  status: SaleStatus
  version: number
  deviationType: DeviationType | null
  soldAt: number
  sellDate: string
  customerName: string
  companyName: string | null
  sellerName: string
  teamName: string | null
  providerName: string
  orderValueOre: number
  externalOrderNumber: string | null
}

/** The sale-report dashboard's period (GET /api/sale-reports/summary): sell dates, this month when not given. */
export const saleReportSummaryQuerySchema = z.strictObject({ from: day.optional(), to: day.optional() })

/** The sale-report dashboard's figures (spec section 2, "Sales reports dashboard"), within the user's rules. */
export type SaleReportSummary = {
  from: string
  to: string
  /** reports sold in the period, and how many of them have status absence */
  reports: number
  absence: number
  /** reports sold this month (business days, Stockholm) */
  thisMonth: number
  /** quotes sent for e-signing in the period (order registrations with an e-sign status), and how many are signed */
  esignTotal: number
  esignSigned: number
}
