import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The activity feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const activityKeys = {
  all: ['activity-log'] as const,
  list: (query: ListQuery, filters: object) => ['activity-log', query, filters] as const,
}
