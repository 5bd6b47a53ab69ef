import { usersKeys } from './users-keys'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { listExternalTemplates } from './external-accounts-api'
import { rolesList } from './roles-api'
import { getUser, importUsers, listRoles, listTitleItems, roleOptions, teamOptions, userTitles } from './users-api'
import type { ImportUsersInput } from '../../../../shared/schemas/users'

/** The users feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

/** Checks a CSV of new users (`confirm: false`, nothing written) or imports its valid rows; an import reads the lists again. */
export function useImportUsers() {
  const queryClient = useQueryClient()
  return async (json: ImportUsersInput) => {
    const answer = await importUsers(json)
    if (json.confirm) void queryClient.invalidateQueries({ queryKey: usersKeys.all })
    return answer
  }
}

export function useRoleOptions(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersKeys.roleOptions, queryFn: roleOptions, ...options })
}

export function useTeamOptions(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersKeys.teamOptions, queryFn: teamOptions, ...options })
}

export function useUserTitles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersKeys.titles, queryFn: ({ signal }) => userTitles(signal), ...options })
}

export function useRoles(options: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: usersKeys.roles, queryFn: ({ signal }) => listRoles(signal), ...options })
}

export function useExternalTemplates() {
  return useQuery({ queryKey: usersKeys.externalTemplates, queryFn: ({ signal }) => listExternalTemplates(signal) })
}

export function useRolesList() {
  return useQuery({ queryKey: usersKeys.roles, queryFn: ({ signal }) => rolesList(signal) })
}

export function useTitleItems() {
  return useQuery({ queryKey: usersKeys.titleItems, queryFn: ({ signal }) => listTitleItems(signal) })
}

export function useUser(id: string) {
  return useQuery({ queryKey: usersKeys.user.detail(id), queryFn: ({ signal }) => getUser(id, signal), retry: false })
}

/** What follows a change: the data it touched is read again. */
export function useRefreshUsers() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.all })
}

export function useRefreshUsersExternalTemplates() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.externalTemplates })
}

export function useRefreshUsersRoles() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.roles })
}

export function useRefreshUsersTitleItems() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.titleItems })
}

export function useRefreshUsersTitles() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.titles })
}

export function useRefreshUsersUser() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: usersKeys.user.all })
}

export function useRefreshUsersUserDetail() {
  const queryClient = useQueryClient()
  return (...args: Parameters<typeof usersKeys.user.detail>) => queryClient.invalidateQueries({ queryKey: usersKeys.user.detail(...args) })
}
