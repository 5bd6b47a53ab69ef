import type { Deps } from '../../platform/deps'
import { type StatisticsPorts, statisticsContext } from './statistics.context'
export { ordersPerHour, dashboardPeriods, periodsOf } from './statistics.context'
export type { StatisticsPorts } from './statistics.context'

import { coachDashboard } from './statistics.coach'
import { managerDashboard } from './statistics.manager'
import { orderStatistics } from './statistics.orders'

/**
 * Order statistics (issue 19, docs/decisions/048): a period's standing sales by product, by team and over time,
 * within the sale reports the reader may see. Read from the sales summary through ports; nothing here is written.
 */
export function statisticsService(deps: Pick<Deps, 'database'>, ports: StatisticsPorts) {
  const ctx = statisticsContext(deps, ports)
  return { coachDashboard: coachDashboard(ctx), managerDashboard: managerDashboard(ctx), orderStatistics: orderStatistics(ctx) }
}
export type StatisticsService = ReturnType<typeof statisticsService>
