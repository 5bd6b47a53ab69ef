import { salesKeys } from './sales-keys'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { SaleReportListItem } from '../../../../shared/schemas/sale-reports'
import { ApiClientError, call, rpc } from '../../../lib/api-client'
import { getDeviation } from './deviations-api'
import { getSaleSettings } from './double-sales-api'
import { getSaleReport, listSaleReports, type SaleReportFilters } from './sale-reports-api'

/** The sales feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useSaleSettings() {
  return useQuery({ queryKey: salesKeys.settings, queryFn: ({ signal }) => getSaleSettings(signal) })
}

/** A record that is not there (or not the reader's) is not asked for again; a network failure is, twice. */
const retryUnlessRefused = (n: number, err: Error) => !(err instanceof ApiClientError) && n < 2

/** A deviation with its sale. */
export function useDeviation(id: string) {
  return useQuery({ queryKey: salesKeys.deviation(id), queryFn: ({ signal }) => getDeviation(id, signal), retry: retryUnlessRefused })
}

/** A sale report. */
export function useSaleReport(id: string) {
  return useQuery({ queryKey: salesKeys.report(id), queryFn: ({ signal }) => getSaleReport(id, signal), retry: retryUnlessRefused })
}

/** A page of sale reports, the page kept while the next is read; `onRows` sees each page's rows as they arrive. */
export function useSaleReports(query: ListQuery, filters: SaleReportFilters, onRows: (rows: SaleReportListItem[]) => void) {
  return useQuery({
    queryKey: salesKeys.reports.list(query, filters),
    queryFn: async ({ signal }) => {
      const answer = await listSaleReports(query, filters, signal)
      onRows(answer.items)
      return answer
    },
    placeholderData: keepPreviousData,
  })
}

/** The sale reports' key figures for a period (the server's default period when none is given). */
export function useSaleReportSummary(from: string | undefined, to: string | undefined) {
  return useQuery({
    queryKey: salesKeys.summary(from, to),
    queryFn: ({ signal }) => call(rpc['sale-reports'].summary.$get({ query: { ...(from ? { from } : {}), ...(to ? { to } : {}) } }, { init: { signal } })),
  })
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
