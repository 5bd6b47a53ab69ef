import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The orders feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const ordersKeys = {
  all: ['orders'] as const,
  list: (query: ListQuery, filters: object) => ['orders', query, filters] as const,
  detail: (id: string) => ['order', id] as const,
  import: (importId: string | null | undefined) => ['order-import', importId] as const,
  unmatchedSales: {
    all: ['orders-unmatched-sales'] as const,
    of: (providerId: string | null | undefined, period: object | null) => ['orders-unmatched-sales', providerId, period] as const,
  },
}
