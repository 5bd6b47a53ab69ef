import { table } from './table'

/** The mail outbox. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

/** Every mail the app sends, rendered in the recipient's language; kept when no SMTP server is configured. */
export const [mailOutbox, mailOutboxPg] = table(
  'mail_outbox',
  (k) => ({
    id: k.text('id').primaryKey(),
    to: k.text('to').notNull(),
    template: k.text('template').notNull(),
    language: k.text('language').notNull(),
    subject: k.text('subject').notNull(),
    text: k.text('text').notNull(),
    html: k.text('html'),
    /** the sender's name shown beside the app's own address, and where replies go (a scheduled message's sender) */
    fromName: k.text('from_name'),
    replyTo: k.text('reply_to'),
    /** queued → sending → sent; kept (no SMTP); failed (gave up); unconfirmed (the process died while sending) */
    status: k.text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    lastError: k.text('last_error'),
    createdAt: k.createdAt(),
    sentAt: k.ms('sent_at'),
  }),
  (t, k) => [k.index('mail_outbox_created').on(t.createdAt)],
)

/**
 * Every SMS the app sends (docs/decisions/094): the text as sent; kept when no SMS gateway is configured (SMS_URL),
 * else sent by a job, never twice — as the mail outbox.
 */
export const [smsOutbox, smsOutboxPg] = table(
  'sms_outbox',
  (k) => ({
    id: k.text('id').primaryKey(),
    /** E.164 (+46701234567) */
    to: k.text('to').notNull(),
    text: k.text('text').notNull(),
    status: k.text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    /** the gateway's id of the message */
    gatewayId: k.text('gateway_id'),
    lastError: k.text('last_error'),
    createdAt: k.createdAt(),
    sentAt: k.ms('sent_at'),
  }),
  (t, k) => [k.index('sms_outbox_created').on(t.createdAt)],
)
