import { z } from 'zod'
import { ABSENCE_TYPES, ALLOWANCE_TYPES, timeReportViolations } from '../rules/time-report'

const day = z.iso.date()

/**
 * A seller's time report for one day (one per user and day; saving again replaces it). The rules of
 * spec section 5 run inside the schema, so the form and the server give the same messages.
 */
export const timeReportInputSchema = z
  .strictObject({
    id: z.uuid(),
    date: day,
    present: z.boolean().nullable(),
    workHours: z.number().min(0).max(24),
    absenceHours: z.number().min(0).max(24),
    absenceType: z.enum(ABSENCE_TYPES).nullable(),
    allowanceType: z.union(ALLOWANCE_TYPES.map((n) => z.literal(n))).nullable(),
    travelLocation: z
      .string()
      .trim()
      .max(120)
      .nullable()
      .transform((v) => (v ? v : null)),
    comment: z
      .string()
      .trim()
      .max(500)
      .nullable()
      .optional()
      .transform((v) => (v ? v : null)),
  })
  .superRefine((v, ctx) => {
    for (const violation of timeReportViolations(v)) {
      ctx.addIssue({ code: 'custom', path: [violation.field], message: `validation.timeReport.${violation.rule}` })
    }
  })
export type TimeReportInput = z.input<typeof timeReportInputSchema>
export type TimeReportData = z.output<typeof timeReportInputSchema>
export type TimeReportRecord = TimeReportData & { userId: string; createdAt: number; updatedAt: number }

export const sickNoticeInputSchema = z.strictObject({
  id: z.uuid(),
  /** the first day of sickness */
  date: day,
  message: z
    .string()
    .trim()
    .max(1000)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
  sentAt: z.int().min(0),
})
export type SickNoticeInput = z.input<typeof sickNoticeInputSchema>
export type SickNoticeRecord = z.output<typeof sickNoticeInputSchema> & { userId: string; createdAt: number }

export const checkoutInputSchema = z.strictObject({
  id: z.uuid(),
  date: day,
  checkedOutAt: z.int().min(0),
  comment: z
    .string()
    .trim()
    .max(500)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
})
export type CheckoutInput = z.input<typeof checkoutInputSchema>
export type CheckoutRecord = z.output<typeof checkoutInputSchema> & {
  userId: string
  salesCount: number
  orderValueOre: number
  workHours: number
  createdAt: number
}
