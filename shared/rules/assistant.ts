import type { BiChart, BiGranularity, BiPeriod, BiQuery, BiUnit } from '../schemas/assistant'
import { addDays, monthRange } from './work'

/**
 * The BI assistant's rules (issue 21, docs/decisions/053): which dates a period means seen from a day, the time
 * buckets of a range, and which chart shows an answer. Pure, so they are table-tested with a fixed "today".
 */

const DAY = 86_400_000
const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7

/** Monday of the ISO week a day falls in. */
export function mondayOf(day: string): string {
  return addDays(day, -weekdayOf(day))
}

/** The ISO week of a day: its year (the Thursday's) and number. */
export function isoWeekOf(day: string): { year: number; week: number } {
  const thursday = addDays(mondayOf(day), 3)
  const year = Number(thursday.slice(0, 4))
  const firstThursday = addDays(mondayOf(`${year}-01-04`), 3)
  return { year, week: Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${firstThursday}T00:00:00Z`)) / (7 * DAY)) + 1 }
}

/** How many ISO weeks a year has (52 or 53). */
export function isoWeeksIn(year: number): number {
  return isoWeekOf(`${year}-12-28`).week
}

/** Monday of an ISO week. */
export function isoWeekStart(year: number, week: number): string {
  return addDays(mondayOf(`${year}-01-04`), (week - 1) * 7)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** The first day of the unit a day falls in. */
export function unitStart(unit: BiGranularity, day: string): string {
  switch (unit) {
    case 'day':
      return day
    case 'week':
      return mondayOf(day)
    case 'month':
      return `${day.slice(0, 7)}-01`
    case 'quarter': {
      const m = Number(day.slice(5, 7))
      return `${day.slice(0, 4)}-${pad(m - ((m - 1) % 3))}-01`
    }
    case 'year':
      return `${day.slice(0, 4)}-01-01`
  }
}

/** The day after the unit that begins on `start`. */
function nextStart(unit: BiGranularity, start: string): string {
  switch (unit) {
    case 'day':
      return addDays(start, 1)
    case 'week':
      return addDays(start, 7)
    case 'month':
      return addDays(monthRange(start.slice(0, 7)).to, 1)
    case 'quarter':
      return nextStart('month', nextStart('month', nextStart('month', start)))
    case 'year':
      return `${Number(start.slice(0, 4)) + 1}-01-01`
  }
}

/** The start of the unit `n` units before (n < 0) or after the one beginning on `start`. */
function shift(unit: BiGranularity, start: string, n: number): string {
  if (unit === 'day') return addDays(start, n)
  if (unit === 'week') return addDays(start, 7 * n)
  const months = unit === 'month' ? n : unit === 'quarter' ? 3 * n : 12 * n
  const y = Number(start.slice(0, 4))
  const m = Number(start.slice(5, 7)) - 1 + months
  const year = y + Math.floor(m / 12)
  return `${year}-${pad((((m % 12) + 12) % 12) + 1)}-01`
}

/**
 * The dates (inclusive) a period means seen from `today`: a unit counted from today's, the last N units up to today,
 * a named month, week or quarter (without a year, the latest that has begun), a year, or dates. A period that
 * reaches past today ends today: there is nothing to count after it.
 */
export function resolvePeriod(period: BiPeriod, today: string): { from: string; to: string } {
  const clip = (r: { from: string; to: string }) => ({ from: r.from, to: r.to > today ? today : r.to })
  switch (period.kind) {
    case 'relative': {
      const from = shift(period.unit, unitStart(period.unit, today), period.offset)
      return clip({ from, to: addDays(nextStart(period.unit, from), -1) })
    }
    case 'last': {
      const from = shift(period.unit, unitStart(period.unit, today), -(period.count - 1))
      return { from, to: today }
    }
    case 'month': {
      const thisYear = Number(today.slice(0, 4))
      const year = period.year ?? (`${thisYear}-${pad(period.month)}` <= today.slice(0, 7) ? thisYear : thisYear - 1)
      return clip(monthRange(`${year}-${pad(period.month)}`))
    }
    case 'week': {
      const current = isoWeekOf(today)
      const year = period.year ?? (period.week <= current.week ? current.year : current.year - 1)
      const week = Math.min(period.week, isoWeeksIn(year))
      const from = isoWeekStart(year, week)
      return clip({ from, to: addDays(from, 6) })
    }
    case 'quarter': {
      const thisYear = Number(today.slice(0, 4))
      const start = (y: number) => `${y}-${pad((period.quarter - 1) * 3 + 1)}-01`
      const year = period.year ?? (start(thisYear) <= today ? thisYear : thisYear - 1)
      const from = start(year)
      return clip({ from, to: addDays(nextStart('quarter', from), -1) })
    }
    case 'year':
      return clip({ from: `${period.year}-01-01`, to: `${period.year}-12-31` })
    case 'range':
      return clip({ from: period.from, to: period.to })
  }
}

/** A bucket's key: the day, the week's Monday, `YYYY-MM`, `YYYY-Qn` or `YYYY`. */
export function bucketKey(unit: BiGranularity, day: string): string {
  switch (unit) {
    case 'day':
      return day
    case 'week':
      return mondayOf(day)
    case 'month':
      return day.slice(0, 7)
    case 'quarter':
      return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`
    case 'year':
      return day.slice(0, 4)
  }
}

