import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/** What reaches a user in the navbar bells. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** What reaches a user in the navbar bells: general notifications and deviation alerts. */
export const notifications = s.sqliteTable(
  'notifications',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: s.text('kind', { enum: ['general', 'deviation'] }).notNull(),
    title: s.text('title').notNull(),
    message: s.text('message').notNull(),
    link: s.text('link'),
    fromName: s.text('from_name'),
    readAt: s.integer('read_at'),
    createdAt: s.integer('created_at').notNull(),
  },
  (t) => [s.index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)

export const notificationsPg = p.pgTable(
  'notifications',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    kind: p.text('kind', { enum: ['general', 'deviation'] }).notNull(),
    title: p.text('title').notNull(),
    message: p.text('message').notNull(),
    link: p.text('link'),
    fromName: p.text('from_name'),
    readAt: pq.ms('read_at'),
    createdAt: pq.ms('created_at').notNull(),
  },
  (t) => [p.index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)
