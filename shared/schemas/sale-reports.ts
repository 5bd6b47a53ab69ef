import { z } from 'zod'
import { DEVIATION_TYPES, SALE_STATUSES } from '../rules/sale'

/** At most this many sale reports change status in one bulk request. */
export const BULK_STATUS_MAX = 500

const reason = z
  .string()
  .trim()
  .max(1000)
  .nullish()
  .transform((v) => (v ? v : null))
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
