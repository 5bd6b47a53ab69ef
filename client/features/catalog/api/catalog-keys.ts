import type { ListQuery } from '../../../../shared/schemas/pagination'

/** The catalog feature's cache keys: every query and invalidation of its data uses these (docs/how-to.md). */
export const catalogKeys = {
  providers: {
    all: ['providers'] as const,
    list: (query: ListQuery, filters: object) => ['providers', query, filters] as const,
  },
  provider: {
    all: ['provider'] as const,
    detail: (id: string) => ['provider', id] as const,
  },
  products: {
    all: ['products'] as const,
    list: (query: ListQuery, filters: object) => ['products', query, filters] as const,
  },
  product: (id: string) => ['product', id] as const,
  categories: ['product-categories'] as const,
  categoryLog: {
    all: ['category-log'] as const,
    of: (categoryId: string) => ['category-log', categoryId] as const,
  },
}
