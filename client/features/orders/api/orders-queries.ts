import { ordersKeys } from './orders-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { unmatchedSales } from './orders-api'

/** The orders feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useUnmatchedSales(orderProviderId: string, from: string, to: string) {
  return useQuery({
    queryKey: ordersKeys.unmatchedSales.of(orderProviderId, { from, to }),
    queryFn: ({ signal }) => unmatchedSales(orderProviderId, from, to, signal),
  })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshOrders() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: ordersKeys.all })
}

export function useRefreshOrdersDetail() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof ordersKeys.detail>) => queryClient.invalidateQueries({ queryKey: ordersKeys.detail(...args) })
}

/** After an order was matched or settled: the order, the orders list and the sales still unmatched. */
export function useRefreshOrderSettled() {
  const queryClient = useQueryClient()
  return (id: string) =>
    Promise.all([ordersKeys.detail(id), ordersKeys.all, ordersKeys.unmatchedSales.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
