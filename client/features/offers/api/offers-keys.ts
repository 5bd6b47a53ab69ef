import type { ListQuery } from '../../../../shared/schemas/pagination'

/** Written offers' cache keys (docs/how-to.md). */
export const offersKeys = {
  all: ['offers'] as const,
  list: (query: ListQuery, filters: object) => ['offers', 'list', query, filters] as const,
  stats: (from: string, to: string) => ['offers', 'stats', from, to] as const,
  rules: ['offers', 'rules'] as const,
  eid: ['offers', 'eid'] as const,
  sale: (saleId: string) => ['offers', 'sale', saleId] as const,
  publicOffer: (token: string) => ['public-offer', token] as const,
}
