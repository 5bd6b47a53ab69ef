import { useQuery } from '@tanstack/react-query'
import type { DisplaySetup, PairDisplayInput } from '../../../../shared/schemas/displays'
import { changeDisplay, listDisplays, pairDisplay, revokeDisplay } from './displays-api'
import { displaysKeys } from './displays-keys'
import { useRefreshAfter } from '../../../lib/query-client'

/** The office screens feature's queries: its screens read and change through these hooks (docs/how-to.md). */

export function useDisplays() {
  return useQuery({ queryKey: displaysKeys.list, queryFn: ({ signal }) => listDisplays(signal), refetchInterval: 30_000 })
}

/** A screen paired, changed or revoked: the list is read again. */
export function useDisplayChanges() {
  const after = useRefreshAfter(displaysKeys.all)
  return {
    pair: (input: PairDisplayInput) => after(pairDisplay(input)),
    change: (id: string, input: DisplaySetup & { version: number }) => after(changeDisplay(id, input)),
    revoke: (id: string, version: number) => after(revokeDisplay(id, version)),
  }
}
