import { financeKeys } from './finance-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { getFinanceSettings } from './finance-api'

/** The finance feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useFinanceSettings() {
  return useQuery({ queryKey: financeKeys.settings, queryFn: ({ signal }) => getFinanceSettings(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshFinanceProfitability() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: financeKeys.profitability.all })
}
