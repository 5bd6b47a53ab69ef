import { z } from 'zod'

/**
 * The days a date field takes: from 1900 (an employment or education date of someone long in the trade) to 2100
 * (a budget's or a contract's far end). Nothing the app counts lies outside them, and every loop over days, weeks
 * or months a request can ask for stays short and inside the years date arithmetic is right for.
 */
export const DAY_RANGE = { first: '1900-01-01', last: '2100-12-31' } as const

/**
 * A calendar day that exists (2024-02-30 does not), as YYYY-MM-DD, within DAY_RANGE: the one date rule of every
 * schema (a query's period, a body's date, a device's mutation).
 */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.date', abort: true })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'validation.date',
    abort: true,
  })
  .refine((d) => d >= DAY_RANGE.first && d <= DAY_RANGE.last, { error: 'validation.dayOutOfRange', abort: true })

/**
 * A local date and time of day, YYYY-MM-DDTHH:mm, on a calendar day that exists within DAY_RANGE (2026-13-01T09:00
 * and 2026-02-30T09:00 are not): the time of a one-off send.
 */
export const calendarDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.dateTime', abort: true })
  .refine((v) => calendarDay.safeParse(v.slice(0, 10)).success, { error: 'validation.dateTime', abort: true })

/** A form's date field: a calendar day, or empty (or absent, or null) for "not given". */
export const optionalCalendarDay = z
  .string()
  .trim()
  .transform((v) => (v === '' ? null : v))
  .pipe(calendarDay.nullable())
  .nullable()
  .optional()

const id = z.string().min(1).max(64)

/** The fields of a statistics filter: the period and the narrowing by office, team, seller and provider. */
export const periodFilterShape = {
  from: calendarDay,
  to: calendarDay,
  officeId: id.optional(),
  teamId: id.optional(),
  sellerId: id.optional(),
  providerId: id.optional(),
}

/** The period's check: from ≤ to and at most `maxDays` days; `messages` are the keys of its problems. */
export function periodCheck(maxDays: number, messages: { order: string; tooLong: string }) {
  return (q: { from: string; to: string }, ctx: z.RefinementCtx) => {
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.order })
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > maxDays) ctx.addIssue({ code: 'custom', path: ['to'], message: messages.tooLong })
  }
}

/**
 * What a statistics screen counts: a period of sell dates (from ≤ to, at most `maxDays` days), narrowed by office,
 * team, seller and provider. `messages` are the translation keys of the period's two problems, in the screen's area.
 */
export function periodFilterSchema(maxDays: number, messages: { order: string; tooLong: string }) {
  return z.strictObject(periodFilterShape).superRefine(periodCheck(maxDays, messages))
}
export type PeriodFilter = z.infer<ReturnType<typeof periodFilterSchema>>
