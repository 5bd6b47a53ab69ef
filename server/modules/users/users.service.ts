import type { Database } from '../../db/client'

import { usersContext, type UsersOptions } from './users.context'
import { userCreation, userEdits, userImport, userLifecycle } from './users.changes'
import { userReads } from './users.reads'

export type { UserActor, UserRow } from './users.context'

/**
 * The users area's one write path (decision 033): create, edit, deactivate, reactivate and bulk changes, each one
 * transaction with its activity-log lines and its `user.changed` event. Who may change a user: `update users`
 * within scope, on a user who does not outrank the editor (shared/permissions/grant.ts: a clerk does not take
 * over an administrator's account).
 * Assembled from its parts: users.reads.ts and users.changes.ts over users.context.ts.
 */
export function usersService(database: Database, opts: UsersOptions) {
  const ctx = usersContext(database, opts)
  const reads = userReads(ctx)
  return { reads, creation: userCreation(ctx), edits: userEdits(ctx, reads), lifecycle: userLifecycle(ctx, reads), imports: userImport(ctx) }
}

export type UsersService = ReturnType<typeof usersService>
