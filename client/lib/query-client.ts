import { QueryClient } from '@tanstack/react-query'

/** Online screens read through one query cache; a 401 is handled by the API client, other errors retry once. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 15_000, refetchOnWindowFocus: true } },
})
