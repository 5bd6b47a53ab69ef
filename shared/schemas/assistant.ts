import { z } from 'zod'
import { calendarDay } from './period'
import { SALE_STATUSES } from '../rules/sale'

/**
 * The BI assistant's contracts (issue 21, docs/decisions/053). A question in words becomes a `BiQuery`, the one
 * structured query language every engine answers in (the built-in parser and an optional chat API's tool call are
 * both checked by this schema). The server's executor turns a query into parameterised reads of the summary tables
 * and adds the asker's scope there; nothing in a query is SQL.
 */

/** What is counted: order value (kr), orders (sales), products' quantity, hours worked, regret rate (%), average quality score. */
export const BI_MEASURES = ['orderValue', 'orders', 'quantity', 'hours', 'regretRate', 'averageGrade'] as const
export type BiMeasure = (typeof BI_MEASURES)[number]

/** What figures are split by: a place or person, the catalog, the sale's status, or time. */
export const BI_DIMENSIONS = ['seller', 'team', 'office', 'region', 'provider', 'product', 'status', 'time'] as const
export type BiDimension = (typeof BI_DIMENSIONS)[number]
/** The dimensions a filter names by id (status by its own names). */
export const BI_ENTITY_KINDS = ['seller', 'team', 'office', 'region', 'provider', 'product'] as const
export type BiEntityKind = (typeof BI_ENTITY_KINDS)[number]

export const BI_GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'] as const
export type BiGranularity = (typeof BI_GRANULARITIES)[number]

/** At most this many categories or series in an answer. */
export const BI_MAX_LIMIT = 50

/** Periods named after a holiday or season (decision 083): the days each means are in shared/rules/assistant.ts. */
export const BI_HOLIDAYS = ['christmas', 'easter', 'midsummer', 'sportsBreak'] as const
export type BiHoliday = (typeof BI_HOLIDAYS)[number]
/** The longest question the assistant reads. */
export const BI_MAX_QUESTION = 500

const id = z.string().min(1).max(64)
const ids = z.array(id).min(1).max(50)
const isoDate = calendarDay

/**
 * When: a calendar unit counted from today (`offset` 0 is this one, −1 the one before), the last `count` units up to
 * today (this one included), a named month or ISO week (of `year`, else the latest that has begun), a year, or dates.
 */
export const biPeriodSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('relative'), unit: z.enum(BI_GRANULARITIES), offset: z.int().min(-100).max(0) }),
  z.strictObject({ kind: z.literal('last'), unit: z.enum(BI_GRANULARITIES), count: z.int().min(1).max(400) }),
  z.strictObject({ kind: z.literal('month'), month: z.int().min(1).max(12), year: z.int().min(2000).max(2100).optional() }),
  z.strictObject({ kind: z.literal('week'), week: z.int().min(1).max(53), year: z.int().min(2000).max(2100).optional() }),
  z.strictObject({ kind: z.literal('quarter'), quarter: z.int().min(1).max(4), year: z.int().min(2000).max(2100).optional() }),
  z.strictObject({ kind: z.literal('year'), year: z.int().min(2000).max(2100) }),
  z.strictObject({ kind: z.literal('holiday'), holiday: z.enum(BI_HOLIDAYS), year: z.int().min(2000).max(2100).optional() }),
  z
    .strictObject({ kind: z.literal('range'), from: isoDate, to: isoDate })
    .refine((p) => p.from <= p.to, { message: 'validation.assistant.periodOrder', path: ['to'] }),
])
export type BiPeriod = z.infer<typeof biPeriodSchema>

export const biFiltersSchema = z.strictObject({
  seller: ids.optional(),
  team: ids.optional(),
  office: ids.optional(),
  region: ids.optional(),
  provider: ids.optional(),
  product: ids.optional(),
  status: z.array(z.enum(SALE_STATUSES)).min(1).max(SALE_STATUSES.length).optional(),
})
export type BiFilters = z.infer<typeof biFiltersSchema>

export const biQuerySchema = z
  .strictObject({
    measure: z.enum(BI_MEASURES),
    /** at most two, at most one of them not time */
    groupBy: z.array(z.enum(BI_DIMENSIONS)).max(2).default([]),
    /** the buckets of time, when grouped by it */
    granularity: z.enum(BI_GRANULARITIES).optional(),
    filters: biFiltersSchema.default({}),
    period: biPeriodSchema,
    /** the categories by their figure (top or bottom); time keeps its order */
    order: z.enum(['desc', 'asc']).optional(),
    limit: z.int().min(1).max(BI_MAX_LIMIT).optional(),
    /** a second period the figures are set beside ("this month against last month"); not with time buckets */
    compare: biPeriodSchema.optional(),
    /** "how are we doing?": the main measures of the period beside the one before it, as a short summary */
    overview: z.boolean().optional(),
  })
  .superRefine((q, ctx) => {
    if (new Set(q.groupBy).size !== q.groupBy.length) ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'validation.assistant.groupBy' })
    if (q.groupBy.filter((d) => d !== 'time').length > 1) ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'validation.assistant.groupBy' })
    if (q.groupBy.includes('time') !== (q.granularity !== undefined))
      ctx.addIssue({ code: 'custom', path: ['granularity'], message: 'validation.assistant.granularity' })
    // Hours and quality scores are not a sale's: they split by people and places only.
    if (
      (q.measure === 'hours' || q.measure === 'averageGrade') &&
      (q.groupBy.some((d) => d === 'product' || d === 'status') || q.filters.product || q.filters.status)
    )
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'validation.assistant.notForMeasure' })
    if (q.measure === 'hours' && (q.groupBy.includes('provider') || q.filters.provider))
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'validation.assistant.notForMeasure' })
    if (q.compare && q.groupBy.includes('time')) ctx.addIssue({ code: 'custom', path: ['compare'], message: 'validation.assistant.compareTime' })
    if (q.overview && (q.groupBy.length > 0 || q.compare)) ctx.addIssue({ code: 'custom', path: ['overview'], message: 'validation.assistant.overview' })
    if (q.measure === 'regretRate' && (q.groupBy.includes('status') || q.filters.status))
      ctx.addIssue({ code: 'custom', path: ['groupBy'], message: 'validation.assistant.notForMeasure' })
  })
