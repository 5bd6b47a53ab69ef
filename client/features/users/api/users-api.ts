import type { ListQuery } from '../../../../shared/schemas/pagination'
import type {
  BulkUsersInput,
  CreateUserInput,
  ImportUsersInput,
  SensitiveUserField,
  UpdateUserInput,
  UserPermissionsInput,
} from '../../../../shared/schemas/users'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, rpc } from '../../../lib/api-client'

export type RoleOption = { id: string; key: string; name: string }

/** The users list's own filters, as URL keys beside the list query's. */
export const USER_FILTER_KEYS = ['roleId', 'teamId', 'officeId', 'regionId', 'title', 'status', 'createdSince'] as const
export type UserFilters = Partial<Record<(typeof USER_FILTER_KEYS)[number], string>>

export function listUsers(q: ListQuery, filters: UserFilters = {}, signal?: AbortSignal) {
  return getList(rpc.users.$get, q, filters, signal)
}

export const getUser = (id: string, signal?: AbortSignal) => call(rpc.users[':id'].$get({ param: { id } }, { init: { signal } }))
export const updateUser = (id: string, json: UpdateUserInput) => call(rpc.users[':id'].$put({ param: { id }, json }))
export const revealUser = (id: string, fields: SensitiveUserField[]) => call(rpc.users[':id'].reveal.$post({ param: { id }, json: { fields } }))
export const deactivateUser = (id: string, reason: string, version: number) =>
  call(rpc.users[':id'].deactivate.$post({ param: { id }, json: { reason, version } }))
export const reactivateUser = (id: string, version: number) => call(rpc.users[':id'].reactivate.$post({ param: { id }, json: { version } }))
export const resetMfa = (id: string, version: number) => call(rpc.users[':id']['mfa-reset'].$post({ param: { id }, json: { version } }))
export const bulkUsers = (json: BulkUsersInput) => call(rpc.users.bulk.$post({ json }))
export const userTitles = (signal?: AbortSignal) => call(rpc.users.titles.$get({}, { init: { signal } }))
export const listRoles = (signal?: AbortSignal) => call(rpc.roles.$get({}, { init: { signal } }))

export function roleOptions(): Promise<{ items: RoleOption[] }> {
  return call(rpc.users['role-options'].$get())
}

export function teamOptions() {
  return call(rpc.teams.$get({ query: { itemsPerPage: '100', sortBy: 'name' } }))
}

export function createUser(input: CreateUserInput) {
  return call(rpc.users.$post({ json: input }))
}

/** A CSV import of new users: `confirm: false` checks the file and writes nothing (decision 034). */
export const importUsers = (json: ImportUsersInput) => call(rpc.users.import.$post({ json }))

/** A user's direct permissions replaced (beside their role's), on the version the editor saw. */
export const setUserPermissions = (id: string, json: UserPermissionsInput) => call(rpc.users[':id'].permissions.$put({ param: { id }, json }))

/** The titles list (decision 040). */
export const listTitleItems = (signal?: AbortSignal) => call(rpc['user-titles'].$get({}, { init: { signal } }))
export const createTitle = (name: string) => call(rpc['user-titles'].$post({ json: { name } }))
export const renameTitle = (id: string, name: string, basedOn: string) => call(rpc['user-titles'][':id'].$put({ param: { id }, json: { name, basedOn } }))
export const deleteTitle = (id: string) => call(rpc['user-titles'][':id'].$delete({ param: { id } }))
