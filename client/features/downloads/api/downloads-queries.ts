import { downloadsKeys } from './downloads-keys'
import { useQueryClient } from '@tanstack/react-query'

/** The downloads feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

/** What follows a change: the data it touched is read again. */
export function useRefreshDownloads() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: downloadsKeys.all })
}
