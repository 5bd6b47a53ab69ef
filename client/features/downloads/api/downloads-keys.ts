import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The downloads centre's cache keys (docs/how-to.md): the realtime binding refreshes them when a file is ready. */
export const downloadsKeys = {
  all: ['downloads'] as const,
  list: (query: ListQuery, filters: object) => ['downloads', 'list', query, filters] as const,
}
