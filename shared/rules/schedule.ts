import { Cron } from 'croner'
import { calendarDateTime } from '../schemas/period'
import type { Recurrence } from '../schemas/recurrence'

/**
 * When a recurrence falls, in a time zone (Europe/Stockholm unless said): the one implementation the server's job
 * schedules, the scheduled messages and the message editor's "next sends" use. Computed with croner, a well-kept
 * cron library that knows time zones and daylight saving, so 08:00 stays 08:00 across the clock changes whatever
 * the server's own time zone. A wall-clock time that does not exist on the night clocks go forward is read as
 * RFC 5545 §3.3.5 reads it — with the offset in force before the gap, so 02:30 runs at 03:30 summer time — for a
 * one-off and a repeating schedule alike; one that happens twice (clocks go back) runs once, at the first.
 */
export const DEFAULT_TIMEZONE = 'Europe/Stockholm'

const hm = (time: string) => {
  const [h, m] = time.split(':')
  return `${Number(m)} ${Number(h)}`
}

/** The recurrence as a cron pattern (or, for a single date, the local date-time croner takes as a one-off). */
export function patternOf(r: Recurrence): string {
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
    case 'monthlyWeekday':
      return `${hm(r.time)} * * ${r.weekday % 7}#${r.nth === 'last' ? 'L' : r.nth}`
  }
}

/**
 * The first occurrence strictly after `after` (epoch ms), or null when there is none (a date in the past, or a one-off
 * on a day that does not exist, stored before the schema refused one).
 */
export function nextOccurrence(r: Recurrence, after: number, timezone = DEFAULT_TIMEZONE): number | null {
  if (r.kind === 'once' && !calendarDateTime.safeParse(r.at).success) return null
  const next = new Cron(patternOf(r), { timezone, paused: true }).nextRun(new Date(after))
  if (!next) return null
  // croner moves a repeating time inside the spring gap to the gap's end (03:00); RFC 5545 wants the time read with
  // the offset before the gap (02:30 + 1 h = 03:30), as croner already does for a one-off date-time.
  if (r.kind !== 'once' && r.kind !== 'hourly') {
    const local = localParts(next.getTime(), timezone)
    if (local.time !== r.time) {
      const [h, m] = r.time.split(':').map(Number) as [number, number]
      const [y, mo, d] = local.date.split('-').map(Number) as [number, number, number]
      const corrected = Date.UTC(y, mo - 1, d, h, m) - offsetMinutes(next.getTime() - 3_600_000, timezone) * 60_000
      if (corrected > after) return corrected
    }
  }
  return next.getTime()
}

/** A zone's offset from UTC at an instant, in minutes (Stockholm: 60 in winter, 120 in summer). */
function offsetMinutes(at: number, timezone: string): number {
  const { date, time } = localParts(at, timezone)
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number]
  const [h, m] = time.split(':').map(Number) as [number, number]
  return Math.round((Date.UTC(y, mo - 1, d, h, m) - Math.floor(at / 60_000) * 60_000) / 60_000)
}

/** A wall-clock reading of an instant in a time zone. */
export function localParts(at: number, timezone = DEFAULT_TIMEZONE): { date: string; time: string; weekday: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
  }).formatToParts(new Date(at))
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1
  return { date: `${get('year')}-${get('month')}-${get('day')}`, time: `${get('hour')}:${get('minute')}`, weekday }
}

/** Hours in which nothing is sent, local time: `from` until `to` (an overnight window when `to` is earlier). */
export type QuietHours = { from: string; to: string }

/** Is a local time of day inside the quiet window? */
export function isQuiet(time: string, quiet: QuietHours): boolean {
  if (quiet.from === quiet.to) return false
  return quiet.from < quiet.to ? time >= quiet.from && time < quiet.to : time >= quiet.from || time < quiet.to
}

/** The send a quiet window moves: to the window's end, the first moment it is allowed again. */
export function outOfQuietHours(at: number, quiet: QuietHours | null, timezone = DEFAULT_TIMEZONE): number {
  if (!quiet || !isQuiet(localParts(at, timezone).time, quiet)) return at
  return nextOccurrence({ kind: 'daily', time: quiet.to }, at, timezone) ?? at
}

/** A message's schedule: its recurrence, an optional last day (inclusive, local) and quiet hours. */
export type SendSchedule = { recurrence: Recurrence; endDate: string | null; quietHours: QuietHours | null }

/**
 * The next send strictly after `after`: the recurrence's next occurrence moved out of the quiet hours, or null
 * when the recurrence has ended (a date passed, after the end date). Occurrences the quiet hours move onto the
 * same moment are one send.
 */
export function nextSend(s: SendSchedule, after: number, timezone = DEFAULT_TIMEZONE): number | null {
  let from = after
  // A quiet window moves occurrences forward, never before `after`; more than a day's worth of them inside one
  // window cannot happen with these recurrences, so a few steps always find the answer.
  for (let i = 0; i < 100; i++) {
    const base = nextOccurrence(s.recurrence, from, timezone)
    if (base === null) return null
    if (s.endDate && localParts(base, timezone).date > s.endDate) return null
    const moved = outOfQuietHours(base, s.quietHours, timezone)
    if (moved > after) return moved
    from = base
  }
  return null
}

/** The next `count` sends after `after` (the editor shows five). */
export function nextSends(s: SendSchedule, after: number, count: number, timezone = DEFAULT_TIMEZONE): number[] {
  const out: number[] = []
  let from = after
  while (out.length < count) {
    const next = nextSend(s, from, timezone)
    if (next === null) break
    out.push(next)
    from = next
  }
  return out
}
