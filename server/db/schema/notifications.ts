import { table } from './table'

import type { MessageAudience } from '../../../shared/schemas/notifications'

import { users } from './identity'

/** What reaches a user in the navbar bells. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** What reaches a user in the navbar bells: general notifications and deviation alerts. */
export const [notifications, notificationsPg] = table(
  'notifications',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    kind: k.text('kind', { enum: ['general', 'deviation'] }).notNull(),
    /** what it is about (shared/schemas/notifications.ts NOTIFICATION_TYPES); the profile's settings are per type */
    type: k.text('type').notNull().default('message'),
    title: k.text('title').notNull(),
    message: k.text('message').notNull(),
    link: k.text('link'),
    fromName: k.text('from_name'),
    readAt: k.ms('read_at'),
    createdAt: k.ms('created_at').notNull(),
  }),
  (t, k) => [k.index('notifications_user_kind').on(t.userId, t.kind, t.createdAt)],
)

/** A browser's Web Push subscription (RFC 8030) for the signed-in user; one row per endpoint. */
export const [pushSubscriptions, pushSubscriptionsPg] = table(
  'push_subscriptions',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    endpoint: k.text('endpoint').notNull().unique(),
    p256dh: k.text('p256dh').notNull(),
    auth: k.text('auth').notNull(),
    userAgent: k.text('user_agent'),
    createdAt: k.createdAt(),
    lastSuccessAt: k.ms('last_success_at'),
  }),
  (t, k) => [k.index('push_subscriptions_user').on(t.userId)],
)

/**
 * Who receives deviation alerts for a team or an office beyond the defaults (the seller and the team's coaches):
 * /user-admin/users/deviations.
 */
export const [alertRecipients, alertRecipientsPg] = table(
  'alert_recipients',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users, 'cascade').notNull(),
    scope: k.text('scope', { enum: ['team', 'office'] }).notNull(),
    scopeId: k.text('scope_id').notNull(),
    createdAt: k.createdAt(),
    createdBy: k.text('created_by'),
  }),
  (t, k) => [k.uniqueIndex('alert_recipients_unique').on(t.scope, t.scopeId, t.userId)],
)

/** A message an administrator sent (/user-admin/users/notifications): what, to whom, how many it reached. */
export const [notificationMessages, notificationMessagesPg] = table(
  'notification_messages',
  (k) => ({
    id: k.id(),
    title: k.text('title').notNull(),
    message: k.text('message').notNull(),
    link: k.text('link'),
    audience: k.json('audience').$type<MessageAudience>().notNull(),
    recipients: k.integer('recipients').notNull(),
    sentBy: k.ref('sent_by', () => users, 'set null'),
    sentAt: k.ms('sent_at').notNull(),
  }),
  (t, k) => [k.index('notification_messages_sent').on(t.sentAt)],
)
