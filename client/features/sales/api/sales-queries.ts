import { salesKeys } from './sales-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getSaleSettings } from './double-sales-api'

/** The sales feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useSaleSettings() {
  return useQuery({ queryKey: salesKeys.settings, queryFn: ({ signal }) => getSaleSettings(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshSalesReport() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof salesKeys.report>) => queryClient.invalidateQueries({ queryKey: salesKeys.report(...args) })
}

export function useRefreshSalesReports() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: salesKeys.reports.all })
}

export function useRefreshSalesSettings() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: salesKeys.settings })
}

/** After a deviation's sale moved on: the deviation and its list, the sale and the sale reports. */
export function useRefreshDeviationMoved() {
  const queryClient = useQueryClient()
  return (deviationId: string, saleId: string) =>
    Promise.all(
      [salesKeys.deviation(deviationId), salesKeys.deviations.all, salesKeys.report(saleId), salesKeys.reports.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    )
}

/** After a sale report moved on: the report and the list. */
export function useRefreshSaleReportMoved() {
  const queryClient = useQueryClient()
  return (saleId: string) => Promise.all([salesKeys.report(saleId), salesKeys.reports.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}

/** After a double sale was decided: the pairs, and the sale reports (a confirmed pair regrets a sale). */
export function useRefreshDoubleSaleDecided() {
  const queryClient = useQueryClient()
  return () => Promise.all([salesKeys.doubleSales.all, salesKeys.reports.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
