/** Work-time and salary constants of spec section 9, and the calendar they are counted in. */

/** A work day is 8 hours. */
export const WORK_DAY_HOURS = 8
/** The salary estimate assumes 167 work hours a month. */
export const SALARY_MONTH_HOURS = 167
/**
 * The quality bonus the salary estimate assumes reached, as a share of the seller commission
 * (the spec does not give its size: docs/decisions/010).
 */
export const QUALITY_BONUS_SHARE = 0.1

/** Days are counted in the organisation's time zone, whatever the device or server clock says. */
export const BUSINESS_TIME_ZONE = 'Europe/Stockholm'

const HOUR = 3_600_000

/** 01:00 UTC on the last Sunday of a month (0-based), when EU summer time starts (March) or ends (October). */
function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0))
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
}

/**
 * The business day (YYYY-MM-DD) an instant falls on, in Sweden's civil time: UTC+1, and UTC+2 from 01:00 UTC
 * on the last Sunday of March to 01:00 UTC on the last Sunday of October (the EU's summer-time rule, Sweden's
 * since 1996). Worked out here rather than with `Intl.DateTimeFormat({ timeZone })`: building that formatter
 * loads the browser's time-zone data, 50–70 ms of a slowed phone's start on every screen that counts days
 * (docs/decisions/015). work.test.ts checks it against Intl, hour by hour, for years on end; should the rule
 * change, that test fails.
 */
export function businessDay(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  // An invalid date throws a RangeError here, as the formatter's format() did.
  return new Date(ms + businessOffsetHours(ms) * HOUR).toISOString().slice(0, 10)
}

/** Sweden's offset from UTC at an instant, in hours: 2 in summer time, else 1. */
function businessOffsetHours(ms: number): 1 | 2 {
  const year = new Date(ms).getUTCFullYear()
  return ms >= lastSundayAtOneUtc(year, 2) && ms < lastSundayAtOneUtc(year, 9) ? 2 : 1
}

/** An instant as Sweden's civil date and time with its offset, to the second: "2026-11-26T21:05:00+01:00". */
export function businessDateTime(at: number | Date): string {
  const ms = typeof at === 'number' ? at : at.getTime()
  const offset = businessOffsetHours(ms)
  return `${new Date(ms + offset * HOUR).toISOString().slice(0, 19)}+0${offset}:00`
}

/** The instant (epoch ms) a business day (YYYY-MM-DD) begins: its midnight in Sweden's civil time. */
export function businessDayStart(day: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  // Midnight is never in a change's hour (01:00 UTC), so it is UTC+2 when that instant is summer time, else UTC+1.
  const summer = utcMidnight - 2 * HOUR
  return businessDay(summer) === day ? summer : utcMidnight - HOUR
}

/** The month (YYYY-MM) of a business day or instant. */
export function businessMonth(at: number | Date | string): string {
  return (typeof at === 'string' ? at : businessDay(at)).slice(0, 7)
}

/** Monday–Friday days of a month (YYYY-MM), as YYYY-MM-DD. Public holidays are not known here. */
export function workingDaysOf(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  const days: string[] = []
  for (let d = 1; d <= 31; d++) {
    const date = new Date(Date.UTC(y, m - 1, d))
    if (date.getUTCMonth() !== m - 1) break
    const wd = date.getUTCDay()
    if (wd !== 0 && wd !== 6) days.push(`${month}-${String(d).padStart(2, '0')}`)
  }
  return days
}

const DAY_MS = 86_400_000
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)

/**
 * The days date arithmetic here is right for: four-digit years, so that days compare as text and a year is never
 * read as one of the 1900s (`Date.UTC(99, …)` is 1999). Input is held far inside it (`calendarDay` in
 * shared/schemas/period.ts); a day outside it is refused, never turned into another.
 */
export const ARITHMETIC_DAYS = { first: '0001-01-01', last: '9999-12-31' } as const

