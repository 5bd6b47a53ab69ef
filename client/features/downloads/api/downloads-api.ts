import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The downloads centre's calls (docs/decisions/071). */
export const DOWNLOAD_FILTER_KEYS = ['state', 'kind', 'everyone'] as const
export type DownloadFilters = Partial<Record<(typeof DOWNLOAD_FILTER_KEYS)[number], string>>

export const listDownloads = (q: ListQuery, filters: DownloadFilters, signal?: AbortSignal) => getList(rpc.downloads.$get, q, filters, signal)
export const removeDownload = (id: string) => call(rpc.downloads[':id'].$delete({ param: { id } }))
/**
 * The file, fetched by the page and handed to the browser as a download (a failure is shown on the page with a
 * retry, not as the browser's error page). The server checks the reader's rights again at this moment.
 */
export async function fetchDownload(id: string, name: string) {
  const res = await rpc.downloads[':id'].file.$get({ param: { id } })
  const url = URL.createObjectURL(await res.blob())
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
