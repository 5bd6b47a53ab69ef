import { z } from 'zod'
import { calendarDay, periodCheck, periodFilterSchema, periodFilterShape } from './period'
import type { SaleStatus } from '../rules/sale'
import { rankedListShape } from './pagination'

/**
 * Sale quality (docs/decisions/045): survey templates with versions, the call queue's surveys and their outcomes.
 * The contracts; the rules (score, grade, NKI, sampling, the answers' own schema) are in shared/rules/quality.ts.
 */

const id = z.string().min(1).max(64)
const version = z.number().int().min(1)

/** A text per language: Swedish required, English and Finnish fall back to it when empty. */
export const qualityTextSchema = (max: number) =>
  z.strictObject({ sv: z.string().trim().min(1).max(max), en: z.string().trim().max(max), fi: z.string().trim().max(max) })
export type QualityText = { sv: string; en: string; fi: string }

export const QUESTION_KINDS = ['scale', 'yesno', 'choice', 'text'] as const
export type QuestionKind = (typeof QUESTION_KINDS)[number]
export const QUESTION_TEXT_MAX = 300
export const QUESTIONS_MAX = 30
export const OPTIONS_MAX = 10
export const TEXT_ANSWER_MAX = 2000
export const WEIGHT_MAX = 10

const questionId = z.string().regex(/^[a-z0-9-]{1,40}$/)

export const questionSchema = z.strictObject({
  id: questionId,
  kind: z.enum(QUESTION_KINDS),
  text: qualityTextSchema(QUESTION_TEXT_MAX),
  required: z.boolean(),
  /** 0–10; a text question is never scored, its weight is 0 */
  weight: z.number().int().min(0).max(WEIGHT_MAX),
  /** scale: counted in the satisfaction index (NKI) */
  nki: z.boolean().default(false),
  /** yes/no: which answer is the good one */
  positive: z.enum(['yes', 'no']).default('yes'),
  /** choice: the options, each with its score 0–100 */
  options: z
    .array(z.strictObject({ id: questionId, text: qualityTextSchema(QUESTION_TEXT_MAX), score: z.number().int().min(0).max(100) }))
    .max(OPTIONS_MAX)
    .default([]),
})
export type Question = z.infer<typeof questionSchema>

export const gradeSchema = z.strictObject({ grade: z.string().trim().min(1).max(3), min: z.number().min(0).max(100) })
export type GradeThreshold = z.infer<typeof gradeSchema>

export const samplingSchema = z.strictObject({
  /** every sale of a seller whose employment began at most this many days before the sale */
  newSellerDays: z.number().int().min(0).max(365),
  /** otherwise this share of the sales, in percent */
  sharePercent: z.number().int().min(0).max(100),
  /** not reached this many times: the survey ends and the sale becomes unanswered */
  maxAttempts: z.number().int().min(1).max(10),
})
export type Sampling = z.infer<typeof samplingSchema>

/** What a version holds: the questions, the grade thresholds and the sampling rule (problems: qualityContentProblems). */
export const templateContentSchema = z.strictObject({
  questions: z.array(questionSchema).min(1).max(QUESTIONS_MAX),
  grades: z.array(gradeSchema).min(1).max(10),
  sampling: samplingSchema,
})
export type TemplateContent = z.infer<typeof templateContentSchema>

export const templateCreateSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  providerId: id.nullable(),
  content: templateContentSchema,
})
export const templateUpdateSchema = templateCreateSchema.extend({ version })
export const templateActiveSchema = z.strictObject({ active: z.boolean(), version })
export const qualityIdSchema = z.strictObject({ id })

export type TemplateListItem = {
  id: string
  name: string
  provider: { id: string; name: string } | null
  active: boolean
  /** the newest version's number, and how many surveys were answered with any version */
  versionNumber: number
  answered: number
  updatedAt: number
  version: number
}

export type TemplateDetail = TemplateListItem & {
  content: TemplateContent
  /** the newest version has answers: saving makes a new version */
  locked: boolean
  versions: Array<{ id: string; number: number; createdAt: number; createdBy: string | null; answered: number }>
}

