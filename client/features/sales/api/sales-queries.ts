import { getSaleSettings } from './double-sales-api'
import { salesKeys } from './sales-keys'
import { useQuery } from '@tanstack/react-query'

/** The sales feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useSaleSettings() {
  return useQuery({ queryKey: salesKeys.settings, queryFn: ({ signal }) => getSaleSettings(signal) })
}
