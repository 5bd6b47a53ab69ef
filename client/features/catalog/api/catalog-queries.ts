import { catalogKeys } from './catalog-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { categoryActivity, listCategories } from './catalog-api'

/** The catalog feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useCategories(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: catalogKeys.categories, queryFn: ({ signal }) => listCategories(signal), ...options })
}

export function useCategoryActivity(categoryId: string) {
  return useQuery({ queryKey: catalogKeys.categoryLog.of(categoryId), queryFn: ({ signal }) => categoryActivity(categoryId, signal) })
}

/** What follows a change to the categories: their list, the products (their commissions) and the categories' logs. */
export function useRefreshCategories() {
  const queryClient = useQueryClient()
  return () => {
    void queryClient.invalidateQueries({ queryKey: catalogKeys.categories })
    void queryClient.invalidateQueries({ queryKey: catalogKeys.products.all })
    void queryClient.invalidateQueries({ queryKey: catalogKeys.categoryLog.all })
  }
}

/** What follows a change: the data it touched is read again. */
export function useRefreshCatalogProviders() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: catalogKeys.providers.all })
}
