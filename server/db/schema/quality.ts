import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { SurveyChannel, SurveyReason, SurveyStatus, TemplateContent } from '../../../shared/schemas/quality'
import { pq, sq } from './columns'

/**
 * Sale quality (docs/decisions/045): survey templates and their versions (a version with answers is never changed),
 * and one survey per called sale. A survey copies only what statistics group by (seller, team, office, provider,
 * sell date), never the customer. Scores and the satisfaction index are kept in tenths (an integer on both
 * dialects). Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts).
 */

const STATUSES = ['queued', 'answered', 'unreached', 'regret'] as const satisfies readonly SurveyStatus[]
const REASONS = ['new_seller', 'sample'] as const satisfies readonly SurveyReason[]
const CHANNELS = ['call', 'link', 'qr'] as const satisfies readonly SurveyChannel[]

export const qualityTemplates = s.sqliteTable(
  'quality_templates',
  {
    id: sq.id(),
    name: s.text('name').notNull(),
    /** null: the default for every provider without a template of its own */
    providerId: s.text('provider_id'),
    active: s.integer('active', { mode: 'boolean' }).notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
    version: s.integer('version').notNull().default(1),
  },
  (t) => [s.index('quality_templates_provider').on(t.providerId, t.active)],
)

export const qualityTemplatesPg = p.pgTable(
  'quality_templates',
  {
    id: pq.id(),
    name: p.text('name').notNull(),
    providerId: p.text('provider_id'),
    active: p.boolean('active').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
    version: p.integer('version').notNull().default(1),
  },
  (t) => [p.index('quality_templates_provider').on(t.providerId, t.active)],
)

export const qualityTemplateVersions = s.sqliteTable(
  'quality_template_versions',
  {
    id: sq.id(),
    templateId: s
      .text('template_id')
      .notNull()
      .references(() => qualityTemplates.id, { onDelete: 'cascade' }),
    number: s.integer('number').notNull(),
    content: s.text('content', { mode: 'json' }).$type<TemplateContent>().notNull(),
    createdAt: sq.createdAt(),
    createdBy: s.text('created_by'),
  },
  (t) => [s.uniqueIndex('quality_template_versions_number').on(t.templateId, t.number)],
)

export const qualityTemplateVersionsPg = p.pgTable(
  'quality_template_versions',
  {
    id: pq.id(),
    templateId: p
      .text('template_id')
      .notNull()
      .references(() => qualityTemplatesPg.id, { onDelete: 'cascade' }),
    number: p.integer('number').notNull(),
    content: p.jsonb('content').$type<TemplateContent>().notNull(),
    createdAt: pq.createdAt(),
    createdBy: p.text('created_by'),
  },
  (t) => [p.uniqueIndex('quality_template_versions_number').on(t.templateId, t.number)],
)

