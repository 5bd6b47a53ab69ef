import type { BiChart, BiGranularity, BiHoliday, BiPeriod, BiQuery, BiUnit } from '../schemas/assistant'
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
  const whole = wholePeriod(period, today)
  return { from: whole.from, to: whole.to > today ? today : whole.to }
}

/** The dates a period means seen from `today`, not cut at today (this month is all of it). */
export function wholePeriod(period: BiPeriod, today: string): { from: string; to: string } {
  switch (period.kind) {
    case 'relative': {
      const from = shift(period.unit, unitStart(period.unit, today), period.offset)
      return { from, to: addDays(nextStart(period.unit, from), -1) }
    }
    case 'last': {
      const from = shift(period.unit, unitStart(period.unit, today), -(period.count - 1))
      return { from, to: today }
    }
    case 'month': {
      const thisYear = Number(today.slice(0, 4))
      const year = period.year ?? (`${thisYear}-${pad(period.month)}` <= today.slice(0, 7) ? thisYear : thisYear - 1)
      return monthRange(`${year}-${pad(period.month)}`)
    }
    case 'week': {
      const current = isoWeekOf(today)
      const year = period.year ?? (period.week <= current.week ? current.year : current.year - 1)
      const week = Math.min(period.week, isoWeeksIn(year))
      const from = isoWeekStart(year, week)
      return { from, to: addDays(from, 6) }
    }
    case 'quarter': {
      const thisYear = Number(today.slice(0, 4))
      const start = (y: number) => `${y}-${pad((period.quarter - 1) * 3 + 1)}-01`
      const year = period.year ?? (start(thisYear) <= today ? thisYear : thisYear - 1)
      const from = start(year)
      return { from, to: addDays(nextStart('quarter', from), -1) }
    }
    case 'year':
      return { from: `${period.year}-01-01`, to: `${period.year}-12-31` }
    case 'range':
      return { from: period.from, to: period.to }
    case 'holiday': {
      // Without a year: the latest that has begun (this year's, or last year's before it comes).
      const thisYear = Number(today.slice(0, 4))
      const year = period.year ?? (holidayDays(period.holiday, thisYear).from <= today ? thisYear : thisYear - 1)
      return holidayDays(period.holiday, year)
    }
  }
}

/** Easter Sunday of a year (the Gregorian computus, Meeus/Jones/Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return `${year}-${pad(month)}-${pad(day)}`
}

/**
 * The days a holiday or season means to a sales organisation in Sweden and Finland (decision 083):
 * - christmas (jul, joulu): Christmas Eve to Epiphany, 24 December to 6 January of the next year;
 * - easter (påsk, pääsiäinen): Good Friday to Easter Monday, the four days both countries keep;
 * - midsummer (midsommar, juhannus): Midsummer Eve (the Friday from 19 to 25 June) to the Sunday after;
 * - sportsBreak (sportlov, hiihtoloma): ISO weeks 7 to 10, the weeks the regions' winter breaks fall in.
 */
export function holidayDays(holiday: BiHoliday, year: number): { from: string; to: string } {
  switch (holiday) {
    case 'christmas':
      return { from: `${year}-12-24`, to: `${year + 1}-01-06` }
    case 'easter': {
      const sunday = easterSunday(year)
      return { from: addDays(sunday, -2), to: addDays(sunday, 1) }
    }
    case 'midsummer': {
      // The Friday between 19 and 25 June: 19 June plus the days to the next Friday (weekday 4, Monday 0).
      const eve = addDays(`${year}-06-19`, (4 - weekdayOf(`${year}-06-19`) + 7) % 7)
      return { from: eve, to: addDays(eve, 2) }
    }
    case 'sportsBreak':
      return { from: isoWeekStart(year, 7), to: addDays(isoWeekStart(year, 10), 6) }
  }
}

/**
 * The same period a year earlier, as a period of its own: a week by its number, a month, a quarter, a holiday of the
 * year before; anything else as its dates a year back (29 February becomes the 28th).
 */
export function sameLastYear(period: BiPeriod, today: string): BiPeriod {
  const { from, to } = resolvePeriod(period, today)
  const year = Number(from.slice(0, 4)) - 1
  const unit = period.kind === 'relative' ? period.unit : null
  if (period.kind === 'week' || unit === 'week') return { kind: 'week', week: isoWeekOf(from).week, year: isoWeekOf(from).year - 1 }
  if (period.kind === 'month' || unit === 'month') return { kind: 'month', month: Number(from.slice(5, 7)), year }
  if (period.kind === 'quarter' || unit === 'quarter') return { kind: 'quarter', quarter: Math.floor((Number(from.slice(5, 7)) - 1) / 3) + 1, year }
  if (period.kind === 'year' || unit === 'year') return { kind: 'year', year }
  if (period.kind === 'holiday') return { kind: 'holiday', holiday: period.holiday, year }
  const back = (day: string) => {
    const y = `${Number(day.slice(0, 4)) - 1}${day.slice(4)}`
    return y.endsWith('-02-29') ? y.replace(/-29$/, '-28') : y
  }
  return { kind: 'range', from: back(from), to: back(to) }
}

/**
 * The dates a compared period counts (decision 083). A first period cut short by today ("this month" on the 26th) is
 * set beside as many days of the other, from its start: 1–26 November against 1–26 October, not all 31 days.
 */
export function comparedDays(first: BiPeriod, other: BiPeriod, today: string): { from: string; to: string } {
  const a = resolvePeriod(first, today)
  const b = resolvePeriod(other, today)
  if (a.to >= wholePeriod(first, today).to) return b
  const to = addDays(b.from, daysBetween(a.from, a.to))
  return { from: b.from, to: to < b.to ? to : b.to }
}

/**
 * The period before one (an overview's comparison): the unit before a unit (last month before this month, cut to as
 * many days by comparedDays), the same holiday a year before, and the days just before anything else.
 */
export function periodBefore(period: BiPeriod, today: string): BiPeriod {
  if (period.kind === 'relative') return { ...period, offset: Math.max(-100, period.offset - 1) }
  if (period.kind === 'holiday') return sameLastYear(period, today)
  const unit = period.kind === 'week' || period.kind === 'month' || period.kind === 'quarter' || period.kind === 'year' ? period.kind : null
  const r = unit ? wholePeriod(period, today) : resolvePeriod(period, today)
  if (unit) return { kind: 'range', from: shift(unit, r.from, -1), to: addDays(r.from, -1) }
  const to = addDays(r.from, -1)
  return { kind: 'range', from: addDays(to, -daysBetween(r.from, r.to)), to }
}

const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY)

/** A bucket's key: the day, the week's Monday, `YYYY-MM`, `YYYY-Qn` or `YYYY`. */
export function bucketKey(unit: BiGranularity, day: string): string {
  const start = unitStart(unit, day)
  if (unit === 'month') return start.slice(0, 7)
  // The quarter's first month is 1, 4, 7 or 10.
  if (unit === 'quarter') return `${start.slice(0, 4)}-Q${(Number(start.slice(5, 7)) + 2) / 3}`
  if (unit === 'year') return start.slice(0, 4)
  return start
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