// ─── Surveys ─────────────────────────────────────────────────────────────────────────────

export const SURVEY_STATUSES = ['queued', 'answered', 'unreached', 'regret'] as const
export type SurveyStatus = (typeof SURVEY_STATUSES)[number]
export const SURVEY_CHANNELS = ['call', 'link', 'qr'] as const
export type SurveyChannel = (typeof SURVEY_CHANNELS)[number]
export const SURVEY_REASONS = ['new_seller', 'sample'] as const
export type SurveyReason = (typeof SURVEY_REASONS)[number]

const statsDay = calendarDay

export const SURVEY_PAGE = 50
export const surveyListQuerySchema = z.strictObject({
  status: z.enum(SURVEY_STATUSES).default('queued'),
  providerId: id.optional(),
  teamId: id.optional(),
  sellerId: id.optional(),
  officeId: id.optional(),
  /** sold in this period (the statistics screens open the surveys behind a figure with the figure's filter) */
  from: statsDay.optional(),
  to: statsDay.optional(),
  grade: z.string().min(1).max(3).optional(),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
})
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>

export type SurveyListItem = {
  id: string
  saleId: string
  status: SurveyStatus
  reason: SurveyReason
  seller: { id: string; name: string }
  team: { id: string; name: string } | null
  provider: { id: string; name: string }
  sellDate: string
  attempts: number
  nextTryAt: number | null
  grade: string | null
  score: number | null
  answeredAt: number | null
  version: number
}
export type SurveyListPage = { items: SurveyListItem[]; total: number; offset: number }

export type SurveySale = {
  customerName: string
  customerType: 'private' | 'company'
  companyName: string | null
  /** only for those who record outcomes */
  phone: string | null
  /** masked unless the reader may view customers */
  ssn: string | null
  /** whether the sale has the customer's e-mail address (a survey link can be sent) */
  hasEmail: boolean
  orderValueOre: number
  soldAt: number
  status: SaleStatus
  lines: Array<{ name: string; quantity: number }>
}

/** The sale's call as seller transcriptions checked it against the provider's script (docs/decisions/076). */
export type SurveyScriptCheck = { transcriptionId: string; result: 'pass' | 'fail'; missing: string[]; forbidden: string[]; at: number }

export type SurveyDetail = SurveyListItem & {
  /** the sale's call checked against the script, when a call of the sale was transcribed */
  scriptCheck: SurveyScriptCheck | null
  sale: SurveySale | null
  /** the version the survey is answered with (its own once answered, else the template's newest) */
  template: { id: string; name: string; versionId: string; versionNumber: number; content: TemplateContent } | null
  maxAttempts: number
  answers: Record<string, number | boolean | string> | null
  nki: number | null
  channel: SurveyChannel | null
  regretReason: string | null
  answeredBy: { id: string; name: string } | null
  canRecord: boolean
}

/** The answers as sent; checked against the version's own schema (answersSchemaFor). */
export const answersInputSchema = z.record(questionId, z.union([z.number(), z.boolean(), z.string().max(TEXT_ANSWER_MAX)]))
export const surveyAnswerSchema = z.strictObject({ version, answers: answersInputSchema })
export const surveyNotReachedSchema = z.strictObject({ version })
export const surveyRegretSchema = z.strictObject({ version, reason: z.string().trim().min(1).max(500) })

// ─── The customer's own answer (a link by e-mail, a QR code at the door) ─────────────────

export const surveyLanguageSchema = z.strictObject({ language: z.enum(['sv', 'en', 'fi']) })
export const surveyTokenSchema = z.strictObject({ token: z.string().min(1).max(100) })
export const publicAnswerSchema = z.strictObject({ answers: answersInputSchema })
export const qualitySaleIdSchema = z.strictObject({ saleId: id })

/** What the customer's page shows: the questions in the link's language, nothing of the sale. */
export type PublicSurvey = {
  language: 'sv' | 'en' | 'fi'
  expiresAt: number
  questions: Array<{ id: string; kind: QuestionKind; text: string; required: boolean; options: Array<{ id: string; text: string }> }>
}

// ─── Statistics (docs/decisions/045, "Statistics") ───────────────────────────────────────

