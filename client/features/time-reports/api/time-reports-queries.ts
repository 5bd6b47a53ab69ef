import { timeReportsKeys } from './time-reports-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listAttestations } from './time-reports-api'

/** The time-reports feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

/** A month's attestations of the people the reader attests, narrowed to a team or an office. */
export function useAttestations(month: string, teamId: string | undefined, officeId: string | undefined) {
  return useQuery({
    queryKey: timeReportsKeys.attestations.of(month, teamId, officeId),
    queryFn: ({ signal }) => listAttestations({ month, teamId, officeId }, signal),
  })
}

/** After an attestation changed (attested, reopened, sick days recorded): the attestations and the time reports. */
export function useRefreshAttested() {
  const queryClient = useQueryClient()
  return () => Promise.all([timeReportsKeys.attestations.all, timeReportsKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })))
}
