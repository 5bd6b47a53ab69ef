import { payKeys } from './pay-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listPaycodes, payrollMonth } from './pay-api'

/** The pay feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function usePaycodes() {
  return useQuery({ queryKey: payKeys.paycodes, queryFn: ({ signal }) => listPaycodes(signal) })
}

export function usePayrollMonth(month: string) {
  return useQuery({ queryKey: payKeys.payroll.month(month), queryFn: ({ signal }) => payrollMonth(month, signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshPayExports() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof payKeys.exports>) => queryClient.invalidateQueries({ queryKey: payKeys.exports(...args) })
}

export function useRefreshPayExtraIncomes() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: payKeys.extraIncomes.all })
}

export function useRefreshPayPaycodes() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: payKeys.paycodes })
}

export function useRefreshPayPayroll() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: payKeys.payroll.all })
}
