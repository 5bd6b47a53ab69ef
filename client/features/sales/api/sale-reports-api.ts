import type { SaleStatus } from '../../../../shared/rules/sale'
import type { DeviationType } from '../../../../shared/rules/sale'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The sale-report list's filters as they stand in the URL (and go to GET /api/sale-reports). */
export type SaleReportFilters = {
  status?: string
  providerId?: string
  productId?: string
  teamId?: string
  officeId?: string
  sellerId?: string
  from?: string
  to?: string
}
export const FILTER_KEYS = ['status', 'providerId', 'productId', 'teamId', 'officeId', 'sellerId', 'from', 'to'] as const

export function listSaleReports(q: ListQuery, filters: SaleReportFilters, signal?: AbortSignal) {
  return getList(rpc['sale-reports'].$get, q, filters, signal)
}

export function getSaleReport(id: string, signal?: AbortSignal) {
  return call(rpc['sale-reports'][':id'].$get({ param: { id } }, { init: { signal } }))
}

export type StatusMove = { status: SaleStatus; reason: string | null; deviationType: DeviationType | null }

export function moveSaleReport(id: string, version: number, move: StatusMove) {
  return call(rpc['sale-reports'][':id'].status.$post({ param: { id }, json: { ...move, version } }))
}

export function moveSaleReports(items: Array<{ id: string; version: number }>, move: StatusMove) {
  return call(rpc['sale-reports'].status.$post({ json: { items, ...move } }))
}
