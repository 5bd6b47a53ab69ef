import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { BiQuery } from '../../../shared/schemas/assistant'
import { pq, sq } from './columns'
import { roles, rolesPg, users, usersPg } from './identity'

/**
 * The BI assistant's saved statistics (docs/decisions/053). Each table twice, SQLite then PostgreSQL (conventions
 * in ./sqlite.ts). Its request quota lives in `rate_limits` (rate-limiter-flexible's store, shared by every instance).
 */

/** An answer's query kept with a name: re-run under the opener's own scope whenever it is opened. */
export const assistantStats = s.sqliteTable(
  'assistant_stats',
  {
    id: sq.id(),
    ownerId: s
      .text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: s.text('name').notNull(),
    query: s.text('query', { mode: 'json' }).$type<BiQuery>().notNull(),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('assistant_stats_owner').on(t.ownerId, t.updatedAt)],
)

export const assistantStatsPg = p.pgTable(
  'assistant_stats',
  {
    id: pq.id(),
    ownerId: p
      .text('owner_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    name: p.text('name').notNull(),
    query: p.jsonb('query').$type<BiQuery>().notNull(),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('assistant_stats_owner').on(t.ownerId, t.updatedAt)],
)

/** The roles a statistic is shared with: their users find it in their list. */
export const assistantStatRoles = s.sqliteTable(
  'assistant_stat_roles',
  {
    statId: s
      .text('stat_id')
      .notNull()
      .references(() => assistantStats.id, { onDelete: 'cascade' }),
    roleId: s
      .text('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [s.primaryKey({ columns: [t.statId, t.roleId] }), s.index('assistant_stat_roles_role').on(t.roleId)],
)

export const assistantStatRolesPg = p.pgTable(
  'assistant_stat_roles',
  {
    statId: p
      .text('stat_id')
      .notNull()
      .references(() => assistantStatsPg.id, { onDelete: 'cascade' }),
    roleId: p
      .text('role_id')
      .notNull()
      .references(() => rolesPg.id, { onDelete: 'cascade' }),
  },
  (t) => [p.primaryKey({ columns: [t.statId, t.roleId] }), p.index('assistant_stat_roles_role').on(t.roleId)],
)
