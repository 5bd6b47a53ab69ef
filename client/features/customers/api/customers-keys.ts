import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The customers feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const customersKeys = {
  all: ['customers'] as const,
  list: (query: ListQuery, filters: object) => ['customers', query, filters] as const,
  detail: (id: string) => ['customer', id] as const,
  blocks: {
    all: ['contact-blocks'] as const,
    list: (query: ListQuery, filters: object) => ['contact-blocks', query, filters] as const,
  },
}
