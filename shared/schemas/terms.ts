import { z } from 'zod'

/** Terms of use (docs/decisions/039): versions with a text per language, published to everyone, and who answered. */

export const TERMS_TEXT_MAX = 50_000
const text = z.string().trim().max(TERMS_TEXT_MAX)
const version = z.number().int().min(1)

/** A draft's texts: Swedish is required (the default language); English and Finnish fall back to it when empty. */
export const termsTextsSchema = z.strictObject({ sv: text.min(1), en: text, fi: text })
export const termsCreateSchema = z.strictObject({ texts: termsTextsSchema })
export const termsUpdateSchema = z.strictObject({ texts: termsTextsSchema, version })
export const termsVersionOnlySchema = z.strictObject({ version })
export const termsDeleteQuerySchema = z.strictObject({ version: z.coerce.number().int().min(1) })
export const termsIdSchema = z.strictObject({ id: z.string().min(1).max(64) })

export const TERMS_ANSWERS = ['pending', 'accepted', 'declined'] as const
export type TermsAnswerFilter = (typeof TERMS_ANSWERS)[number]
export const TERMS_PEOPLE_PAGE = 50
export const termsPeopleQuerySchema = z.strictObject({
  answer: z.enum(TERMS_ANSWERS).default('pending'),
  q: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
})

export type TermsCounts = { people: number; accepted: number; declined: number; pending: number }

export type TermsVersionItem = {
  id: string
  number: number
  status: 'draft' | 'published'
  /** the version in force: the newest published one */
  current: boolean
  texts: { sv: string; en: string; fi: string }
  createdAt: number
  updatedAt: number
  publishedAt: number | null
  publishedBy: { id: string; name: string } | null
  version: number
  /** how the active people answered (published versions) */
  counts: TermsCounts | null
}

export type TermsPerson = { id: string; name: string; email: string; teamName: string | null; at: number | null }
export type TermsPeoplePage = { items: TermsPerson[]; total: number; offset: number }

/** The version a signed-in person is asked to answer, in their language. */
export type CurrentTerms = { id: string; number: number; publishedAt: number; text: string; language: 'sv' | 'en' | 'fi' }
