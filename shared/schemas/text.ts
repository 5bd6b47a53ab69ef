import { z } from 'zod'

/** A text field: trimmed, at most `max` characters. */
export const text = (max: number) => z.string().trim().max(max)

/**
 * An optional text a form may leave empty: trimmed, at most `max` characters; an empty one is "not given" (null), and
 * one not sent at all stays undefined (what an edit leaves as it is).
 */
export const optionalText = (max: number) =>
  text(max)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()

/** An optional text that is always answered: as `optionalText`, and one not sent is null too. */
export const textOrNull = (max: number) => optionalText(max).transform((v) => v ?? null)

/** A text that is always sent, null or empty for none (a form's field the request carries as it stands). */
export const nullableText = (max: number) =>
  text(max)
    .nullable()
    .transform((v) => (v ? v : null))
