import type { Deps } from '../../platform/deps'
import { rolesContext } from './roles.context'

import { roleReads } from './roles.reads'
import { roleChanges } from './roles.changes'

/**
 * Roles and their permissions (docs/decisions/032): created, edited and deleted here and nowhere else, each change
 * one transaction with its activity-log lines and a `role.changed` event. Nobody gives or takes away a permission
 * they do not hold themselves (shared/permissions/grant.ts); a role's users keep working: deleting a role that has
 * users moves them to another role the deleter may give. `onChanged` runs once a change has committed (the
 * session cache is dropped, so the holders' next request uses the new rules).
 */
export function rolesService(deps: Pick<Deps, 'database' | 'events'>, opts: { onChanged: () => void; now?: () => number }) {
  const ctx = rolesContext(deps, opts)
  return { reads: roleReads(ctx), changes: roleChanges(ctx) }
}

export type RolesService = ReturnType<typeof rolesService>
