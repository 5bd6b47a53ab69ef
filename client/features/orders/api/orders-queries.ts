import { ordersKeys } from './orders-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { ApiClientError } from '../../../lib/api-client'
import { salesKeys } from '../../sales/api/sales-keys'
import { getOrder, importState, unmatchedSales } from './orders-api'

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

/** An order with its match. A record that is not there (or not the reader's) is not asked for again. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: ordersKeys.detail(id),
    queryFn: ({ signal }) => getOrder(id, signal),
    retry: (n, err) => !(err instanceof ApiClientError) && n < 2,
  })
}

/**
 * An order file's import (none: nothing is asked); `follow` asks again twice a second until it is done or failed, as
 * the import dialog shows it running.
 */
export function useImportState(id: string | null | undefined, follow = false) {
  return useQuery({
    queryKey: ordersKeys.import(id),
    queryFn: ({ signal }) => importState(id!, signal),
    enabled: !!id,
    refetchInterval: follow ? (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 500) : false,
  })
}

/** The provider's sales in a period that no order matched (none asked without a period, or when `enabled` is false). */
export function useSalesWithoutOrder(providerId: string | undefined, period: { from: string; to: string } | null, enabled: boolean) {
  return useQuery({
    queryKey: ordersKeys.unmatchedSales.of(providerId, period),
    queryFn: ({ signal }) => unmatchedSales(providerId!, period!.from, period!.to, signal),
    enabled: enabled && !!period && !!providerId,
  })
}

/** After an import: the orders, and the sale reports (their order state changed). */
export function useRefreshImported() {
  const queryClient = useQueryClient()
  return () => Promise.all([ordersKeys.all, salesKeys.reports.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
