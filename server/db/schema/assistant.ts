import type { BiQuery } from '../../../shared/schemas/assistant'

import { table } from './table'

import { roles, users } from './identity'

/**
 * The BI assistant's saved statistics (docs/decisions/053). Each table once for both databases (./table.ts; conventions in ./sqlite.ts). Its request quota lives in `rate_limits` (rate-limiter-flexible's store, shared by every instance).
 */

/** An answer's query kept with a name: re-run under the opener's own scope whenever it is opened. */
export const [assistantStats, assistantStatsPg] = table(
  'assistant_stats',
  (k) => ({
    id: k.id(),
    ownerId: k.ref('owner_id', () => users, 'cascade').notNull(),
    name: k.text('name').notNull(),
    query: k.json('query').$type<BiQuery>().notNull(),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('assistant_stats_owner').on(t.ownerId, t.updatedAt)],
)

/** The roles a statistic is shared with: their users find it in their list. */
export const [assistantStatRoles, assistantStatRolesPg] = table(
  'assistant_stat_roles',
  (k) => ({
    statId: k.ref('stat_id', () => assistantStats, 'cascade').notNull(),
    roleId: k.ref('role_id', () => roles, 'cascade').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.statId, t.roleId] }), k.index('assistant_stat_roles_role').on(t.roleId)],
)
