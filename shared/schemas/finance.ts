import { z } from 'zod'
import type { ProfitabilityMetrics } from '../rules/profitability'
import { rankedListShape } from './pagination'
import { calendarDay, periodCheck } from './period'

/**
 * Finance profitability (issue 19, docs/decisions/051): five views of one calculation, each its own permission —
 * by seller, by team, by manager (their office), by provider, and the legacy view (by team, the earlier
 * calculation, for the months before a cut-off).
 */

export const PROFITABILITY_VIEWS = ['sellers', 'teams', 'managers', 'providers', 'legacy'] as const
export type ProfitabilityView = (typeof PROFITABILITY_VIEWS)[number]

/** Each view's permission subject (spec section 6: view finance_profitability_*). */
export const PROFITABILITY_SUBJECT = {
  sellers: 'finance_profitability_sellers',
  teams: 'finance_profitability_teams',
  managers: 'finance_profitability_managers',
  providers: 'finance_profitability_providers',
  legacy: 'finance_profitability_legacy',
} as const satisfies Record<ProfitabilityView, string>

/** The longest period at once: two years (and a leap day). */
export const PROFITABILITY_MAX_DAYS = 2 * 366

export const PROFITABILITY_SORT = ['name', 'sales', 'income', 'variableCosts', 'tb', 'tbPercent', 'productivity', 'nki', 'fte', 'hourlyCompensation'] as const
export type ProfitabilitySort = (typeof PROFITABILITY_SORT)[number]

const id = z.string().min(1).max(64)

export const profitabilityViewParamSchema = z.strictObject({ view: z.enum(PROFITABILITY_VIEWS, { error: 'validation.invalidFormat' }) })

export const profitabilityQuerySchema = z
  .strictObject({
    from: calendarDay,
    to: calendarDay,
    officeId: id.optional(),
    teamId: id.optional(),
    ...rankedListShape(PROFITABILITY_SORT, 'tb'),
  })
  .superRefine(periodCheck(PROFITABILITY_MAX_DAYS, { order: 'validation.finance.periodOrder', tooLong: 'validation.finance.periodTooLong' }))
export type ProfitabilityQuery = z.infer<typeof profitabilityQuerySchema>

export type ProfitabilityRow = {
  id: string
  name: string
  /** a seller's team (sellers view) */
  team?: { id: string; name: string } | null
  /** the office's managers (managers view; empty when it has none) */
  managers?: Array<{ id: string; name: string }>
  metrics: ProfitabilityMetrics
}

export type Profitability = {
  view: ProfitabilityView
  /** the period counted: the asked one, or for the legacy view its part before the cut-off (null: none of it is) */
  period: { from: string; to: string } | null
  /** the legacy view's cut-off and whether it shortened the period */
  legacy: { cutoff: string; clipped: boolean } | null
  method: { payrollTaxBp: number; monthHours: number; extraIncomeIsCost: boolean }
  /** the period's full-time hours (FTE divides by them) */
  fullTimeHours: number
  items: ProfitabilityRow[]
  total: number
  page: number
  itemsPerPage: number
  /** every row of the view added up (not only the page) */
  sum: ProfitabilityMetrics
}

/** The calculation's settings: the employer's contribution rate and the legacy cut-off. */
export const financeSettingsSchema = z.strictObject({
  /** percent with up to two decimals, 0–100 */
  payrollTaxPercent: z
    .number({ error: 'validation.finance.payrollTax' })
    .min(0, { error: 'validation.finance.payrollTax' })
    .max(100, { error: 'validation.finance.payrollTax' })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error: 'validation.finance.payrollTax' }),
  /** the first day of the current calculation: the legacy view shows the days before it */
  legacyCutoff: calendarDay,
  /** the version read; a save on an older one is a 409 */
  version: z.number().int().min(0),
})
export type FinanceSettingsInput = z.infer<typeof financeSettingsSchema>
export type FinanceSettings = { payrollTaxBp: number; legacyCutoff: string; version: number; updatedAt: number | null; updatedBy: string | null }