/** The most buckets a time chart draws. */
export const MAX_BUCKETS = 400

/**
 * Every bucket a range touches, in order (an empty one still counts as 0 in the answer). At most MAX_BUCKETS: a
 * longer range is a RangeError (the caller asks `bucketCount` first and offers coarser buckets), so no request
 * chooses the length of this loop.
 */
export function bucketsOf(unit: BiGranularity, from: string, to: string): string[] {
  if (bucketCount(unit, from, to) > MAX_BUCKETS) throw new RangeError(`more than ${MAX_BUCKETS} ${unit} buckets from ${from} to ${to}`)
  const out: string[] = []
  for (let start = unitStart(unit, from); start <= to; start = nextStart(unit, start)) out.push(bucketKey(unit, start))
  return out
}

/** How many buckets of a unit a range has (to refuse a daily chart of ten years), counted without walking them. */
export function bucketCount(unit: BiGranularity, from: string, to: string): number {
  if (from > to) return 0
  const days = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY)
  const months = (a: string, b: string) => (Number(b.slice(0, 4)) - Number(a.slice(0, 4))) * 12 + Number(b.slice(5, 7)) - Number(a.slice(5, 7))
  switch (unit) {
    case 'day':
      return days(from, to) + 1
    case 'week':
      return days(unitStart('week', from), unitStart('week', to)) / 7 + 1
    case 'month':
      return months(from, to) + 1
    case 'quarter':
      return months(unitStart('quarter', from), unitStart('quarter', to)) / 3 + 1
    case 'year':
      return Number(to.slice(0, 4)) - Number(from.slice(0, 4)) + 1
  }
}

/**
 * Which chart shows an answer: time with two or more buckets is a line; a single value is the number; a top N, many
 * categories or long labels lie as horizontal bars; other categories stand as bars.
 */
export function chartFor(query: Pick<BiQuery, 'groupBy' | 'limit'>, labels: readonly string[]): BiChart {
  const timed = query.groupBy.includes('time')
  if (timed && labels.length >= 2) return 'line'
  if (query.groupBy.length === 0 || labels.length === 0) return 'number'
  if (timed) return labels.length === 1 && query.groupBy.length === 1 ? 'number' : 'bar'
  if (query.limit !== undefined || labels.length > 8 || labels.some((l) => l.length > 14)) return 'horizontalBar'
  return 'bar'
}

export const UNIT_OF: Record<BiQuery['measure'], BiUnit> = {
  orderValue: 'kr',
  orders: 'count',
  quantity: 'count',
  hours: 'hours',
  regretRate: 'percent',
  averageGrade: 'score',
}

/** Whether a measure adds up over categories (a total) or is a mean (rates and scores). */
export const ADDS_UP: Record<BiQuery['measure'], boolean> = {
  orderValue: true,
  orders: true,
  quantity: true,
  hours: true,
  regretRate: false,
  averageGrade: false,
}

/** The default time buckets of a question that asks for time without saying which: by the period's length. */
export function defaultGranularity(from: string, to: string): BiGranularity {
  const days = bucketCount('day', from, to)
  if (days <= 31) return 'day'
  if (days <= 120) return 'week'
  if (days <= 3 * 366) return 'month'
  return 'year'
}
