import type { SurveyScriptCheck } from '../../../shared/schemas/quality'
import type { SurveyChannel, SurveyReason, SurveyStatus, TemplateContent } from '../../../shared/schemas/quality'

import { table } from './table'

/**
 * Sale quality (docs/decisions/045): survey templates and their versions (a version with answers is never changed),
 * and one survey per called sale. A survey copies only what statistics group by (seller, team, office, provider,
 * sell date), never the customer. Scores and the satisfaction index are kept in tenths (an integer on both
 * dialects). Each table once for both databases (./table.ts; conventions in ./sqlite.ts).
 */

const STATUSES = ['queued', 'answered', 'unreached', 'regret'] as const satisfies readonly SurveyStatus[]
const REASONS = ['new_seller', 'sample'] as const satisfies readonly SurveyReason[]
const CHANNELS = ['call', 'link', 'qr'] as const satisfies readonly SurveyChannel[]

export const [qualityTemplates, qualityTemplatesPg] = table(
  'quality_templates',
  (k) => ({
    id: k.id(),
    name: k.text('name').notNull(),
    /** null: the default for every provider without a template of its own */
    providerId: k.text('provider_id'),
    active: k.bool('active').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [k.index('quality_templates_provider').on(t.providerId, t.active)],
)

export const [qualityTemplateVersions, qualityTemplateVersionsPg] = table(
  'quality_template_versions',
  (k) => ({
    id: k.id(),
    templateId: k.ref('template_id', () => qualityTemplates, 'cascade').notNull(),
    number: k.integer('number').notNull(),
    content: k.json('content').$type<TemplateContent>().notNull(),
    createdAt: k.createdAt(),
    createdBy: k.text('created_by'),
  }),
  (t, k) => [k.uniqueIndex('quality_template_versions_number').on(t.templateId, t.number)],
)

export const [qualitySurveys, qualitySurveysPg] = table(
  'quality_surveys',
  (k) => ({
    id: k.id(),
    saleId: k.text('sale_id').notNull().unique(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    providerId: k.text('provider_id').notNull(),
    sellDate: k.text('sell_date').notNull(),
    soldAt: k.ms('sold_at').notNull(),
    reason: k.text('reason', { enum: REASONS }).notNull(),
    status: k.text('status', { enum: STATUSES }).notNull(),
    /** the template it is called with; its version is fixed when it is answered */
    templateId: k.text('template_id').notNull(),
    templateVersionId: k.text('template_version_id'),
    attempts: k.integer('attempts').notNull().default(0),
    /** the queue's order: the sale's time at first, put back after a try that did not reach the customer */
    nextTryAt: k.ms('next_try_at').notNull(),
    answers: k.json('answers').$type<Record<string, number | boolean | string>>(),
    scoreTenths: k.integer('score_tenths'),
    grade: k.text('grade'),
    nkiTenths: k.integer('nki_tenths'),
    channel: k.text('channel', { enum: CHANNELS }),
    regretReason: k.text('regret_reason'),
    answeredAt: k.ms('answered_at'),
    answeredBy: k.text('answered_by'),
    /** the sale's call checked against its provider's script (seller transcriptions, docs/decisions/076) */
    scriptCheck: k.json('script_check').$type<SurveyScriptCheck>(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
    version: k.integer('version').notNull().default(1),
  }),
  (t, k) => [
    k.index('quality_surveys_queue').on(t.status, t.nextTryAt),
    k.index('quality_surveys_answered').on(t.answeredAt),
    k.index('quality_surveys_team').on(t.teamId, t.sellDate),
    k.index('quality_surveys_office').on(t.officeId, t.sellDate),
    // The statistics (docs/decisions/045) read a year of the whole organisation's surveys from these two alone:
    // by sell date (every figure, by provider, channel, month, grade) and by seller (the seller list, grouped in
    // index order). Each carries the columns counted, so no survey row is read; the first leaves out the seller's
    // columns, so the seller list's grouping takes the second.
    k.index('quality_surveys_seller_stats').on(t.sellerId, t.teamId, t.sellDate, t.status, t.scoreTenths, t.nkiTenths),
    k.index('quality_surveys_date_stats').on(t.sellDate, t.providerId, t.channel, t.status, t.scoreTenths, t.nkiTenths, t.grade),
    // Regret by reason (decision 045): a period's regret surveys with their reasons, read from the index alone.
    k.index('quality_surveys_regret').on(t.status, t.sellDate, t.regretReason),
    k.index('quality_surveys_version').on(t.templateVersionId),
  ],
)

/**
 * The satisfaction index by month (profitability, docs/decisions/051): the answered surveys with an NKI per calendar
 * month of the sale, seller, and the team and office of the sale (no team or office is '') — how many and the sum of
 * their NKI in tenths. Written only where a survey is answered, in that transaction; a row whose count reaches 0 is
 * removed. A year of the whole organisation is a row per seller and month instead of a row per survey.
 */
export const [qualityMonthNki, qualityMonthNkiPg] = table(
  'quality_month_nki',
  (k) => ({
    month: k.text('month').notNull(),
    sellerId: k.text('seller_id').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id').notNull(),
    answers: k.integer('answers').notNull(),
    nkiTenthsSum: k.integer('nki_tenths_sum').notNull(),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.month, t.sellerId, t.teamId, t.officeId] }),
    // By team and by office with the sums: a period's teams or offices are summed from the index alone.
    k.index('quality_month_nki_team').on(t.teamId, t.month, t.answers, t.nkiTenthsSum),
    k.index('quality_month_nki_office').on(t.officeId, t.month, t.answers, t.nkiTenthsSum),
    // By seller in their order with the sums: a period's sellers are summed from the index alone, without a sort.
    k.index('quality_month_nki_seller').on(t.sellerId, t.month, t.answers, t.nkiTenthsSum),
  ],
)

/**
 * The satisfaction index by month and provider (profitability by provider, docs/decisions/051): the same answers as
 * `quality_month_nki` per calendar month of the sale, provider, and the office of the sale (none is ''). Kept beside
 * it in the same transaction; a row whose count reaches 0 is removed. A year of every provider is some 2,000 rows
 * instead of 140,000 surveys. It has no seller or team: a reader whose rules or filter name them reads the surveys.
 */
export const [qualityMonthProviderNki, qualityMonthProviderNkiPg] = table(
  'quality_month_provider_nki',
  (k) => ({
    month: k.text('month').notNull(),
    providerId: k.text('provider_id').notNull(),
    officeId: k.text('office_id').notNull(),
    answers: k.integer('answers').notNull(),
    nkiTenthsSum: k.integer('nki_tenths_sum').notNull(),
  }),
  (t, k) => [k.primaryKey({ columns: [t.month, t.providerId, t.officeId] }), k.index('quality_month_provider_nki_office').on(t.officeId, t.month)],
)

/**
 * A customer's own way to a survey (docs/decisions/045): a link by e-mail or a QR code at the door. Only the token's
 * SHA-256 is stored; the token itself (256 random bits) is in the link. Used once, and only until it expires.
 */
export const [qualitySurveyLinks, qualitySurveyLinksPg] = table(
  'quality_survey_links',
  (k) => ({
    tokenHash: k.text('token_hash').primaryKey(),
    surveyId: k.ref('survey_id', () => qualitySurveys, 'cascade').notNull(),
    channel: k.text('channel', { enum: ['link', 'qr'] }).notNull(),
    language: k.text('language', { enum: ['sv', 'en', 'fi'] }).notNull(),
    createdAt: k.createdAt(),
    createdBy: k.text('created_by'),
    expiresAt: k.ms('expires_at').notNull(),
    usedAt: k.ms('used_at'),
  }),
  (t, k) => [k.index('quality_survey_links_survey').on(t.surveyId)],
)
