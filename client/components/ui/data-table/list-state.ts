import type { UseQueryResult } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'

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

type Paged<Row> = { items: Row[]; total: number; totalCapped?: boolean; nextCursor?: string | null; prevCursor?: string | null }

/**
 * Everything a back-office list's DataTable takes from its query, its address and its CSV download: the page
 * (listState), the keyset cursors and a capped total when the endpoint gives them, the query in the address and
 * its change, and the download. `<DataTable {...listTable(list, listQuery, csv)} columns={…} … />`.
 */
export function listTable<Row>(
  list: UseQueryResult<Paged<Row>>,
  listQuery: { query: ListQuery; update: (change: Partial<Record<keyof ListQuery, string | number | undefined>>, resetPage?: boolean) => void },
  csv: { download: () => Promise<void>; downloading: boolean },
) {
  return {
    ...listState(list),
    totalCapped: list.data?.totalCapped,
    nextCursor: list.data?.nextCursor,
    prevCursor: list.data?.prevCursor,
    query: listQuery.query,
    onQueryChange: listQuery.update,
    onDownloadCsv: () => void csv.download(),
    downloading: csv.downloading,
  }
}