/**
 * A well-formed day (YYYY-MM-DD, a real date) as days since 1970-01-01, without a Date: lists add days to thousands of
 * them a request. Null for anything else (the caller then takes Date's path, with its own answer for it).
 */
function dayNumber(date: string): number | null {
  if (date.length !== 10 || date.charCodeAt(4) !== 45 || date.charCodeAt(7) !== 45) return null
  let y = 0
  for (let i = 0; i < 4; i++) {
    const c = date.charCodeAt(i) - 48
    if (c < 0 || c > 9) return null
    y = y * 10 + c
  }
  const m1 = date.charCodeAt(5) - 48
  const m2 = date.charCodeAt(6) - 48
  const d1 = date.charCodeAt(8) - 48
  const d2 = date.charCodeAt(9) - 48
  if (m1 < 0 || m1 > 1 || m2 < 0 || m2 > 9 || d1 < 0 || d1 > 3 || d2 < 0 || d2 > 9) return null
  const m = m1 * 10 + m2
  const d = d1 * 10 + d2
  if (y < 1 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null
  // Days from the civil date (H. Hinnant's algorithm): years from March, so the leap day is the last of a year.
  const ym = m <= 2 ? y - 1 : y
  const era = Math.floor(ym / 400)
  const yoe = ym - era * 400
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1
  return era * 146097 + yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy - 719468
}

const daysInMonth = (y: number, m: number) =>
  m === 2 ? (y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n))

/** The day (YYYY-MM-DD) of a day number (dayNumber's inverse), for the four-digit years. */
function dayOfNumber(z: number): string {
  const shifted = z + 719468
  const era = Math.floor(shifted / 146097)
  const doe = shifted - era * 146097
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365)
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100))
  const mp = Math.floor((5 * doy + 2) / 153)
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1
  const m = mp < 10 ? mp + 3 : mp - 9
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0)
  return `${String(y).padStart(4, '0')}-${pad2(m)}-${pad2(d)}`
}

/** 0001-01-01 and 9999-12-31 as day numbers: the four-digit years. */
const FIRST_DAY = -719162
const LAST_DAY = 2932896

/** The calendar day `n` days after (or before) a day, as YYYY-MM-DD; a RangeError outside the four-digit years. */
export function addDays(date: string, n: number): string {
  const from = Number.isInteger(n) ? dayNumber(date) : null
  if (from !== null) {
    const to = from + n
    if (to >= FIRST_DAY && to <= LAST_DAY) return dayOfNumber(to)
  }
  const day = new Date(dayMs(date) + n * DAY_MS).toISOString().slice(0, 10)
  if (!(day >= ARITHMETIC_DAYS.first && day <= ARITHMETIC_DAYS.last)) throw new RangeError(`no day ${n} days from ${date}`)
  return day
}

/** Calendar days from `a` to `b`, both counted. */
export function daysInclusive(a: string, b: string): number {
  const from = dayNumber(a)
  const to = dayNumber(b)
  if (from !== null && to !== null) return to - from + 1
  return Math.round((dayMs(b) - dayMs(a)) / DAY_MS) + 1
}

/** Whether a day (YYYY-MM-DD) is a Saturday or a Sunday. */
export function isWeekend(date: string): boolean {
  const n = dayNumber(date)
  // 1970-01-01 was a Thursday (4).
  const d = n !== null ? (((n + 4) % 7) + 7) % 7 : new Date(dayMs(date)).getUTCDay()
  return d === 0 || d === 6
}

/** The month before a month (YYYY-MM). */
export function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7)
}

/** The month after a month (YYYY-MM). */
export function nextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 7)
}

/** A month's first and last day (YYYY-MM-DD), for a range of dates. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number]
  // setUTCFullYear, not Date.UTC: a year below 100 stays itself.
  const last = new Date(0)
  last.setUTCFullYear(y, m, 0)
  return { from: `${month}-01`, to: last.toISOString().slice(0, 10) }
}

/** The periods a statistics screen offers beside one of its own. */
export type PeriodPreset = 'last30' | 'last12' | 'thisYear' | 'lastYear' | 'thisMonth' | 'lastMonth'

