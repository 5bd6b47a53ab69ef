import { z } from 'zod'
import { guideDocSchema, type GuideDoc } from './guide-document'

/**
 * Guides and embeds (docs/decisions/069): categories of guides, each guide with a Swedish text and optionally English
 * and Finnish ones, published in numbered versions; who sees a category or a guide (roles, narrowed to offices,
 * teams or providers); the acknowledgement a "must read" guide asks for; and embeds, outside pages shown in the app.
 */

export const GUIDE_LANGUAGES = ['sv', 'en', 'fi'] as const
export type GuideLanguage = (typeof GUIDE_LANGUAGES)[number]

export const GUIDE_TITLE_MAX = 200
export const GUIDE_SUMMARY_MAX = 500
export const CATEGORY_NAME_MAX = 100
export const CATEGORY_DESCRIPTION_MAX = 500
export const AUDIENCE_MAX = 200

/** The icons a category may have (drawn by the client from its own icon set). */
export const CATEGORY_ICONS = ['book', 'pitch', 'product', 'objection', 'rules', 'training', 'safety', 'money', 'phone', 'star'] as const
export type CategoryIcon = (typeof CATEGORY_ICONS)[number]

const id = z.string().min(1).max(64)
const version = z.number().int().min(1)
const ids = z.array(id).max(AUDIENCE_MAX)

/**
 * Who sees a category or a guide. `roles` empty: every role that may read guides. Each other list, when not empty,
 * narrows to readers in one of its offices, teams, or teams selling for one of its providers; the lists narrow
 * together (an office and a provider: readers of that office who sell for that provider).
 */
export const audienceSchema = z.strictObject({ roles: ids, offices: ids, teams: ids, providers: ids })
export type Audience = z.output<typeof audienceSchema>
export const EVERYONE: Audience = { roles: [], offices: [], teams: [], providers: [] }

/** A text in one language: Swedish is required, English and Finnish are optional (null: not translated yet). */
const localized = (max: number) =>
  z.strictObject({
    sv: z.string().trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' }),
    en: z.string().trim().max(max, { error: 'validation.tooLong' }).nullable(),
    fi: z.string().trim().max(max, { error: 'validation.tooLong' }).nullable(),
  })
export type Localized = { sv: string; en: string | null; fi: string | null }

// ── Categories ──

export const categoryInputSchema = z.strictObject({
  name: localized(CATEGORY_NAME_MAX),
  description: z.strictObject({
    sv: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, { error: 'validation.tooLong' }),
    en: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, { error: 'validation.tooLong' }).nullable(),
    fi: z.string().trim().max(CATEGORY_DESCRIPTION_MAX, { error: 'validation.tooLong' }).nullable(),
  }),
  icon: z.enum(CATEGORY_ICONS),
  audience: audienceSchema,
})
export const categoryUpdateSchema = categoryInputSchema.extend({ version })
export type CategoryInput = z.input<typeof categoryInputSchema>

/** The categories in a new order (every category once). */
export const categoryOrderSchema = z.strictObject({ ids: z.array(id).min(1).max(1_000) })

export type CategoryItem = {
  id: string
  position: number
  icon: CategoryIcon
  name: Localized
  description: { sv: string; en: string | null; fi: string | null }
  audience: Audience
  guideCount: number
  version: number
}

// ── Guides ──

/** One language's text of a guide. */
export const guideTextSchema = z.strictObject({
  title: z.string().trim().min(1, { error: 'validation.required' }).max(GUIDE_TITLE_MAX, { error: 'validation.tooLong' }),
  summary: z.string().trim().max(GUIDE_SUMMARY_MAX, { error: 'validation.tooLong' }),
  body: guideDocSchema,
})
export type GuideText = { title: string; summary: string; body: GuideDoc }
export type GuideTexts = { sv: GuideText; en: GuideText | null; fi: GuideText | null }
/** What readers' lists show of a published version, without its bodies. */
export type GuideListing = {
  mustRead: boolean
  texts: { sv: { title: string; summary: string }; en: { title: string; summary: string } | null; fi: { title: string; summary: string } | null }
}
export const guideTextsSchema = z.strictObject({ sv: guideTextSchema, en: guideTextSchema.nullable(), fi: guideTextSchema.nullable() })

export const guideInputSchema = z.strictObject({
  categoryId: id,
  mustRead: z.boolean(),
  texts: guideTextsSchema,
  audience: audienceSchema,
})
export const guideUpdateSchema = guideInputSchema.extend({ version })
export type GuideInput = z.input<typeof guideInputSchema>
export const guideVersionOnlySchema = z.strictObject({ version })
export const guideIdSchema = z.strictObject({ id })
export const guideVersionParamSchema = z.strictObject({ id, number: z.coerce.number().int().min(1).max(1_000_000) })
export const guideDeleteQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1) })
/** Moves a guide to a place in its category (0 first). */
export const guideMoveSchema = z.strictObject({ categoryId: id, position: z.number().int().min(0).max(10_000), version })

export type GuideStatus = 'draft' | 'published'

/** A guide in management's list: its state, its languages and what waits to be published. */
export type GuideAdminItem = {
  id: string
  categoryId: string
  position: number
  title: string
  mustRead: boolean
  status: GuideStatus
  /** the draft differs from the version readers see (or there is none yet) */
  unpublished: boolean
  publishedNumber: number | null
  /** languages the newest text lacks */
  missing: GuideLanguage[]
  audience: Audience
  updatedAt: number
  version: number
}

