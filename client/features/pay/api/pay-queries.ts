import { listPaycodes, payrollMonth } from './pay-api'
import { payKeys } from './pay-keys'
import { useQuery } from '@tanstack/react-query'

/** The pay feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function usePaycodes() {
  return useQuery({ queryKey: payKeys.paycodes, queryFn: ({ signal }) => listPaycodes(signal) })
}

export function usePayrollMonth(month: string) {
  return useQuery({ queryKey: payKeys.payroll.month(month), queryFn: ({ signal }) => payrollMonth(month, signal) })
}
