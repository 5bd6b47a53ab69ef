import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'
import type { MessageAudience } from '../../../shared/schemas/notifications'
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
    /** what it is about (shared/schemas/notifications.ts NOTIFICATION_TYPES); the profile's settings are per type */
    type: s.text('type').notNull().default('message'),
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
    type: p.text('type').notNull().default('message'),
    title: p.text('title').notNull(),
    message: p.text('message').notNull(),
    link: p.text('link'),
    fromName: p.text('from_name'),
    readAt: pq.ms('read_at'),
    createdAt: pq.ms('created_at').notNull(),
  },
  (t) => [p.index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)

/** A browser's Web Push subscription (RFC 8030) for the signed-in user; one row per endpoint. */
export const pushSubscriptions = s.sqliteTable(
  'push_subscriptions',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: s.text('endpoint').notNull().unique(),
    p256dh: s.text('p256dh').notNull(),
    auth: s.text('auth').notNull(),
    userAgent: s.text('user_agent'),
    createdAt: sq.createdAt(),
    lastSuccessAt: s.integer('last_success_at'),
  },
  (t) => [s.index('push_subscriptions_user').on(t.userId)],
)

export const pushSubscriptionsPg = p.pgTable(
  'push_subscriptions',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    endpoint: p.text('endpoint').notNull().unique(),
    p256dh: p.text('p256dh').notNull(),
    auth: p.text('auth').notNull(),
    userAgent: p.text('user_agent'),
    createdAt: pq.createdAt(),
    lastSuccessAt: pq.ms('last_success_at'),
  },
  (t) => [p.index('push_subscriptions_user').on(t.userId)],
)

/**
 * Who receives deviation alerts for a team or an office beyond the defaults (the seller and the team's coaches):
 * /user-admin/users/deviations.
 */
export const alertRecipients = s.sqliteTable(
  'alert_recipients',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scope: s.text('scope', { enum: ['team', 'office'] }).notNull(),
    scopeId: s.text('scope_id').notNull(),
    createdAt: sq.createdAt(),
    createdBy: s.text('created_by'),
  },
  (t) => [s.uniqueIndex('alert_recipients_unique').on(t.scope, t.scopeId, t.userId)],
)

export const alertRecipientsPg = p.pgTable(
  'alert_recipients',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id, { onDelete: 'cascade' }),
    scope: p.text('scope', { enum: ['team', 'office'] }).notNull(),
    scopeId: p.text('scope_id').notNull(),
    createdAt: pq.createdAt(),
    createdBy: p.text('created_by'),
  },
  (t) => [p.uniqueIndex('alert_recipients_unique').on(t.scope, t.scopeId, t.userId)],
)

/** A message an administrator sent (/user-admin/users/notifications): what, to whom, how many it reached. */
export const notificationMessages = s.sqliteTable(
  'notification_messages',
  {
    id: sq.id(),
    title: s.text('title').notNull(),
    message: s.text('message').notNull(),
    link: s.text('link'),
    audience: s.text('audience', { mode: 'json' }).$type<MessageAudience>().notNull(),
    recipients: s.integer('recipients').notNull(),
    sentBy: s.text('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: s.integer('sent_at').notNull(),
  },
  (t) => [s.index('notification_messages_sent').on(t.sentAt)],
)

export const notificationMessagesPg = p.pgTable(
  'notification_messages',
  {
    id: pq.id(),
    title: p.text('title').notNull(),
    message: p.text('message').notNull(),
    link: p.text('link'),
    audience: p.jsonb('audience').$type<MessageAudience>().notNull(),
    recipients: p.integer('recipients').notNull(),
    sentBy: p.text('sent_by').references(() => usersPg.id, { onDelete: 'set null' }),
    sentAt: pq.ms('sent_at').notNull(),
  },
  (t) => [p.index('notification_messages_sent').on(t.sentAt)],
)
