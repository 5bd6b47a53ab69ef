import { table } from './table'

import { users } from './identity'

/** The sync protocol's bookkeeping: devices, refusals and the change counter (decision 008). Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** One row per device: the last mutation applied from it (the Replicache lastMutationID). */
export const [syncClients, syncClientsPg] = table(
  'sync_clients',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    lastMutationId: k.integer('last_mutation_id').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('sync_clients_user').on(t.userId)],
)

/** Mutations the server refused for good, kept so the device can show why. */
export const [syncRejections, syncRejectionsPg] = table(
  'sync_rejections',
  (k) => ({
    clientId: k.ref('client_id', () => syncClients, 'cascade').notNull(),
    seq: k.integer('seq').notNull(),
    name: k.text('name').notNull(),
    code: k.text('code').notNull(),
    message: k.text('message').notNull(),
    fieldErrors: k.json('field_errors').$type<Record<string, string[]>>().notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.uniqueIndex('sync_rejections_pk').on(t.clientId, t.seq)],
)

/**
 * The one global change counter of before issue 40, now the baseline every user's own counter starts from (rows
 * written before then carry values up to it). Nothing increments it any more (server/db/change-counter.ts).
 */
export const [syncVersion, syncVersionPg] = table('sync_version', (k) => ({
  id: k.text('id').primaryKey(),
  version: k.integer('version').notNull(),
}))

/**
 * Each user's change counter: every row a user's device pulls carries the value of its owner's counter it was
 * written at (the pull cookie). Per user, so writers for different people never wait on one row (decision 057).
 */
export const [syncUserVersions, syncUserVersionsPg] = table('sync_user_versions', (k) => ({
  userId: k.text('user_id').primaryKey(),
  version: k.integer('version').notNull(),
}))
