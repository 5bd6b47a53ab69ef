import { z } from 'zod'

/**
 * A sensitive field in an edit (an identity or bank number; decision 033): absent or empty keeps what is stored (the
 * edit form leaves the fields it does not change empty, as it never receives the stored value), null removes it, a
 * value replaces it — normalised, or refused with `error` when it is not one.
 */
export const sensitiveEdit = (normalize: (v: string) => string | null, error: string) =>
  z
    .string()
    .trim()
    .max(40)
    .transform((v, ctx) => {
      if (v === '') return undefined
      const normalized = normalize(v)
      if (normalized === null) {
        ctx.addIssue({ code: 'custom', message: error })
        return z.NEVER
      }
      return normalized
    })
    .nullable()
    .optional()
