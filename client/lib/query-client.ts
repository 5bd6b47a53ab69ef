import { QueryClient, useQueryClient, type QueryKey } from '@tanstack/react-query'

/** Online screens read through one query cache; a 401 is handled by the API client, other errors retry once. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: true } },
})

/** A change, then the cache under `queryKey` read again: a feature's change hooks wrap their calls in it. */
export function useRefreshAfter(queryKey: QueryKey) {
  const client = useQueryClient()
  return async <T>(done: Promise<T>): Promise<T> => {
    const out = await done
    await client.invalidateQueries({ queryKey })
    return out
  }
}
