import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { ConfirmDoubleSaleInput, DismissDoubleSaleInput, SaleSettings } from '../../../../shared/schemas/double-sales'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The double-sale list's filters as they stand in the URL (and go to GET /api/double-sales). */
export type DoubleSaleFilters = { state?: string; providerId?: string; teamId?: string; officeId?: string; sellerId?: string }
export const DOUBLE_FILTER_KEYS = ['state', 'providerId', 'teamId', 'officeId', 'sellerId'] as const

export function listDoubleSales(q: ListQuery, filters: DoubleSaleFilters, signal?: AbortSignal) {
  return getList(rpc['double-sales'].$get, q, filters, signal)
}

export function confirmDoubleSale(id: string, input: ConfirmDoubleSaleInput) {
  return call(rpc['double-sales'][':id'].confirm.$post({ param: { id }, json: input }))
}

export function dismissDoubleSale(id: string, input: DismissDoubleSaleInput) {
  return call(rpc['double-sales'][':id'].dismiss.$post({ param: { id }, json: input }))
}

export function getSaleSettings(signal?: AbortSignal) {
  return call(rpc['sale-settings'].$get({}, { init: { signal } }))
}

export function saveSaleSettings(input: SaleSettings) {
  return call(rpc['sale-settings'].$put({ json: input }))
}
