import { z } from 'zod'

/** Page-size options of the shared table view (spec section 9). */
export const PAGE_SIZES = [2, 3, 5, 10, 20, 25, 50, 100] as const

/**
 * The query of a server-side list. Each list names the columns it sorts by: any other `sortBy` is a field
 * error, so no client-given name is ever looked up in a server object ("constructor" included).
 */
export function listQuerySchema(sortKeys: readonly [string, ...string[]]) {
  return z.strictObject({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    itemsPerPage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.pageSize' })
      .default(10),
    q: z.string().trim().max(100).optional(),
    sortBy: z
      .string()
      .max(40)
      .refine((k) => sortKeys.includes(k), { error: 'validation.sortBy' })
      .optional(),
    orderBy: z.enum(['asc', 'desc']).default('asc'),
    /**
     * Where the page starts, as the previous answer's nextCursor or prevCursor: lists that page by key (long ones,
     * server/db/keyset.ts) read from there instead of counting `page` rows in; others page by offset alone.
     */
    cursor: z
      .string()
      .max(600)
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'validation.invalidFormat' })
      .optional(),
  })
}
export type ListQuery = z.infer<ReturnType<typeof listQuerySchema>>

export type ListAnswer<T> = {
  items: T[]
  /** the number of matching rows, or at least this many when `totalCapped` */
  total: number
  page: number
  itemsPerPage: number
  /** long lists count up to a cap (LIST_COUNT_CAP): there are more than `total` rows */
  totalCapped?: boolean
  /** keyset-paged lists: the cursors of the next and the previous page, null at either end */
  nextCursor?: string | null
  prevCursor?: string | null
}

/** A long list counts its rows up to this many and says "more than" beyond it, instead of counting a million. */
export const LIST_COUNT_CAP = 10_000

/**
 * The query of a figures table computed whole and then sorted and paged (the quality statistics' sellers, the
 * profitability views): a name search, one of its sort keys (a default, largest first), a page of up to 10,000.
 */
export function rankedListShape<K extends readonly [string, ...string[]]>(sortKeys: K, defaultSort: K[number]) {
  return {
    /** part of a row's name */
    q: z.string().trim().max(100).optional(),
    sortBy: z.enum(sortKeys, { error: 'validation.sortBy' }).default(defaultSort as never),
    orderBy: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    itemsPerPage: z.coerce
      .number()
      .int()
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.pageSize' })
      .default(25),
  }
}
