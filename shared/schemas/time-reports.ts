import { z } from 'zod'
import { nullableText, textOrNull } from './text'
import { calendarDay } from './period'
import { ABSENCE_TYPES, ALLOWANCE_TYPES, timeReportViolations, type TimeReportDraft } from '../rules/time-report'
import type { ActivityLine } from './activity'
import { listQuerySchema } from './pagination'
import { monthSchema } from './pay'
import { SICK_SAME_DAY } from '../rules/pay'

const day = calendarDay

/**
 * A seller's time report for one day (one per user and day; saving again replaces it). The rules of
 * spec section 5 run inside the schema, so the form and the server give the same messages.
 */
const timeReportFields = z.strictObject({
  present: z.boolean().nullable(),
  workHours: z.number().min(0).max(24),
  absenceHours: z.number().min(0).max(24),
  absenceType: z.enum(ABSENCE_TYPES).nullable(),
  allowanceType: z.union(ALLOWANCE_TYPES.map((n) => z.literal(n))).nullable(),
  travelLocation: nullableText(120),
  comment: textOrNull(500),
})

function checkRules(v: TimeReportDraft, ctx: z.RefinementCtx) {
  for (const violation of timeReportViolations(v)) {
    ctx.addIssue({ code: 'custom', path: [violation.field], message: `validation.timeReport.${violation.rule}` })
  }
}

export const timeReportInputSchema = timeReportFields.extend({ id: z.uuid(), date: day }).superRefine(checkRules)
export type TimeReportInput = z.input<typeof timeReportInputSchema>
export type TimeReportData = z.output<typeof timeReportInputSchema>
export type TimeReportRecord = TimeReportData & { userId: string; createdAt: number; updatedAt: number }

export const sickNoticeInputSchema = z.strictObject({
  id: z.uuid(),
  /** the first day of sickness */
  date: day,
  message: textOrNull(1000),
  sentAt: z.int().min(0),
  /** for a day with work reported: sick the whole day, or the rest of it (docs/decisions/060) */
  sameDay: z.enum(SICK_SAME_DAY).nullable().optional(),
})
export type SickNoticeInput = z.input<typeof sickNoticeInputSchema>
export type SickNoticeRecord = z.output<typeof sickNoticeInputSchema> & { userId: string; createdAt: number }

export const checkoutInputSchema = z.strictObject({
  id: z.uuid(),
  date: day,
  checkedOutAt: z.int().min(0),
  comment: textOrNull(500),
})
export type CheckoutInput = z.input<typeof checkoutInputSchema>
export type CheckoutRecord = z.output<typeof checkoutInputSchema> & {
  userId: string
  salesCount: number
  orderValueOre: number
  workHours: number
  createdAt: number
}

// Back office (issue 15, docs/decisions/029) ---------------------------------------------------------------------

const month = monthSchema

export const TIME_REPORT_SORT_KEYS = ['date', 'seller', 'workHours', 'absenceHours'] as const
/** A period's time reports: a month, narrowed by office, team, seller, allowance type, absence type and attestation. */
export const timeReportListQuerySchema = listQuerySchema(TIME_REPORT_SORT_KEYS).extend({
  month,
  officeId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  userId: z.uuid().optional(),
  allowanceType: z.coerce
    .number()
    .pipe(z.union(ALLOWANCE_TYPES.map((n) => z.literal(n))))
    .optional(),
  absenceType: z.union([z.enum(ABSENCE_TYPES), z.literal('none')]).optional(),
  attested: z.enum(['true', 'false']).optional(),
})
export type TimeReportListQuery = z.output<typeof timeReportListQuerySchema>

export type TimeReportListItem = TimeReportData & {
  userId: string
  sellerName: string
  teamName: string | null
  attested: boolean
  /** the rules it breaks (a report saved before a rule changed, or corrected wrongly): shown, and it blocks attestation */
  violations: string[]
  version: number
  updatedAt: number
}

export type TimeReportDetail = TimeReportListItem & {
  officeName: string | null
  createdAt: number
  /** the month is attested: locked for everyone until back office reopens it */
  locked: boolean
  activity: ActivityLine[]
}

export const timeReportIdParamSchema = z.strictObject({ id: z.uuid() })

/** Back office's correction of a day: the same fields and rules as the seller's form, checked against the version seen. */
export const correctTimeReportSchema = timeReportFields
  .extend({ version: z.int().min(0), reason: z.string().trim().min(1, { error: 'validation.required' }).max(500) })
  .superRefine(checkRules)
export type CorrectTimeReportInput = z.input<typeof correctTimeReportSchema>

/** A month per seller, for attestation: what they reported and whether it is attested. */
export const attestationListQuerySchema = z.strictObject({
  month,
  officeId: z.uuid().optional(),
  teamId: z.uuid().optional(),
})
export type AttestationRow = {
  userId: string
  name: string
  teamId: string | null
  teamName: string | null
  days: number
  workHours: number
  absenceHours: number
  /** the month's net commission (a regret can take it below zero) and extra income: pay the attestation approves too */
  commissionOre: number
  extraIncomeOre: number
  /** dates whose report breaks the rules */
  invalidDates: string[]
  /** days the sick notices call sick that the time reports do not (docs/decisions/060) */
  sickConflicts: Array<{ date: string; kind: 'worked' | 'unreported' }>
  attestedAt: number | null
  attestedBy: string | null
  reopenedAt: number | null
  reopenedBy: string | null
  reopenReason: string | null
  /** whether this reader may attest it (their rules) */
  mayAttest: boolean
}

export const attestSchema = z.strictObject({ month, userIds: z.array(z.uuid()).min(1).max(5000) })
export type AttestAnswer = {
  attested: string[]
  refused: Array<{ userId: string; name: string; refusal: string; dates?: string[] }>
}
export const recordSickDaysSchema = z.strictObject({ month, userId: z.uuid() })
export const reopenSchema = z.strictObject({
  month,
  userId: z.uuid(),
  reason: z.string().trim().min(1, { error: 'validation.required' }).max(500),
})

/** What a seller's device knows of their attested months (the form locks them, offline too). */
export type AttestationRecord = { id: string; userId: string; month: string; attestedAt: number | null }

// Sick notices in the back office ---------------------------------------------------------------------------------

export const sickListQuerySchema = z.strictObject({
  /** sick now; returned within the last `days`; or both */
  state: z.enum(['sick', 'returned', 'all']).default('sick'),
  days: z.coerce.number().int().min(1).max(365).default(30),
  officeId: z.uuid().optional(),
  teamId: z.uuid().optional(),
})
export type SickListQuery = z.output<typeof sickListQuerySchema>
export type SickPeriodRow = {
  userId: string
  name: string
  teamName: string | null
  phone: string | null
  start: string
  /** last sick day; null while still sick */
  end: string | null
  returnedOn: string | null
  days: number
  continued: boolean
  certificateFrom: string | null
  message: string | null
}
