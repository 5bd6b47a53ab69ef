import { z } from 'zod'

/** A calendar day that exists (2024-02-30 does not), as YYYY-MM-DD. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'validation.invalidFormat' })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), {
    error: 'validation.invalidFormat',
  })

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