export const qualitySurveys = s.sqliteTable(
  'quality_surveys',
  {
    id: sq.id(),
    saleId: s.text('sale_id').notNull().unique(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    providerId: s.text('provider_id').notNull(),
    sellDate: s.text('sell_date').notNull(),
    soldAt: s.integer('sold_at').notNull(),
    reason: s.text('reason', { enum: REASONS }).notNull(),
    status: s.text('status', { enum: STATUSES }).notNull(),
    /** the template it is called with; its version is fixed when it is answered */
    templateId: s.text('template_id').notNull(),
    templateVersionId: s.text('template_version_id'),
    attempts: s.integer('attempts').notNull().default(0),
    /** the queue's order: the sale's time at first, put back after a try that did not reach the customer */
    nextTryAt: s.integer('next_try_at').notNull(),
    answers: s.text('answers', { mode: 'json' }).$type<Record<string, number | boolean | string>>(),
    scoreTenths: s.integer('score_tenths'),
    grade: s.text('grade'),
    nkiTenths: s.integer('nki_tenths'),
    channel: s.text('channel', { enum: CHANNELS }),
    regretReason: s.text('regret_reason'),
    answeredAt: s.integer('answered_at'),
    answeredBy: s.text('answered_by'),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
    version: s.integer('version').notNull().default(1),
  },
  (t) => [
    s.index('quality_surveys_queue').on(t.status, t.nextTryAt),
    s.index('quality_surveys_answered').on(t.answeredAt),
    s.index('quality_surveys_team').on(t.teamId, t.sellDate),
    s.index('quality_surveys_office').on(t.officeId, t.sellDate),
    // The statistics (docs/decisions/045) read a year of the whole organisation's surveys from these two alone:
    // by sell date (every figure, by provider, channel, month, grade) and by seller (the seller list, grouped in
    // index order). Each carries the columns counted, so no survey row is read; the first leaves out the seller's
    // columns, so the seller list's grouping takes the second.
    s.index('quality_surveys_seller_stats').on(t.sellerId, t.teamId, t.sellDate, t.status, t.scoreTenths, t.nkiTenths),
    s.index('quality_surveys_date_stats').on(t.sellDate, t.providerId, t.channel, t.status, t.scoreTenths, t.nkiTenths, t.grade),
    // Regret by reason (decision 045): a period's regret surveys with their reasons, read from the index alone.
    s.index('quality_surveys_regret').on(t.status, t.sellDate, t.regretReason),
    s.index('quality_surveys_version').on(t.templateVersionId),
  ],
)

export const qualitySurveysPg = p.pgTable(
  'quality_surveys',
  {
    id: pq.id(),
    saleId: p.text('sale_id').notNull().unique(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    providerId: p.text('provider_id').notNull(),
    sellDate: p.text('sell_date').notNull(),
    soldAt: pq.ms('sold_at').notNull(),
    reason: p.text('reason', { enum: REASONS }).notNull(),
    status: p.text('status', { enum: STATUSES }).notNull(),
    templateId: p.text('template_id').notNull(),
    templateVersionId: p.text('template_version_id'),
    attempts: p.integer('attempts').notNull().default(0),
    nextTryAt: pq.ms('next_try_at').notNull(),
    answers: p.jsonb('answers').$type<Record<string, number | boolean | string>>(),
    scoreTenths: p.integer('score_tenths'),
    grade: p.text('grade'),
    nkiTenths: p.integer('nki_tenths'),
    channel: p.text('channel', { enum: CHANNELS }),
    regretReason: p.text('regret_reason'),
    answeredAt: pq.ms('answered_at'),
    answeredBy: p.text('answered_by'),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
    version: p.integer('version').notNull().default(1),
  },
  (t) => [
    p.index('quality_surveys_queue').on(t.status, t.nextTryAt),
    p.index('quality_surveys_answered').on(t.answeredAt),
    p.index('quality_surveys_team').on(t.teamId, t.sellDate),
    p.index('quality_surveys_office').on(t.officeId, t.sellDate),
    // The statistics (docs/decisions/045) read a year of the whole organisation's surveys from these two alone:
    // by sell date (every figure, by provider, channel, month, grade) and by seller (the seller list, grouped in
    // index order). Each carries the columns counted, so no survey row is read; the first leaves out the seller's
    // columns, so the seller list's grouping takes the second.
    p.index('quality_surveys_seller_stats').on(t.sellerId, t.teamId, t.sellDate, t.status, t.scoreTenths, t.nkiTenths),
    p.index('quality_surveys_date_stats').on(t.sellDate, t.providerId, t.channel, t.status, t.scoreTenths, t.nkiTenths, t.grade),
    // Regret by reason (decision 045): a period's regret surveys with their reasons, read from the index alone.
    p.index('quality_surveys_regret').on(t.status, t.sellDate, t.regretReason),
    p.index('quality_surveys_version').on(t.templateVersionId),
  ],
)

/**
 * The satisfaction index by month (profitability, docs/decisions/051): the answered surveys with an NKI per calendar
 * month of the sale, seller, and the team and office of the sale (no team or office is '') — how many and the sum of
 * their NKI in tenths. Written only where a survey is answered, in that transaction; a row whose count reaches 0 is
 * removed. A year of the whole organisation is a row per seller and month instead of a row per survey.
 */
export const qualityMonthNki = s.sqliteTable(
  'quality_month_nki',
  {
    month: s.text('month').notNull(),
    sellerId: s.text('seller_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    answers: s.integer('answers').notNull(),
    nkiTenthsSum: s.integer('nki_tenths_sum').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    // By team and by office with the sums: a period's teams or offices are summed from the index alone.
    s.index('quality_month_nki_team').on(t.teamId, t.month, t.answers, t.nkiTenthsSum),
    s.index('quality_month_nki_office').on(t.officeId, t.month, t.answers, t.nkiTenthsSum),
    // By seller in their order with the sums: a period's sellers are summed from the index alone, without a sort.
    s.index('quality_month_nki_seller').on(t.sellerId, t.month, t.answers, t.nkiTenthsSum),
  ],
)

export const qualityMonthNkiPg = p.pgTable(
  'quality_month_nki',
  {
    month: p.text('month').notNull(),
    sellerId: p.text('seller_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    answers: p.integer('answers').notNull(),
    nkiTenthsSum: p.integer('nki_tenths_sum').notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    // By team and by office with the sums: a period's teams or offices are summed from the index alone.
    p.index('quality_month_nki_team').on(t.teamId, t.month, t.answers, t.nkiTenthsSum),
    p.index('quality_month_nki_office').on(t.officeId, t.month, t.answers, t.nkiTenthsSum),
    // By seller in their order with the sums: a period's sellers are summed from the index alone, without a sort.
    p.index('quality_month_nki_seller').on(t.sellerId, t.month, t.answers, t.nkiTenthsSum),
  ],
)

/**
 * The satisfaction index by month and provider (profitability by provider, docs/decisions/051): the same answers as
 * `quality_month_nki` per calendar month of the sale, provider, and the office of the sale (none is ''). Kept beside
 * it in the same transaction; a row whose count reaches 0 is removed. A year of every provider is some 2,000 rows
 * instead of 140,000 surveys. It has no seller or team: a reader whose rules or filter name them reads the surveys.
 */
export const qualityMonthProviderNki = s.sqliteTable(
  'quality_month_provider_nki',
  {
    month: s.text('month').notNull(),
    providerId: s.text('provider_id').notNull(),
    officeId: s.text('office_id').notNull(),
    answers: s.integer('answers').notNull(),
    nkiTenthsSum: s.integer('nki_tenths_sum').notNull(),
  },
  (t) => [s.primaryKey({ columns: [t.month, t.providerId, t.officeId] }), s.index('quality_month_provider_nki_office').on(t.officeId, t.month)],
)

export const qualityMonthProviderNkiPg = p.pgTable(
  'quality_month_provider_nki',
  {
    month: p.text('month').notNull(),
    providerId: p.text('provider_id').notNull(),
    officeId: p.text('office_id').notNull(),
    answers: p.integer('answers').notNull(),
    nkiTenthsSum: p.integer('nki_tenths_sum').notNull(),
  },
  (t) => [p.primaryKey({ columns: [t.month, t.providerId, t.officeId] }), p.index('quality_month_provider_nki_office').on(t.officeId, t.month)],
)

/**
 * A customer's own way to a survey (docs/decisions/045): a link by e-mail or a QR code at the door. Only the token's
 * SHA-256 is stored; the token itself (256 random bits) is in the link. Used once, and only until it expires.
 */
export const qualitySurveyLinks = s.sqliteTable(
  'quality_survey_links',
  {
    tokenHash: s.text('token_hash').primaryKey(),
    surveyId: s
      .text('survey_id')
      .notNull()
      .references(() => qualitySurveys.id, { onDelete: 'cascade' }),
    channel: s.text('channel', { enum: ['link', 'qr'] }).notNull(),
    language: s.text('language', { enum: ['sv', 'en', 'fi'] }).notNull(),
    createdAt: sq.createdAt(),
    createdBy: s.text('created_by'),
    expiresAt: s.integer('expires_at').notNull(),
    usedAt: s.integer('used_at'),
  },
  (t) => [s.index('quality_survey_links_survey').on(t.surveyId)],
)

export const qualitySurveyLinksPg = p.pgTable(
  'quality_survey_links',
  {
    tokenHash: p.text('token_hash').primaryKey(),
    surveyId: p
      .text('survey_id')
      .notNull()
      .references(() => qualitySurveysPg.id, { onDelete: 'cascade' }),
    channel: p.text('channel', { enum: ['link', 'qr'] }).notNull(),
    language: p.text('language', { enum: ['sv', 'en', 'fi'] }).notNull(),
    createdAt: pq.createdAt(),
    createdBy: p.text('created_by'),
    expiresAt: pq.ms('expires_at').notNull(),
    usedAt: pq.ms('used_at'),
  },
  (t) => [p.index('quality_survey_links_survey').on(t.surveyId)],
)
