import type { z } from 'zod'
import { periodFilterSchema } from './period'

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
}
