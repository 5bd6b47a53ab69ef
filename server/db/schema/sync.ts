import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/** The sync protocol's bookkeeping: devices, refusals and the change counter (decision 008). Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** One row per device: the last mutation applied from it (the Replicache lastMutationID). */
export const syncClients = s.sqliteTable(
  'sync_clients',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastMutationId: s.integer('last_mutation_id').notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [s.index('sync_clients_user').on(t.userId)],
)

export const syncClientsPg = p.pgTable(
  'sync_clients',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    lastMutationId: p.integer('last_mutation_id').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [p.index('sync_clients_user').on(t.userId)],
)

/** Mutations the server refused for good, kept so the device can show why. */
export const syncRejections = s.sqliteTable(
  'sync_rejections',
  {
    clientId: s
      .text('client_id')
      .notNull()
      .references(() => syncClients.id, { onDelete: 'cascade' }),
    seq: s.integer('seq').notNull(),
    name: s.text('name').notNull(),
    code: s.text('code').notNull(),
    message: s.text('message').notNull(),
    fieldErrors: s.text('field_errors', { mode: 'json' }).$type<Record<string, string[]>>().notNull(),
    at: s.integer('at').notNull(),
  },
  (t) => [s.uniqueIndex('sync_rejections_pk').on(t.clientId, t.seq)],
)

export const syncRejectionsPg = p.pgTable(
  'sync_rejections',
  {
    clientId: p
      .text('client_id')
      .notNull()
      .references(() => syncClientsPg.id, { onDelete: 'cascade' }),
    seq: p.integer('seq').notNull(),
    name: p.text('name').notNull(),
    code: p.text('code').notNull(),
    message: p.text('message').notNull(),
    fieldErrors: p.jsonb('field_errors').$type<Record<string, string[]>>().notNull(),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.uniqueIndex('sync_rejections_pk').on(t.clientId, t.seq)],
)

/**
 * The one global change counter of before issue 40, now the baseline every user's own counter starts from (rows
 * written before then carry values up to it). Nothing increments it any more (server/db/change-counter.ts).
 */
export const syncVersion = s.sqliteTable('sync_version', {
  id: s.text('id').primaryKey(),
  version: s.integer('version').notNull(),
})

export const syncVersionPg = p.pgTable('sync_version', {
  id: p.text('id').primaryKey(),
  version: p.integer('version').notNull(),
})

/**
 * Each user's change counter: every row a user's device pulls carries the value of its owner's counter it was
 * written at (the pull cookie). Per user, so writers for different people never wait on one row (decision 057).
 */
export const syncUserVersions = s.sqliteTable('sync_user_versions', {
  userId: s.text('user_id').primaryKey(),
  version: s.integer('version').notNull(),
})

export const syncUserVersionsPg = p.pgTable('sync_user_versions', {
  userId: p.text('user_id').primaryKey(),
  version: p.integer('version').notNull(),
})
