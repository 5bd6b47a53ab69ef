import type { ListAnswer, ListQuery } from '../../../../shared/schemas/pagination'
import type { CreateUserInput, TeamListItem, UserListItem } from '../../../../shared/schemas/users'
import { listQueryString } from '../../../components/ui/data-table/use-list-query'
import { api } from '../../../lib/api-client'

export type RoleOption = { id: string; key: string; name: string }

export function listUsers(q: ListQuery, signal?: AbortSignal) {
  return api<ListAnswer<UserListItem>>(`/users?${listQueryString(q)}`, { signal })
}

export function roleOptions() {
  return api<{ items: RoleOption[] }>('/users/role-options')
}

export function teamOptions() {
  return api<ListAnswer<TeamListItem>>('/teams?itemsPerPage=100&sortBy=name')
}

export function createUser(input: CreateUserInput) {
  return api<{ id: string }>('/users', { method: 'POST', body: input })
}
