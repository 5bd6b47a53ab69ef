import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The deviation list's filters as they stand in the URL (and go to GET /api/deviations). */
export type DeviationFilters = {
  state?: string
  type?: string
  providerId?: string
  teamId?: string
  officeId?: string
  sellerId?: string
}
export const DEVIATION_FILTER_KEYS = ['state', 'type', 'providerId', 'teamId', 'officeId', 'sellerId'] as const

export function listDeviations(q: ListQuery, filters: DeviationFilters, signal?: AbortSignal) {
  return getList(rpc.deviations.$get, q, filters, signal)
}

export function getDeviation(id: string, signal?: AbortSignal) {
  return call(rpc.deviations[':id'].$get({ param: { id } }, { init: { signal } }))
}

/** Whole days from `from` to `to` (a deviation's age). */
export function ageInDays(from: number, to: number): number {
  return Math.max(0, Math.floor((to - from) / 86_400_000))
}
