import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useParams } from 'react-router'

/**
 * A record's screen (`/…/:id`): the id from the address, the record read once (a missing one is not asked for
 * again), and `refresh()`, which reads it again with the lists and lookups that show it (`alsoShownIn`) after a
 * change.
 */
export function useRecord<T>(key: (id: string) => QueryKey, get: (id: string, signal?: AbortSignal) => Promise<T>, alsoShownIn: readonly QueryKey[] = []) {
  const { id = '' } = useParams()
  const queryClient = useQueryClient()
  const query = useQuery({ queryKey: key(id), queryFn: ({ signal }) => get(id, signal), retry: false })
  const refresh = () => {
    for (const queryKey of [key(id), ...alsoShownIn]) void queryClient.invalidateQueries({ queryKey })
  }
  return { id, query, refresh }
}
