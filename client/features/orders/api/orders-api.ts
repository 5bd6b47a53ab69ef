import type { OrderMapping } from '../../../../shared/rules/orders'
import { XLSX_TYPE } from '../../../../shared/schemas/files'
import type { OrderUploadAnswer } from '../../../../shared/schemas/orders'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc, uploadFile } from '../../../lib/api-client'

/** The order list's filters as they stand in the URL (and go to GET /api/order-registrations). */
export type OrderFilters = { providerId?: string; match?: string; importId?: string }
export const ORDER_FILTER_KEYS = ['providerId', 'match', 'importId'] as const

export function listOrders(q: ListQuery, filters: OrderFilters, signal?: AbortSignal) {
  return getList(rpc['order-registrations'].$get, q, filters, signal)
}

export function getOrder(id: string, signal?: AbortSignal) {
  return call(rpc['order-registrations'][':id'].$get({ param: { id } }, { init: { signal } }))
}

export function unmatchedSales(providerId: string, from: string, to: string, signal?: AbortSignal) {
  return call(rpc['order-registrations']['unmatched-sales'].$get({ query: { providerId, from, to } }, { init: { signal } }))
}

/** The type to declare for a file by its name; the server checks it against the content. */
export function orderFileType(name: string): string | null {
  const lower = name.toLowerCase()
  if (lower.endsWith('.xlsx')) return XLSX_TYPE
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'text/csv'
  return null
}

export function uploadOrderFile(providerId: string, file: File) {
  return uploadFile<OrderUploadAnswer>(`/api/order-imports?providerId=${encodeURIComponent(providerId)}`, file, file.name, orderFileType(file.name))
}

export function previewImport(id: string, mapping: OrderMapping) {
  return call(rpc['order-imports'][':id'].preview.$post({ param: { id }, json: { mapping } }))
}

export function runImport(id: string, mapping: OrderMapping) {
  return call(rpc['order-imports'][':id'].run.$post({ param: { id }, json: { mapping } }))
}

export function importState(id: string, signal?: AbortSignal) {
  return call(rpc['order-imports'][':id'].$get({ param: { id } }, { init: { signal } }))
}

export function matchOrder(id: string, saleId: string, note: string | null) {
  return call(rpc['order-registrations'][':id'].match.$post({ param: { id }, json: { saleId, note } }))
}

export function unmatchOrder(id: string, reason: string) {
  return call(rpc['order-registrations'][':id'].unmatch.$post({ param: { id }, json: { reason } }))
}
