import { z } from 'zod'
import { nullableText } from './text'
import { calendarDay } from './period'
import { ABSENCE_TYPES } from '../rules/time-report'
import { PAY_ITEMS, type PayItem } from '../rules/pay'
import { parseKronor } from '../rules/catalog'
import { listQuerySchema } from './pagination'

/** Pay (issue 15, docs/decisions/029): pay codes, extra income, absence and payroll exports. */

export const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.month' })
const day = calendarDay

// Pay codes ----------------------------------------------------------------------------------------------------

export type PaycodeRow = { item: PayItem; kind: 'time' | 'pay'; code: string | null; name: string | null; version: number; updatedAt: number }

export const paycodeItemParamSchema = z.strictObject({ item: z.enum(PAY_ITEMS) })
export const updatePaycodeSchema = z.strictObject({
  version: z.int().min(0),
  /** null: unmapped (an export that needs it is refused) */
  code: z.string().trim().max(20).nullable(),
  /** the code's name in the payroll file (FR1–9 are the organisation's own) */
  name: nullableText(60),
})
export type UpdatePaycodeInput = z.input<typeof updatePaycodeSchema>

// Extra income -------------------------------------------------------------------------------------------------

export const EXTRA_INCOME_SORT_KEYS = ['month', 'seller', 'amount'] as const
export const extraIncomeListQuerySchema = listQuerySchema(EXTRA_INCOME_SORT_KEYS).extend({
  month: monthSchema.optional(),
  userId: z.uuid().optional(),
})
export type ExtraIncomeListQuery = z.output<typeof extraIncomeListQuerySchema>

/** Kronor as people type them ("1 500", "1500,50"), kept in öre. */
const amountOre = z.int().min(1, { error: 'validation.pay.amountPositive' }).max(10_000_000_00)

export const createExtraIncomeSchema = z.strictObject({
  userId: z.uuid(),
  month: monthSchema,
  amountOre,
  description: z.string().trim().min(1, { error: 'validation.required' }).max(200),
})
export type CreateExtraIncomeInput = z.input<typeof createExtraIncomeSchema>
export const updateExtraIncomeSchema = createExtraIncomeSchema.omit({ userId: true }).extend({ version: z.int().min(0) })
export type UpdateExtraIncomeInput = z.input<typeof updateExtraIncomeSchema>
export const removeExtraIncomeSchema = z.strictObject({ version: z.int().min(0) })
export const extraIncomeIdParamSchema = z.strictObject({ id: z.uuid() })

export type ExtraIncomeItem = {
  id: string
  userId: string
  sellerName: string
  month: string
  amountOre: number
  description: string
  version: number
  createdAt: number
  updatedAt: number
  /** in a payroll export already: changing it shows in the next export's changes */
  exported: boolean
}

/** What the seller's device holds of their extra income (the salary calculator). */
export type ExtraIncomeRecord = { id: string; userId: string; month: string; amountOre: number; description: string; updatedAt: number }

// Exports ------------------------------------------------------------------------------------------------------

export const PAY_EXPORT_KINDS = ['absence', 'payroll'] as const
export type PayExportKind = (typeof PAY_EXPORT_KINDS)[number]
export const PAY_EXPORT_STATES = ['queued', 'running', 'done', 'failed'] as const
export type PayExportState = (typeof PAY_EXPORT_STATES)[number]
export const ABSENCE_EXPORT_FORMATS = ['csv', 'xlsx'] as const
export const PAYROLL_EXPORT_FORMATS = ['paxml', 'csv'] as const

/** Who an export covers: everyone the requester may see, or an office, a team, one seller. */
const scope = {
  officeId: z.uuid().optional(),
  teamId: z.uuid().optional(),
  userId: z.uuid().optional(),
}

export const absenceExportRequestSchema = z
  .strictObject({
    from: day,
    to: day,
    format: z.enum(ABSENCE_EXPORT_FORMATS),
    absenceType: z.enum(ABSENCE_TYPES).optional(),
    ...scope,
  })
  .refine((v) => v.from <= v.to, { path: ['to'], error: 'validation.pay.periodOrder' })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= 366 * 86_400_000, { path: ['to'], error: 'validation.pay.periodTooLong' })
export type AbsenceExportRequest = z.input<typeof absenceExportRequestSchema>

/** Who a payroll export covers: everyone payable (refused while anyone is unattested), or the attested only, by choice. */
export const PAYROLL_SCOPES = ['all', 'attested'] as const
export type PayrollScope = (typeof PAYROLL_SCOPES)[number]

