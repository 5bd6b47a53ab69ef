import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The devices' cache keys (docs/how-to.md). */
export const devicesKeys = {
  all: ['devices'] as const,
  list: (query: ListQuery, filters: object) => ['devices', 'list', query, filters] as const,
  detail: (id: string) => ['devices', 'detail', id] as const,
  settings: ['devices', 'settings'] as const,
}