export type BiQuery = z.infer<typeof biQuerySchema>
export type BiQueryInput = z.input<typeof biQuerySchema>

/** What the parser understood of a question it must ask about: a query without (some of) its required parts. */
export type BiPartial = Partial<Omit<BiQuery, 'filters'>> & { filters?: BiFilters }

/** A question, optionally following up the last answer's query (its parts the question leaves out are kept). */
export const askSchema = z.strictObject({
  question: z.string().max(BI_MAX_QUESTION * 4),
  previous: biQuerySchema.optional(),
})
export type AskInput = z.input<typeof askSchema>

/** A structured query run as it is: a choice the assistant offered, or a saved statistic. */
export const runSchema = z.strictObject({ query: biQuerySchema })

export type BiChart = 'line' | 'bar' | 'horizontalBar' | 'number'
export type BiUnit = 'kr' | 'count' | 'hours' | 'percent' | 'score'

/** Whose data an answer counted: the asker's own, their teams', their office's, the whole organisation's, or as their rules give. */
export type BiScope = { kind: 'own' | 'teams' | 'office' | 'organisation' | 'rules'; names: string[] }

export type BiAnswer = {
  kind: 'answer'
  query: BiQuery
  /** the query in words, in the asker's language */
  description: string
  scope: BiScope
  /** the dates counted */
  from: string
  to: string
  chart: BiChart
  unit: BiUnit
  /** categories or time buckets, already in the asker's language */
  labels: string[]
  /** one series, or one per category when split by time and another dimension */
  series: Array<{ label: string; values: number[] }>
  /** the single value (chart 'number'), else the sum or mean of what is shown */
  total: number | null
  /** the statements run, with their parameters */
  sql: Array<{ text: string; params: unknown[] }>
  /** which engine understood the question */
  engine: 'parser' | 'llm' | 'direct'
  /** legacy mode: the period was cut at the cut-off date */
  legacyCutoff: string | null
  /** a comparison: the second period's dates, its total, and the change from it to the first, in percent */
  comparison?: { from: string; to: string; label: string; total: number | null; change: number | null }
  /** an overview: each main measure of the period beside the period before it (dates in `comparison`) */
  summary?: Array<{ measure: BiMeasure; unit: BiUnit; value: number | null; previous: number | null; change: number | null }>
}

/** A choice the assistant offers when it must ask: its label and the query it runs (what was understood, completed). */
export type BiChoice = { label: string; query: BiQuery }

export type BiClarify = {
  kind: 'clarify'
  /** what the assistant asks, in the asker's language */
  message: string
  choices: BiChoice[]
  /** what it understood so far, in words */
  understood: string
}

export type BiInvalid = { kind: 'invalid'; message: string; examples: string[] }
export type BiNoData = { kind: 'noData'; message: string; query: BiQuery; description: string; sql: BiAnswer['sql'] }
export type BiReply = BiAnswer | BiClarify | BiInvalid | BiNoData

// Saved statistics (/keyai/stats): an answer's query kept with a name, re-run when opened, shared with roles.
export const statInputSchema = z.strictObject({
  name: z.string().trim().min(1).max(120),
  query: biQuerySchema,
  roleIds: z.array(id).max(50).default([]),
})
export type StatInput = z.input<typeof statInputSchema>
export const statUpdateSchema = statInputSchema.extend({ version: z.int().min(1) })

export type StatListItem = {
  id: string
  name: string
  owner: { id: string; name: string }
  /** shared with: each role's key names a built-in role, shown in the reader's language */
  roles: Array<{ id: string; key: string; name: string }>
  mine: boolean
  updatedAt: number
  version: number
}
export type StatDetail = StatListItem & { query: BiQuery }

/** The legacy mode's setting: only questions about data before the cut-off date. */
export const legacySettingSchema = z.strictObject({ enabled: z.boolean(), cutoff: isoDate })
export type LegacySetting = z.infer<typeof legacySettingSchema>

export const statIdParamSchema = z.strictObject({ id: z.uuid() })

/** A question with the legacy switch (only data before the cut-off date). */
export const askRequestSchema = askSchema.extend({ legacy: z.boolean().optional() })
export const runRequestSchema = runSchema.extend({ legacy: z.boolean().optional() })

/** What the chat screens need before the first question: the legacy mode's cut-off date. */
export type AssistantSettings = { legacyCutoff: string }
