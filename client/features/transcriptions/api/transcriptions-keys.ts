import type { ListQuery } from '../../../../shared/schemas/pagination'

/** Seller transcriptions' cache keys (docs/how-to.md). */
export const transcriptionsKeys = {
  all: ['transcriptions'] as const,
  list: (query: ListQuery, filters: object) => ['transcriptions', 'list', query, filters] as const,
  detail: (id: string) => ['transcriptions', 'detail', id] as const,
  settings: ['transcriptions', 'settings'] as const,
  scripts: ['transcriptions', 'scripts'] as const,
  proposedProvider: (sellerId: string | undefined, at: number | undefined) => ['transcriptions', 'proposed-provider', sellerId, at] as const,
}
