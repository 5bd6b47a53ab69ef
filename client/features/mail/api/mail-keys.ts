import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The mail feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const mailKeys = {
  all: ['mail-outbox'] as const,
  list: (query: ListQuery) => ['mail-outbox', query] as const,
}
