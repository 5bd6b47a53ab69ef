import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/** The mail outbox. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

/** Every mail the app sends, rendered in the recipient's language; kept when no SMTP server is configured. */
export const mailOutbox = s.sqliteTable(
  'mail_outbox',
  {
    id: s.text('id').primaryKey(),
    to: s.text('to').notNull(),
    template: s.text('template').notNull(),
    language: s.text('language').notNull(),
    subject: s.text('subject').notNull(),
    text: s.text('text').notNull(),
    html: s.text('html'),
    /** queued → sending → sent; kept (no SMTP); failed (gave up); unconfirmed (the process died while sending) */
    status: s.text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    lastError: s.text('last_error'),
    createdAt: sq.createdAt(),
    sentAt: s.integer('sent_at'),
  },
  (t) => [s.index('mail_outbox_created').on(t.createdAt)],
)

export const mailOutboxPg = p.pgTable(
  'mail_outbox',
  {
    id: p.text('id').primaryKey(),
    to: p.text('to').notNull(),
    template: p.text('template').notNull(),
    language: p.text('language').notNull(),
    subject: p.text('subject').notNull(),
    text: p.text('text').notNull(),
    html: p.text('html'),
    status: p.text('status', { enum: ['queued', 'sending', 'sent', 'kept', 'failed', 'unconfirmed'] }).notNull(),
    lastError: p.text('last_error'),
    createdAt: pq.createdAt(),
    sentAt: pq.ms('sent_at'),
  },
  (t) => [p.index('mail_outbox_created').on(t.createdAt)],
)
