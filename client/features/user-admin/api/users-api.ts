import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { CreateUserInput } from '../../../../shared/schemas/users'
import { listQueryParams } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

export type RoleOption = { id: string; key: string; name: string }

export function listUsers(q: ListQuery, signal?: AbortSignal) {
  return call(rpc.users.$get({ query: listQueryParams(q) }, { init: { signal } }))
}

export function roleOptions(): Promise<{ items: RoleOption[] }> {
  return call(rpc.users['role-options'].$get())
}

export function teamOptions() {
  return call(rpc.teams.$get({ query: { itemsPerPage: '100', sortBy: 'name' } }))
}

export function createUser(input: CreateUserInput) {
  return call(rpc.users.$post({ json: input }))
}
