import type { ContactBlockInput, UpdateCustomerInput } from '../../../../shared/schemas/customers'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

/** The customer register's calls (docs/decisions/027), through the typed client. */

export type CustomerFilters = { type?: string }
export const CUSTOMER_FILTER_KEYS = ['type'] as const

export const listCustomers = (q: ListQuery, filters: CustomerFilters, signal?: AbortSignal) => getList(rpc.customers.$get, q, filters, signal)
export const getCustomer = (id: string, signal?: AbortSignal) => call(rpc.customers[':id'].$get({ param: { id } }, { init: { signal } }))
export const updateCustomer = (id: string, json: UpdateCustomerInput) => call(rpc.customers[':id'].$patch({ param: { id }, json }))

/** The do-not-contact register (docs/decisions/096). */
export const listContactBlocks = (q: ListQuery, _filters: object, signal?: AbortSignal) => getList(rpc['contact-blocks'].$get, q, {}, signal)
export const addContactBlock = (json: ContactBlockInput) => call(rpc['contact-blocks'].$post({ json }))
export const removeContactBlock = (id: string, reason: string) => call(rpc['contact-blocks'][':id'].remove.$post({ param: { id }, json: { reason } }))
