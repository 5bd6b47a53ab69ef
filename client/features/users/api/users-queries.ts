import { useQueryClient } from '@tanstack/react-query'
import type { ImportUsersInput } from '../../../../shared/schemas/users'
import { importUsers } from './users-api'
import { usersKeys } from './users-keys'

/** Checks a CSV of new users (`confirm: false`, nothing written) or imports its valid rows; an import reads the lists again. */
export function useImportUsers() {
  const queryClient = useQueryClient()
  return async (json: ImportUsersInput) => {
    const answer = await importUsers(json)
    if (json.confirm) void queryClient.invalidateQueries({ queryKey: usersKeys.all })
    return answer
  }
}
