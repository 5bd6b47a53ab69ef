import { table } from './table'

/**
 * Terms of use (docs/decisions/039): numbered versions with their text per language, drafted then published (the
 * newest published one is in force), and each person's answer to a version. Each table once for both databases (./table.ts; conventions in ./sqlite.ts).
 */

export type TermsTexts = { sv: string; en: string; fi: string }

export const [termsVersions, termsVersionsPg] = table(
  'terms_versions',
  (k) => ({
    id: k.id(),
    number: k.integer('number').notNull().unique(),
    texts: k.json('texts').$type<TermsTexts>().notNull(),
    status: k.text('status', { enum: ['draft', 'published'] }).notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.ms('updated_at').notNull(),
    publishedAt: k.ms('published_at'),
    publishedBy: k.text('published_by'),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.index('terms_versions_published').on(t.status, t.publishedAt)],
)

/** A person's answer to a version: accepted, or declined (then asked again at their next sign-in). */
export const [termsAnswers, termsAnswersPg] = table(
  'terms_answers',
  (k) => ({
    versionId: k.ref('version_id', () => termsVersions, 'cascade').notNull(),
    userId: k.text('user_id').notNull(),
    answer: k.text('answer', { enum: ['accepted', 'declined'] }).notNull(),
    at: k.ms('at').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.versionId, t.userId] })],
)
