import { listTerms } from './terms-api'
import { termsKeys } from './terms-keys'
import { useQuery } from '@tanstack/react-query'

/** The terms feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useTerms() {
  return useQuery({ queryKey: termsKeys.all, queryFn: ({ signal }) => listTerms(signal) })
}
