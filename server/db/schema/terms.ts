import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import { pq, sq } from './columns'

/**
 * Terms of use (docs/decisions/039): numbered versions with their text per language, drafted then published (the
 * newest published one is in force), and each person's answer to a version. Each table twice, SQLite then
 * PostgreSQL (conventions in ./sqlite.ts).
 */

export type TermsTexts = { sv: string; en: string; fi: string }

export const termsVersions = s.sqliteTable(
  'terms_versions',
  {
    id: sq.id(),
    number: s.integer('number').notNull().unique(),
    texts: s.text('texts', { mode: 'json' }).$type<TermsTexts>().notNull(),
    status: s.text('status', { enum: ['draft', 'published'] }).notNull(),
    createdAt: sq.createdAt(),
    updatedAt: s.integer('updated_at').notNull(),
    publishedAt: s.integer('published_at'),
    publishedBy: s.text('published_by'),
    version: s.integer('version').notNull().default(1),
  },
  (t) => [s.index('terms_versions_published').on(t.status, t.publishedAt)],
)

export const termsVersionsPg = p.pgTable(
  'terms_versions',
  {
    id: pq.id(),
    number: p.integer('number').notNull().unique(),
    texts: p.jsonb('texts').$type<TermsTexts>().notNull(),
    status: p.text('status', { enum: ['draft', 'published'] }).notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.ms('updated_at').notNull(),
    publishedAt: pq.ms('published_at'),
    publishedBy: p.text('published_by'),
    version: p.integer('version').notNull().default(1),
  },
  (t) => [p.index('terms_versions_published').on(t.status, t.publishedAt)],
)

/** A person's answer to a version: accepted, or declined (then asked again at their next sign-in). */
export const termsAnswers = s.sqliteTable(
  'terms_answers',
  {
    versionId: s
      .text('version_id')
      .notNull()
      .references(() => termsVersions.id, { onDelete: 'cascade' }),
    userId: s.text('user_id').notNull(),
    answer: s.text('answer', { enum: ['accepted', 'declined'] }).notNull(),
    at: s.integer('at').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.versionId, t.userId] })],
)

export const termsAnswersPg = p.pgTable(
  'terms_answers',
  {
    versionId: p
      .text('version_id')
      .notNull()
      .references(() => termsVersionsPg.id, { onDelete: 'cascade' }),
    userId: p.text('user_id').notNull(),
    answer: p.text('answer', { enum: ['accepted', 'declined'] }).notNull(),
    at: pq.ms('at').notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.versionId, t.userId] })],
)
