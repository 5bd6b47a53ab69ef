import { z } from 'zod'
import { monthSchema } from './pay'

/**
 * Monthly order-value budgets of offices, teams and sellers (docs/decisions/047). Amounts are entered and shown in
 * whole kronor and stored in öre; a seller's budget travels to their device, where the seller dashboard shows it.
 */

export const BUDGET_SCOPES = ['office', 'team', 'seller'] as const
export type BudgetScope = (typeof BUDGET_SCOPES)[number]

/** The largest budget a seller may have in a month, and a team or an office (kronor). */
export const SELLER_BUDGET_MAX_KR = 10_000_000
export const UNIT_BUDGET_MAX_KR = 1_000_000_000

/** How many budgets one save may change (an office's teams and sellers, with room to spare). */
export const BUDGET_CHANGES_MAX = 2_000

const id = z.string().min(1).max(64)

/** The month the screen shows (a real month: 01–12, a year this product can have), and optionally which office. */
export const budgetsQuerySchema = z.strictObject({
  month: monthSchema.refine((m) => m >= '2000-01' && m <= '2100-12', { error: 'validation.month' }),
  officeId: id.optional(),
})
export type BudgetsQuery = z.input<typeof budgetsQuerySchema>

export const budgetMonthParamSchema = z.strictObject({ month: budgetsQuerySchema.shape.month })

/**
 * One budget as the editor set it: whole kronor, not negative; `version` is the one the editor read (null when there
 * was none), so an edit someone else made in between is a conflict, not overwritten.
 */
export const budgetChangeSchema = z
  .strictObject({
    scope: z.enum(BUDGET_SCOPES),
    id,
    amountKr: z
      .number({ error: 'validation.budgets.amount' })
      .int({ error: 'validation.budgets.wholeKronor' })
      .min(0, { error: 'validation.budgets.notNegative' }),
    version: z.number().int().min(0).nullable(),
  })
  .superRefine((change, ctx) => {
    const max = change.scope === 'seller' ? SELLER_BUDGET_MAX_KR : UNIT_BUDGET_MAX_KR
    if (change.amountKr > max) ctx.addIssue({ code: 'too_big', origin: 'number', maximum: max, inclusive: true, path: ['amountKr'], input: change.amountKr })
  })
export type BudgetChange = z.input<typeof budgetChangeSchema>

/** A month's edits in one office, saved together: all of them, or none when one conflicts. */
export const budgetsSaveSchema = z.strictObject({
  officeId: id,
  changes: z.array(budgetChangeSchema).min(1).max(BUDGET_CHANGES_MAX),
})
export type BudgetsSave = z.input<typeof budgetsSaveSchema>

export const budgetsCopySchema = z.strictObject({ officeId: id })

/** A budget as stored: its amount and the version an edit must name. */
export type BudgetCell = { amountOre: number; version: number } | null

export type BudgetRow = { id: string; name: string; budget: BudgetCell; previousOre: number | null }

/** One office's month: its own budget, its teams' and their sellers', each with last month's beside it. */
export type BudgetsOverview = {
  month: string
  offices: Array<{ id: string; name: string }>
  office: (BudgetRow & { teamsOre: number; sellersOre: number }) | null
  teams: Array<BudgetRow & { sellersOre: number; sellers: BudgetRow[] }>
  may: { update: boolean; office: boolean }
}

/** A refused save: the budgets someone changed since the editor read them, as they are now. */
export type BudgetConflict = { scope: BudgetScope; id: string; current: BudgetCell }

export type BudgetsSaved = { changed: number }
export type BudgetsCopied = { copied: number }