/** The longest period a statistics screen counts at once (its monthly view also reads the year before). */
export const STATS_MAX_DAYS = 3 * 366

/** What every statistics screen counts: the surveys of the sales sold in the period, narrowed by place, person, provider. */
const PERIOD_MESSAGES = { order: 'validation.qualityStats.periodOrder', tooLong: 'validation.qualityStats.periodTooLong' }
export const qualityStatsFilterSchema = periodFilterSchema(STATS_MAX_DAYS, PERIOD_MESSAGES)
export type QualityStatsFilter = z.infer<typeof qualityStatsFilterSchema>

/** The figures of a set of surveys; the shares and means are null when nothing is behind them. */
export type QualityFigures = {
  surveys: number
  queued: number
  answered: number
  unreached: number
  regret: number
  /** answered / (answered + not reached + regret): the calls that ended */
  answeredShare: number | null
  /** regret / (answered + not reached + regret) */
  regretShare: number | null
  /** the answered surveys with a score (the mean's sample) */
  scored: number
  /** mean score 0–100, one decimal */
  averageScore: number | null
  /** the grade the mean score reaches by the default template's thresholds in force */
  averageGrade: string | null
  /** the answered surveys with an NKI (the mean's sample) */
  nkiSample: number
  nki: number | null
}

export type QualityStatsAll = {
  filter: QualityStatsFilter
  total: QualityFigures
  byProvider: Array<{ provider: { id: string; name: string }; figures: QualityFigures }>
  byChannel: Array<{ channel: SurveyChannel; answered: number }>
}

/**
 * Regret by product and by reason (docs/decisions/045): each product's sales of the period (not counting absence)
 * and how many of them ended in regret, from the sales summary; the reasons customers gave in the regret surveys,
 * grouped whatever their letter case and spacing.
 */
export type QualityStatsRegret = {
  filter: QualityStatsFilter
  /** most regrets first; at most REGRET_PRODUCTS */
  byProduct: Array<{ product: { id: string; name: string }; sold: number; regret: number; regretShare: number | null }>
  /** products with sales in the period beyond the list */
  moreProducts: number
  /** most given first; at most REGRET_REASONS, the rest in `otherReasons` */
  byReason: Array<{ reason: string; regret: number; share: number }>
  otherReasons: number
  /** regret surveys of the period, with or without a reason */
  regretSurveys: number
}
export const REGRET_PRODUCTS = 15
export const REGRET_REASONS = 10

export type QualityStatsGrades = {
  filter: QualityStatsFilter
  /** best first (by the mean score of the surveys with that grade) */
  grades: Array<{ grade: string; surveys: number; share: number }>
  /** answered surveys that scored nothing (free text only) */
  ungraded: number
  answered: number
}

export type QualityStatsMonth = { month: string; figures: QualityFigures }
export type QualityStatsMonthly = {
  filter: QualityStatsFilter
  /** each month of the period, oldest first, with the same month a year before */
  months: Array<QualityStatsMonth & { previous: QualityFigures }>
}

export const SELLER_STATS_SORT = ['name', 'surveys', 'answered', 'averageScore', 'nki', 'regret', 'regretShare'] as const
const sellerStatsShape = rankedListShape(SELLER_STATS_SORT, 'surveys')
export const qualitySellerStatsQuerySchema = z
  .strictObject({ ...periodFilterShape, ...sellerStatsShape })
  .superRefine(periodCheck(STATS_MAX_DAYS, PERIOD_MESSAGES))
export type QualitySellerStatsQuery = Pick<z.infer<typeof qualitySellerStatsQuerySchema>, 'q' | 'sortBy' | 'orderBy' | 'page' | 'itemsPerPage'>
export type QualitySellerRow = {
  id: string
  seller: { id: string; name: string }
  team: { id: string; name: string } | null
  figures: QualityFigures
}
export type QualityStatsSellers = {
  filter: QualityStatsFilter
  items: QualitySellerRow[]
  total: number
  page: number
  itemsPerPage: number
}

/** Fewer answered surveys than this behind a mean: the screens say the sample is small. */
export const SMALL_SAMPLE = 10
