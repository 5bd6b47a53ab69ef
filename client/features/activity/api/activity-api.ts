import type { ListQuery } from '../../../../shared/schemas/pagination'
import { listQueryParams } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The activity-log search's own filters, as URL keys beside the list query's. */
export const ACTIVITY_FILTER_KEYS = ['actorId', 'entity', 'entityId', 'action', 'from', 'to'] as const
export type ActivityFilters = Partial<Record<(typeof ACTIVITY_FILTER_KEYS)[number], string>>

export function searchActivity(q: ListQuery, filters: ActivityFilters = {}, signal?: AbortSignal) {
  return call(rpc['activity-log'].$get({ query: listQueryParams(q, filters) as never }, { init: { signal } }))
}
