import { unmatchedSales } from './orders-api'
import { ordersKeys } from './orders-keys'
import { useQuery } from '@tanstack/react-query'

/** The orders feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useUnmatchedSales(orderProviderId: string, from: string, to: string) {
  return useQuery({
    queryKey: ordersKeys.unmatchedSales.of(orderProviderId, { from, to }),
    queryFn: ({ signal }) => unmatchedSales(orderProviderId, from, to, signal),
  })
}