export type GuideAdminDetail = GuideAdminItem & {
  texts: GuideTexts
  versions: Array<{ number: number; publishedAt: number; publishedBy: { id: string; name: string } | null; mustRead: boolean }>
}

export type GuideVersionDetail = { number: number; publishedAt: number; publishedBy: { id: string; name: string } | null; texts: GuideTexts; mustRead: boolean }

// ── Reading ──

/** A guide as its reader sees it in a list: in their language, or Swedish when it has no text in theirs. */
export type GuideSummary = {
  id: string
  categoryId: string
  position: number
  title: string
  summary: string
  language: GuideLanguage
  mustRead: boolean
  number: number
  publishedAt: number
  /** the reader acknowledged this version (null: nothing to acknowledge) */
  acknowledged: boolean | null
  /** the reader acknowledged an earlier version: this one is new to them */
  newVersion: boolean
}

export type GuidesDashboard = {
  categories: Array<{ id: string; icon: CategoryIcon; name: string; description: string; guides: GuideSummary[] }>
  /** must-read guides the reader has not acknowledged in their current version, first on the screen */
  toAcknowledge: GuideSummary[]
  embeds: EmbedView[]
}

export type GuideView = GuideSummary & {
  body: GuideDoc
  categoryName: string
  /** the files and embeds the body uses, as the reader may open them */
  embeds: EmbedView[]
}

/** An image's or an attachment's upload: its name as the person's computer had it. */
export const guideFileQuerySchema = z.strictObject({ name: z.string().trim().min(1).max(200) })

export const guideAckSchema = z.strictObject({ number: z.number().int().min(1) })
/** An acknowledgement a device made, offline perhaps: the guide, the version read, and when. */
export const guideAckMutationSchema = z.strictObject({ guideId: id, number: z.number().int().min(1), at: z.number().int().min(0) })

/**
 * What a device keeps to read guides with no network (docs/decisions/069): the dashboard, every guide it lists with
 * its body, and the search index, in the reader's language; `tag` changes when any of it does.
 */
export type GuidesOffline = { tag: string; language: GuideLanguage; savedAt: number; dashboard: GuidesDashboard; guides: GuideView[]; index: string }

/** Who has acknowledged a must-read guide's current version, per team the reader may see. */
export const ackReportQuerySchema = z.strictObject({ teamId: id.optional() })
export type AckReport = {
  guide: { id: string; title: string; number: number; mustRead: boolean }
  teams: Array<{
    id: string
    name: string
    people: Array<{ id: string; name: string; acknowledgedAt: number | null; acknowledgedNumber: number | null }>
  }>
}
export const ackRemindSchema = z.strictObject({ teamIds: z.array(id).max(500).optional() })

// ── Embeds ──

export const EMBED_KINDS = ['dashboard', 'video', 'form', 'page'] as const
export type EmbedKind = (typeof EMBED_KINDS)[number]
export const EMBED_SIGNING = ['none', 'metabase'] as const
export type EmbedSigning = (typeof EMBED_SIGNING)[number]
/** What a signed embed locks into its token for each reader. */
export const EMBED_SCOPE_PARAMS = ['officeId', 'teamId', 'employeeId', 'userId'] as const
export type EmbedScopeParam = (typeof EMBED_SCOPE_PARAMS)[number]

export const EMBED_HEIGHT_MIN = 200
export const EMBED_HEIGHT_MAX = 2_000

const https = z
  .string()
  .trim()
  .max(2_000)
  .refine((v) => URL.canParse(v) && new URL(v).protocol === 'https:', { error: 'validation.embeds.https' })

export const embedInputSchema = z.strictObject({
  name: z.string().trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  kind: z.enum(EMBED_KINDS),
  url: https,
  height: z.number().int().min(EMBED_HEIGHT_MIN).max(EMBED_HEIGHT_MAX),
  signing: z.enum(EMBED_SIGNING),
  /** for a signed embed: the resource it shows ("dashboard" 12) and which of the reader's values it locks */
  resource: z.strictObject({ type: z.enum(['dashboard', 'question']), id: z.number().int().min(1) }).nullable(),
  scope: z.array(z.enum(EMBED_SCOPE_PARAMS)).max(EMBED_SCOPE_PARAMS.length),
  /** the signing secret: set or replaced when given, kept when null (never sent back) */
  secret: z.string().min(16, { error: 'validation.embeds.secret' }).max(200).nullable(),
  assignees: z.strictObject({ users: ids, roles: ids, teams: ids }),
})
export const embedUpdateSchema = embedInputSchema.extend({ version })
export type EmbedInput = z.input<typeof embedInputSchema>

export type EmbedItem = Omit<z.output<typeof embedInputSchema>, 'secret'> & { id: string; hasSecret: boolean; version: number; updatedAt: number }

/** An embed as its reader opens it: a plain one's address, or a signed one's address with a fresh short-lived token. */
export type EmbedView = { id: string; name: string; kind: EmbedKind; height: number; signed: boolean; url: string | null }
export type EmbedSession = { url: string; expiresAt: number }

export const embedHostsSchema = z.strictObject({
  hosts: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(\*\.)?([a-z0-9-]+\.)+[a-z]{2,}$/, { error: 'validation.embeds.host' }),
    )
    .max(100),
})
