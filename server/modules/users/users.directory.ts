import type { Database } from '../../db/client'
import { usersDirectoryContext } from './users.directory-context'
export type { Person } from './users.directory-context'

import { peopleDirectory } from './users.directory-people'
import { placeDirectory } from './users.directory-places'
import { nameDirectory } from './users.directory-names'
import { starterDirectory } from './users.directory-starters'

/**
 * What other areas may ask the users area about people (answered in server/composition/areas.ts, never by reading its tables):
 * the active users among some ids, a team's coaches, everyone in a team, an office or a role.
 */
export function usersDirectory(deps: Database) {
  const ctx = usersDirectoryContext(deps)
  return { people: peopleDirectory(ctx), places: placeDirectory(ctx), nameSearch: nameDirectory(ctx), starters: starterDirectory(ctx) }
}
export type UsersDirectory = ReturnType<typeof usersDirectory>
