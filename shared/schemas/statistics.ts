import { z } from 'zod'
import type { OphValues } from './org'
import type { SaleStatus } from '../rules/sale'
import { calendarDay, periodFilterSchema } from './period'

/**
 * Order statistics (issue 19, docs/decisions/048): what the sales that stand add up to in a period, by product, by
 * team and over time, from the sales summary (decision 046).
 */

/** The longest period order statistics count at once (two years, and a day for a leap year). */
export const ORDER_STATS_MAX_DAYS = 2 * 366

/** A period up to this long is drawn day by day; a longer one month by month. */
export const ORDER_STATS_DAILY_MAX_DAYS = 62

export const orderStatsFilterSchema = periodFilterSchema(ORDER_STATS_MAX_DAYS, {
  order: 'validation.orderStats.periodOrder',
  tooLong: 'validation.orderStats.periodTooLong',
})
export type OrderStatsFilter = z.infer<typeof orderStatsFilterSchema>

export type OrderStatsProduct = { product: { id: string; name: string }; lines: number; quantity: number; orderValueOre: number }
export type OrderStatsTeam = { team: { id: string; name: string } | null; sales: number; orderValueOre: number }
export type OrderStatsPoint = { period: string; sales: number; orderValueOre: number }

export type OrderStatistics = {
  filter: OrderStatsFilter
  /** the sales that stand (finalized, approved, flagged, unanswered) and their order value */
  totals: { sales: number; orderValueOre: number; quantity: number }
  /** by order value, largest first */
  byProduct: OrderStatsProduct[]
  /** by order value, largest first; a sale made without a team is `team: null` */
  byTeam: OrderStatsTeam[]
  /** every day (a period of up to 62 days) or every month of the period, the empty ones too */
  overTime: { unit: 'day' | 'month'; points: OrderStatsPoint[] }
  /** the sales distribution: every sale report of the period by status (those that stand and those that do not), in the statuses' order */
  byStatus: Array<{ status: SaleStatus; sales: number; orderValueOre: number }>
  /**
   * The sellers' extra income of the months the period touches, for the sellers the reader's rules and the filter
   * reach (by their team and office now); only for those who see pay (`view paycodes`), else null
   */
  extraIncome: {
    months: string[]
    totalOre: number
    items: Array<{ id: string; seller: { id: string; name: string }; month: string; amountOre: number; description: string }>
  } | null
}

// ─── The coach dashboard (docs/decisions/049) ───────────────────────────────────────

/** The day the dashboard is seen from (today unless asked), and optionally one of the reader's teams. */
export const coachDashboardQuerySchema = z.strictObject({ date: calendarDay.optional(), teamId: z.string().min(1).max(64).optional() })
export type CoachDashboardQuery = z.infer<typeof coachDashboardQuerySchema>

/** A period's standing sales, their order value, the hours worked, and orders per hour (null without hours). */
export type PeriodFigures = { sales: number; orderValueOre: number; hours: number; oph: number | null }
export type DashboardPeriods = { today: PeriodFigures; week: PeriodFigures; month: PeriodFigures }

export type CoachSellerRow = {
  id: string
  name: string
  figures: DashboardPeriods
  /** the month's budget, how much of it the month's order value is, and where the month is heading */
  budget: { amountOre: number; percent: number; predictionOre: number } | null
  checkedOut: boolean
  sick: boolean
  /** the month's quality surveys of their sales: how many, the mean grade, the regrets */
  quality: { surveys: number; averageGrade: string | null; regret: number }
}

export type CoachTeam = {
  id: string
  name: string
  /** the OPH targets the team works to (its own, else its office's) */
  targets: { values: OphValues; from: 'team' | 'office' } | null
  figures: DashboardPeriods
  sellers: CoachSellerRow[]
}

export type CoachDashboard = {
  date: string
  periods: { today: { from: string; to: string }; week: { from: string; to: string }; month: { from: string; to: string } }
  teams: CoachTeam[]
}

// ─── The manager dashboard (docs/decisions/050) ───────────────────────────────────────

/** The month (this one unless asked) and optionally which of the reader's offices. */
export const managerDashboardQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'validation.month' })
    .optional(),
  officeId: z.string().min(1).max(64).optional(),
})
export type ManagerDashboardQuery = z.infer<typeof managerDashboardQuerySchema>

/** A unit's month so far against its budget: the gold goal's progress and where the month is heading. */
export type GoalFigures = PeriodFigures & { budgetOre: number | null; percent: number | null; predictionOre: number }

export type ManagerDashboard = {
  month: string
  /** the month's days counted: this month from the 1st to today, any other month whole */
  period: { from: string; to: string }
  offices: Array<{ id: string; name: string }>
  office: ({ id: string; name: string; averagePercent: number | null } & GoalFigures) | null
  teams: Array<{ id: string; name: string } & GoalFigures>
  providers: Array<{ provider: { id: string; name: string }; sales: number; orderValueOre: number }>
  /** every office side by side, for those who may view every office */
  overview: Array<{ office: { id: string; name: string }; sales: number; orderValueOre: number; budgetOre: number | null; percent: number | null }> | null
}
