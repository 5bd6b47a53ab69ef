import type { Database } from '../../db/client'
import { usersRepoContext } from './users.repo-context'

import { userListReads } from './users.repo-list'
import { userChecks } from './users.repo-checks'
import { userWrites } from './users.repo-writes'

export function usersRepo(database: Database) {
  const ctx = usersRepoContext(database)
  return { listReads: userListReads(ctx), checks: userChecks(ctx), writes: userWrites(ctx) }
}
