import type { MessageChannel, MessageRecipients, MessageSchedule, MessageTemplate, MessageRunState } from '../../../shared/schemas/scheduled-messages'
import { table } from './table'

/**
 * Scheduled messages (docs/decisions/071). A message with its schedule and the next send it waits for; each
 * occurrence that ran is a run (one per message and occurrence: the unique index is what makes a second runner's
 * attempt a no-op); a run's recipients are frozen as deliveries, one per recipient, each handed to the mail outbox
 * and the bell once (its state moves from pending only in the transaction that hands it over).
 */

export const [scheduledMessages, scheduledMessagesPg] = table(
  'scheduled_messages',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    channel: k.text('channel').$type<MessageChannel>().notNull(),
    templates: k.json('templates').$type<Partial<Record<'sv' | 'en' | 'fi', MessageTemplate | null>>>().notNull(),
    senderName: k.text('sender_name'),
    senderEmail: k.text('sender_email'),
    senderPhone: k.text('sender_phone'),
    schedule: k.json('schedule').$type<MessageSchedule>().notNull(),
    timezone: k.text('timezone').notNull(),
    recipients: k.json('recipients').$type<MessageRecipients>().notNull(),
    active: k.bool('active').notNull(),
    /** the occurrence the message waits for (null: none left, or paused) */
    nextSendAt: k.ms('next_send_at'),
    version: k.integer('version').notNull(),
    createdBy: k.text('created_by'),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [k.index('scheduled_messages_name').on(t.name, t.id), k.index('scheduled_messages_next').on(t.nextSendAt, t.id)],
)

export const [scheduledMessageRuns, scheduledMessageRunsPg] = table(
  'scheduled_message_runs',
  (k) => ({
    id: k.id(),
    messageId: k.ref('message_id', () => scheduledMessages, 'cascade').notNull(),
    /** the occurrence it sends (a test: when it was asked for) */
    occurrenceAt: k.ms('occurrence_at').notNull(),
    test: k.bool('test').notNull(),
    requestedBy: k.text('requested_by'),
    state: k.text('state').$type<MessageRunState>().notNull(),
    recipients: k.integer('recipients').notNull(),
    startedAt: k.ms('started_at').notNull(),
    finishedAt: k.ms('finished_at'),
  }),
  (t, k) => [
    k.uniqueIndex('scheduled_message_runs_occurrence').on(t.messageId, t.occurrenceAt, t.test),
    k.index('scheduled_message_runs_started').on(t.messageId, t.startedAt),
  ],
)

export const [scheduledMessageDeliveries, scheduledMessageDeliveriesPg] = table(
  'scheduled_message_deliveries',
  (k) => ({
    runId: k.ref('run_id', () => scheduledMessageRuns, 'cascade').notNull(),
    /** a user's id, or `candidate:<id>` for a candidate (e-mail only) */
    recipientId: k.text('recipient_id').notNull(),
    name: k.text('name').notNull(),
    email: k.text('email'),
    language: k.text('language').notNull(),
    /** what they get, rendered in their language with their values when the occurrence ran */
    subject: k.text('subject').notNull(),
    body: k.text('body').notNull(),
    /** pending → sent (handed to the outbox and the bell) | failed (with why) */
    state: k.text('state', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    reason: k.text('reason'),
    mailId: k.text('mail_id'),
    notified: k.bool('notified').notNull(),
    sentAt: k.ms('sent_at'),
  }),
  (t, k) => [k.primaryKey({ columns: [t.runId, t.recipientId] }), k.index('scheduled_message_deliveries_pending').on(t.runId, t.state)],
)
