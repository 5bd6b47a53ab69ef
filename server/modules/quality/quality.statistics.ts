import type { Deps } from '../../platform/deps'
import type { QualityPorts } from './quality.ports'
import { qualityStatisticsContext } from './quality.statistics-context'
export { monthsBetween, yearBefore } from './quality.statistics-context'

import { statisticsOverview } from './quality.statistics-overview'
import { statisticsBySeller } from './quality.statistics-sellers'

/**
 * The quality statistics (docs/decisions/045, "Statistics"): the surveys of the sales sold in a period, counted by
 * status, with the mean score, the grade it reaches, the satisfaction index and the shares of the calls that ended,
 * for the whole period, by provider, by grade, by month beside the year before, and by seller. A reader counts the
 * surveys of the sale reports they may see (a coach their teams', a manager their office's).
 */
export function qualityStatistics(
  deps: Pick<Deps, 'database'>,
  ports: Pick<QualityPorts, 'names' | 'teamNames' | 'providerNames' | 'productStatuses' | 'productNames'>,
) {
  const ctx = qualityStatisticsContext(deps, ports)
  return { overview: statisticsOverview(ctx), sellers: statisticsBySeller(ctx) }
}
export type QualityStatistics = ReturnType<typeof qualityStatistics>
