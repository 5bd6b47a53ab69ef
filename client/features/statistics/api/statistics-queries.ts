import type { OrderStatsFilter } from '../../../../shared/schemas/statistics'
import { orderStatistics } from './statistics-api'
import { statisticsKeys } from './statistics-keys'
import { useQuery } from '@tanstack/react-query'

/** The statistics feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useOrderStatistics(filter: OrderStatsFilter) {
  return useQuery({ queryKey: statisticsKeys.orders(filter), queryFn: ({ signal }) => orderStatistics(filter, signal) })
}
