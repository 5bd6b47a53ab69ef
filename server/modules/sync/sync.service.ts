import type { Database } from '../../db/client'
import { type SyncHooks, type SyncParts } from '../../lib/sync-contract'
import { syncContext } from './sync.context'
import { syncPush } from './sync.push'
import { syncPull } from './sync.pull'

export { type SyncUser } from './sync.context'

/**
 * The server side of the sync queue (docs/decisions/008): push applies a device's mutations exactly once,
 * in order, each in its own transaction together with the client's lastMutationId; pull answers what
 * changed for the user since their cookie, read in one transaction. The protocol only: what a mutation does
 * and which rows travel come from the areas (`parts`, assembled in server/composition/areas.ts).
 */
export function syncService(database: Database, parts: SyncParts, hooks: SyncHooks = {}) {
  const ctx = syncContext(database, parts, hooks)
  return {
    pushes: syncPush(ctx),
    pulls: syncPull(ctx),
  }
}
