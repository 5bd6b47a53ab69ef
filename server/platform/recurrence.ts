import { Cron } from 'croner'
import type { Recurrence } from '../../shared/schemas/recurrence'

export const DEFAULT_TIMEZONE = 'Europe/Stockholm'

/** The recurrence as a cron pattern (or, for a single date, the local date-time croner takes as a one-off). */
function patternOf(r: Recurrence): string {
  const hm = (time: string) => {
    const [h, m] = time.split(':')
    return `${Number(m)} ${Number(h)}`
  }
  switch (r.kind) {
    case 'once':
      return `${r.at}:00`
    case 'hourly':
      return `${r.minute} * * * *`
    case 'daily':
      return `${hm(r.time)} * * *`
    case 'weekly':
      // cron counts Sunday as 0
      return `${hm(r.time)} * * ${[...new Set(r.days)]
        .sort()
        .map((d) => d % 7)
        .join(',')}`
    case 'monthly':
      return `${hm(r.time)} ${r.day === 'last' ? 'L' : r.day} * *`
  }
}

/**
 * The first occurrence strictly after `after` (epoch ms), or null when there is none (a date in the past).
 * Computed with croner, a well-kept cron library that knows time zones and daylight saving: a wall-clock
 * time that does not exist on the day clocks go forward runs at the first moment that does.
 */
export function nextOccurrence(r: Recurrence, after: number, timezone = DEFAULT_TIMEZONE): number | null {
  const next = new Cron(patternOf(r), { timezone, paused: true }).nextRun(new Date(after))
  return next ? next.getTime() : null
}
