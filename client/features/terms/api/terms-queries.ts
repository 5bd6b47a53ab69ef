import { termsKeys } from './terms-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listTerms } from './terms-api'

/** The terms feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useTerms() {
  return useQuery({ queryKey: termsKeys.all, queryFn: ({ signal }) => listTerms(signal) })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshTerms() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: termsKeys.all })
}
