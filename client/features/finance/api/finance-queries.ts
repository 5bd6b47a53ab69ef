import { getFinanceSettings } from './finance-api'
import { financeKeys } from './finance-keys'
import { useQuery } from '@tanstack/react-query'

/** The finance feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useFinanceSettings() {
  return useQuery({ queryKey: financeKeys.settings, queryFn: ({ signal }) => getFinanceSettings(signal) })
}