export const payrollExportRequestSchema = z
  .strictObject({
    month: monthSchema,
    format: z.enum(PAYROLL_EXPORT_FORMATS),
    scope: z.enum(PAYROLL_SCOPES).default('all'),
    /** with `attested`: the people the screen showed as left out; the export is refused if that is no longer so */
    leftOut: z.array(z.uuid()).max(5000).optional(),
  })
  .refine((x) => x.scope === 'all' || x.leftOut !== undefined, { path: ['leftOut'], message: 'validation.required' })
export type PayrollExportRequest = z.input<typeof payrollExportRequestSchema>

export type PayExportParams = {
  from?: string
  to?: string
  absenceType?: string
  officeId?: string
  teamId?: string
  userId?: string
  month?: string
}

export type PayExportSummary = {
  employees: number
  rows: number
  /** payroll: totals of the file, to check against */
  hours?: number
  absenceHours?: number
  commissionOre?: number
  extraIncomeOre?: number
  /** payroll re-export: what changed since the month's last export */
  changes?: PayrollChange[]
  changeCount?: number
  /** payroll: everyone payable, or the attested only (a choice, with who was left out) */
  scope?: PayrollScope
  leftOut?: Array<{ userId: string; name: string }>
  leftOutCount?: number
  /** refused: what must be fixed first */
  problems?: PayrollProblem[]
  /** failed as invalid: how the file broke the PAXml 2.0 schema (the validator's words) */
  invalid?: string[]
}

export type PayrollChange = {
  userId: string
  name: string
  item: PayItem
  before: { quantity: number; amountOre: number } | null
  after: { quantity: number; amountOre: number } | null
}

export type PayrollProblem =
  | { kind: 'notAttested'; userId: string; name: string }
  | { kind: 'noEmployeeId'; userId: string; name: string }
  | { kind: 'invalidReport'; userId: string; name: string; date: string }
  | { kind: 'unmapped'; item: PayItem }
  /** a code stored before PAXml 2.0's lists were enforced (or written around the screen): it must be changed */
  | { kind: 'codeNotPaxml'; item: PayItem; code: string }

export type PayExportItem = {
  id: string
  kind: PayExportKind
  format: string
  month: string | null
  params: PayExportParams
  state: PayExportState
  /** 0–1 while running */
  progress: number | null
  fileId: string | null
  fileName: string | null
  summary: PayExportSummary | null
  error: string | null
  requestedBy: string
  requestedAt: number
  finishedAt: number | null
}

export const payExportIdParamSchema = z.strictObject({ id: z.uuid() })
export const payExportListQuerySchema = z.strictObject({ kind: z.enum(PAY_EXPORT_KINDS) })

/** A month's pay added up, as the payroll file holds it (the same walk writes both). */
export type PayrollTotals = { hours: number; absenceHours: number; allowanceDays: number; commissionOre: number; extraIncomeOre: number }

/** One person's pay of the month, for the people an attested-only export leaves out. */
export type PayrollPerson = { userId: string; name: string; hours: number; absenceHours: number; commissionOre: number; extraIncomeOre: number }

/** The payroll month as back office sees it before exporting: attested, problems, last export. */
export type PayrollMonthState = {
  month: string
  employees: number
  attested: number
  /** the whole month, and the attested people's part of it (what an attested-only export would hold) */
  totals: PayrollTotals
  attestedTotals: PayrollTotals
  /** everyone payable whose month is not attested (at most 500), with what they have; `unattestedCount` is all of them */
  unattested: PayrollPerson[]
  unattestedCount: number
  problems: PayrollProblem[]
  /** what stops an export of the attested people only (none: it may be made, naming who is left out) */
  attestedProblems: PayrollProblem[]
  lastExport: { id: string; at: number; by: string } | null
}
export const payrollMonthQuerySchema = z.strictObject({ month: monthSchema })

/** The extra-income dialog: the amount typed in kronor as people type it ("1 500", "1500,50"), sent in öre. */
export const extraIncomeFormSchema = z.strictObject({
  userId: z.uuid({ error: 'validation.required' }),
  month: monthSchema,
  amount: z.string().transform((text, ctx) => {
    const ore = parseKronor(text)
    if (ore === null || ore === undefined || ore <= 0 || ore > 10_000_000_00) {
      ctx.addIssue({ code: 'custom', message: ore === null ? 'validation.required' : 'validation.pay.amount' })
      return z.NEVER
    }
    return ore
  }),
  description: z.string().trim().min(1, { error: 'validation.required' }).max(200),
})
