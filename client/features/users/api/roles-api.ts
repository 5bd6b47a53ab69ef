import type { RoleInput } from '../../../../shared/schemas/roles'
import { call, rpc } from '../../../lib/api-client'

/** Roles and their permissions (docs/decisions/032). */
export function rolesList(signal?: AbortSignal) {
  return call(rpc.roles.$get(undefined, { init: { signal } }))
}

export function createRole(input: RoleInput) {
  return call(rpc.roles.$post({ json: input }))
}

export function updateRole(id: string, input: RoleInput) {
  return call(rpc.roles[':id'].$put({ param: { id }, json: input }))
}

export function deleteRole(id: string, replacementRoleId?: string) {
  return call(rpc.roles[':id'].$delete({ param: { id }, query: replacementRoleId ? { replacementRoleId } : {} }))
}
