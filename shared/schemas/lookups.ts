import { z } from 'zod'

/** A lookup answers at most this many choices: a filter's picker searches, it does not page. */
export const LOOKUP_LIMIT = 50

const id = z.string().min(1).max(64)

/** The lists whose filters narrow an office or team lookup to what the reader may see of them. */
export const LOOKUP_WITHIN = ['sale_reports', 'time_reports', 'sicknotices', 'users'] as const
export type LookupWithin = (typeof LOOKUP_WITHIN)[number]

/**
 * The choices of a filter or form field (GET /api/lookups/<kind>): the ones matching `q` (by name), or the ones
 * named by `ids` (a filter restored from the URL shows its labels), or within `parentId` (a provider's products).
 */
export const lookupQuerySchema = z.strictObject({
  q: z.string().trim().max(100).optional(),
  ids: z
    .string()
    .max(64 * LOOKUP_LIMIT)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(z.array(id).max(LOOKUP_LIMIT))
    .optional(),
  parentId: id.optional(),
  /**
   * For a list's filter: only the choices whose records of that list the reader may see (a manager who sees every
   * office but the sale reports of their own is offered their own office on the sale reports' filter).
   */
  within: z.enum(LOOKUP_WITHIN).optional(),
})
export type LookupQuery = z.output<typeof lookupQuerySchema>

/** One choice: its id, what the user reads, and a hint beside it (a product's provider, a user's e-mail). */
export type LookupItem = { id: string; label: string; hint?: string | null; inactive?: boolean }
export type LookupAnswer = { items: LookupItem[] }
