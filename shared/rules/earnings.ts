import type { SaleStatus } from '../schemas/sales'
import { QUALITY_BONUS_SHARE, SALARY_MONTH_HOURS, WORK_DAY_HOURS } from './work'

/**
 * Earnings and the salary estimate (spec section 9): gross, before regret deductions, in kr per hour,
 * assuming 167 work hours a month and that the quality bonus is reached. docs/decisions/010 explains
 * which sales count.
 */

/** Sales that earn commission until something happens to them; regrets, deviations and absences do not. */
export const EARNING_STATUSES: readonly SaleStatus[] = ['finalized', 'approved', 'flagged', 'unanswered']

export type EarningSale = { status: SaleStatus; orderValueOre: number; sellerCommissionOre: number }
export type StatusEarnings = { status: SaleStatus; count: number; orderValueOre: number; commissionOre: number; counts: boolean }

export function earningsByStatus(sales: readonly EarningSale[]): StatusEarnings[] {
  const by = new Map<SaleStatus, StatusEarnings>()
  for (const s of sales) {
    const row = by.get(s.status) ?? { status: s.status, count: 0, orderValueOre: 0, commissionOre: 0, counts: EARNING_STATUSES.includes(s.status) }
    row.count++
    row.orderValueOre += s.orderValueOre
    row.commissionOre += s.sellerCommissionOre
    by.set(s.status, row)
  }
  return [...by.values()].sort((a, b) => Number(b.counts) - Number(a.counts) || b.commissionOre - a.commissionOre)
}

export type SalaryEstimate = {
  commissionOre: number
  qualityBonusOre: number
  grossOre: number
  /** work hours reported this month */
  reportedHours: number
  /** days with earning sales and no work hours reported: each counted as a full work day */
  assumedDays: number
  /** the hours the rate divides by: reported hours plus a full day for each assumed day */
  hoursBasis: number
  /** kr per hour, whole kronor; null when there is nothing to divide by (no sales and no hours) */
  perHourKr: number | null
  /** the month's gross at this rate over 167 hours, whole kronor */
  monthlyKr: number | null
}

/**
 * The salary estimate (docs/decisions/018, spec section 9): gross, before regret deductions, quality bonus
 * reached, 167 hours a month. Money earned on a day is divided by the hours of that day: a day with earning
 * sales but no reported work hours counts as a full work day (8 h), so a month's commission is never divided by
 * the hours of the few days that happen to be reported.
 */
export function salaryEstimate(
  sales: ReadonlyArray<EarningSale & { sellDate: string }>,
  reports: ReadonlyArray<{ date: string; workHours: number }>,
): SalaryEstimate {
  const earning = sales.filter((s) => EARNING_STATUSES.includes(s.status))
  const commissionOre = earning.reduce((sum, s) => sum + s.sellerCommissionOre, 0)
  const qualityBonusOre = Math.round(commissionOre * QUALITY_BONUS_SHARE)
  const grossOre = commissionOre + qualityBonusOre
  const hoursByDay = new Map<string, number>()
  for (const r of reports) if (r.workHours > 0) hoursByDay.set(r.date, (hoursByDay.get(r.date) ?? 0) + r.workHours)
  const reportedHours = [...hoursByDay.values()].reduce((a, b) => a + b, 0)
  const assumedDays = new Set(earning.map((s) => s.sellDate).filter((d) => !hoursByDay.has(d))).size
  const hoursBasis = reportedHours + assumedDays * WORK_DAY_HOURS
  const rateOre = hoursBasis > 0 ? grossOre / hoursBasis : null
  return {
    commissionOre,
    qualityBonusOre,
    grossOre,
    reportedHours,
    assumedDays,
    hoursBasis,
    perHourKr: rateOre === null ? null : Math.round(rateOre / 100),
    monthlyKr: rateOre === null ? null : Math.round((rateOre * SALARY_MONTH_HOURS) / 100),
  }
}

export type BudgetView = {
  currentOre: number
  budgetOre: number
  /** share of the budget reached, 0–∞ (over 100 when exceeded) */
  percent: number
  /** what is left of the budget: it shrinks as sales come in and is 0 once exceeded */
  remainingOre: number
  /** the month's value at the pace so far, over the working days */
  predictionOre: number
  workingDays: number
  workingDaysLeft: number
}

/** The seller budget view: current value, percent reached, what is left, and a prediction from the working days. */
export function budgetView(currentOre: number, budgetOre: number, workingDays: readonly string[], today: string): BudgetView {
  const elapsed = workingDays.filter((d) => d <= today).length
  const left = workingDays.length - elapsed
  return {
    currentOre,
    budgetOre,
    percent: budgetOre > 0 ? Math.round((currentOre / budgetOre) * 100) : 0,
    remainingOre: Math.max(0, budgetOre - currentOre),
    predictionOre: elapsed > 0 ? Math.round((currentOre / elapsed) * workingDays.length) : currentOre,
    workingDays: workingDays.length,
    workingDaysLeft: left,
  }
}
