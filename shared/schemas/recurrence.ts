import { z } from 'zod'
import { calendarDateTime } from './period'

/**
 * When something recurs: the recurrences the spec's scheduled messages offer (a date, every day, given days of
 * the week, a day of the month) plus hourly for the system's own housekeeping. Times are wall-clock times in
 * the schedule's time zone (Europe/Stockholm unless said), so 08:00 stays 08:00 across daylight saving.
 */
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/)

export const recurrenceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('once'), at: calendarDateTime }),
  z.strictObject({ kind: z.literal('hourly'), minute: z.int().min(0).max(59) }),
  z.strictObject({ kind: z.literal('daily'), time }),
  /** ISO weekdays: 1 Monday … 7 Sunday */
  z.strictObject({ kind: z.literal('weekly'), days: z.array(z.int().min(1).max(7)).min(1).max(7), time }),
  /** a day of the month; 'last' is the month's last day (a 31 skips the months without one) */
  z.strictObject({ kind: z.literal('monthly'), day: z.union([z.int().min(1).max(31), z.literal('last')]), time }),
  /** the nth (or last) given weekday of the month: "the first Monday", "the last Friday" (ISO weekdays) */
  z.strictObject({
    kind: z.literal('monthlyWeekday'),
    nth: z.union([z.int().min(1).max(4), z.literal('last')]),
    weekday: z.int().min(1).max(7),
    time,
  }),
])
export type Recurrence = z.infer<typeof recurrenceSchema>
