import type {
  CreateCategoryInput,
  CreateProductInput,
  CreateProviderInput,
  UpdateCategoryInput,
  UpdateProductInput,
  UpdateProviderInput,
} from '../../../../shared/schemas/catalog'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The catalog's calls (docs/decisions/027), through the typed client. */

export type ProviderFilters = { type?: string; active?: string }
export const PROVIDER_FILTER_KEYS = ['type', 'active'] as const
export type ProductFilters = { providerId?: string; categoryId?: string; active?: string }
export const PRODUCT_FILTER_KEYS = ['providerId', 'categoryId', 'active'] as const

export const listProviders = (q: ListQuery, filters: ProviderFilters, signal?: AbortSignal) => getList(rpc.providers.$get, q, filters, signal)
export const getProvider = (id: string, signal?: AbortSignal) => call(rpc.providers[':id'].$get({ param: { id } }, { init: { signal } }))
export const createProvider = (json: CreateProviderInput) => call(rpc.providers.$post({ json }))
export const updateProvider = (id: string, json: UpdateProviderInput) => call(rpc.providers[':id'].$patch({ param: { id }, json }))
export const setProviderActive = (id: string, active: boolean, version: number) =>
  call(rpc.providers[':id'].active.$post({ param: { id }, json: { active, version } }))
export const copyProducts = (id: string, fromProviderId: string) =>
  call(rpc.providers[':id']['copy-products'].$post({ param: { id }, json: { fromProviderId } }))

export const listProducts = (q: ListQuery, filters: ProductFilters, signal?: AbortSignal) => getList(rpc.products.$get, q, filters, signal)
export const getProduct = (id: string, signal?: AbortSignal) => call(rpc.products[':id'].$get({ param: { id } }, { init: { signal } }))
export const createProduct = (json: CreateProductInput) => call(rpc.products.$post({ json }))
export const updateProduct = (id: string, json: UpdateProductInput) => call(rpc.products[':id'].$patch({ param: { id }, json }))
export const setProductActive = (id: string, active: boolean, version: number) =>
  call(rpc.products[':id'].active.$post({ param: { id }, json: { active, version } }))

export const listCategories = (signal?: AbortSignal) => call(rpc['product-categories'].$get(undefined, { init: { signal } }))
export const createCategory = (json: CreateCategoryInput) => call(rpc['product-categories'].$post({ json }))
export const updateCategory = (id: string, json: UpdateCategoryInput) => call(rpc['product-categories'][':id'].$patch({ param: { id }, json }))
export const setCategoryActive = (id: string, active: boolean, version: number) =>
  call(rpc['product-categories'][':id'].active.$post({ param: { id }, json: { active, version } }))
export const applyCommissions = (id: string, version: number) =>
  call(rpc['product-categories'][':id']['apply-commissions'].$post({ param: { id }, json: { version } }))
export const categoryActivity = (id: string, signal?: AbortSignal) =>
  call(rpc['product-categories'][':id'].activity.$get({ param: { id } }, { init: { signal } }))
