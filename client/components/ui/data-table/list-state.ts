import type { UseQueryResult } from '@tanstack/react-query'

/**
 * What a DataTable shows of a list query: its page of rows and total, whether it is fetching, its error and a way
 * to try again. Every list screen spreads it into its table (`<DataTable {...listState(list)} … />`).
 */
export function listState<Row>(list: UseQueryResult<{ items: Row[]; total: number }>) {
  return {
    rows: list.data?.items,
    total: list.data?.total ?? 0,
    loading: list.isFetching,
    error: list.isError ? list.error.message : null,
    onRetry: () => void list.refetch(),
  }
}