/** A preset period's first and last day (YYYY-MM-DD), counted from `today`. */
export function periodPreset(preset: PeriodPreset, today: string): { from: string; to: string } {
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))]
  const pad = (n: number) => String(n).padStart(2, '0')
  switch (preset) {
    case 'last30':
      return { from: addDays(today, -29), to: today }
    case 'last12': {
      const start = m === 12 ? [y, 1] : [y - 1, m + 1]
      return { from: `${start[0]}-${pad(start[1]!)}-01`, to: today }
    }
    case 'thisYear':
      return { from: `${y}-01-01`, to: today }
    case 'lastYear':
      return { from: `${y - 1}-01-01`, to: `${y - 1}-12-31` }
    case 'thisMonth':
      return { from: `${y}-${pad(m)}-01`, to: today }
    case 'lastMonth':
      return monthRange(previousMonth(today.slice(0, 7)))
  }
}

const month = (day: string) => day.slice(0, 7)

/**
 * How a summary reads a period with the fewest rows: whole calendar months from a month table, minus or plus days
 * from a day table. A partial month at either end is read as its days (`add`) or, when fewer of its days lie outside
 * the period than inside, as the whole month less the days outside (`subtract`): this month so far is the whole
 * month less the days still to come, which hold nothing. Together exactly the period, for figures that add up.
 */
export function periodReads(
  from: string,
  to: string,
): { months: { from: string; to: string } | null; add: Array<{ from: string; to: string }>; subtract: Array<{ from: string; to: string }> } {
  const add: Array<{ from: string; to: string }> = []
  const subtract: Array<{ from: string; to: string }> = []
  if (from > to) return { months: null, add, subtract }
  const first = monthRange(month(from))
  const last = monthRange(month(to))
  const days = (a: string, b: string) => (a > b ? 0 : daysInclusive(a, b))
  if (first.from === last.from) {
    // One month, perhaps cut at both ends.
    if (from === first.from && to === first.to) return { months: { from: month(from), to: month(to) }, add, subtract }
    const outside = days(first.from, addDays(from, -1)) + days(addDays(to, 1), first.to)
    if (outside < days(from, to)) {
      if (from > first.from) subtract.push({ from: first.from, to: addDays(from, -1) })
      if (to < first.to) subtract.push({ from: addDays(to, 1), to: first.to })
      return { months: { from: month(from), to: month(to) }, add, subtract }
    }
    return { months: null, add: [{ from, to }], subtract }
  }
  let firstMonth = month(from)
  if (from > first.from) {
    if (days(first.from, addDays(from, -1)) < days(from, first.to)) subtract.push({ from: first.from, to: addDays(from, -1) })
    else {
      add.push({ from, to: first.to })
      firstMonth = month(addDays(first.to, 1))
    }
  }
  let lastMonth = month(to)
  if (to < last.to) {
    if (days(addDays(to, 1), last.to) < days(last.from, to)) subtract.push({ from: addDays(to, 1), to: last.to })
    else {
      add.push({ from: last.from, to })
      lastMonth = previousMonth(month(to))
    }
  }
  return { months: firstMonth <= lastMonth ? { from: firstMonth, to: lastMonth } : null, add, subtract }
}

/** What a period is compared with: the period of the same length just before it, or the same dates a year earlier. */
export type ComparePreset = 'previous' | 'lastYear'

/** The period a period is compared with (29 February a year earlier is 28 February). */
export function comparePeriod(preset: ComparePreset, from: string, to: string): { from: string; to: string } {
  if (preset === 'previous') {
    const length = daysInclusive(from, to)
    return { from: addDays(from, -length), to: addDays(from, -1) }
  }
  const back = (day: string) => `${Number(day.slice(0, 4)) - 1}-${day.slice(5) === '02-29' ? '02-28' : day.slice(5)}`
  return { from: back(from), to: back(to) }
}
