import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { rpc } from '../../../lib/api-client'

/** The activity-log search's own filters, as URL keys beside the list query's. */
export const ACTIVITY_FILTER_KEYS = ['actorId', 'entity', 'entityId', 'action', 'from', 'to'] as const
export type ActivityFilters = Partial<Record<(typeof ACTIVITY_FILTER_KEYS)[number], string>>

export function searchActivity(q: ListQuery, filters: ActivityFilters = {}, signal?: AbortSignal) {
  return getList(rpc['activity-log'].$get, q, filters, signal)
}
