import { timeReportsKeys } from './time-reports-keys'
import { useQueryClient } from '@tanstack/react-query'

/** The time-reports feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

/** What follows a change: the data it touched is read again. */
export function useRefreshTimeReports() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: timeReportsKeys.all })
}

export function useRefreshTimeReportsAttestations() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: timeReportsKeys.attestations.all })
}
