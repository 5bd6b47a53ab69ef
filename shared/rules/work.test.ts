import { describe, expect, it } from 'vitest'
import {
  addDays,
  daysInclusive,
  isWeekend,
  BUSINESS_TIME_ZONE,
  comparePeriod,
  nextMonth,
  previousMonth,
  businessDateTime,
  businessDay,
  businessDayStart,
  businessMonth,
  monthRange,
  periodPreset,
  periodReads,
  type PeriodPreset,
} from './work'

const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
const HOUR = 3_600_000

describe('business day (Europe/Stockholm)', () => {
  it('is the date in Stockholm, not on the device or in UTC', () => {
    expect(businessDay(Date.UTC(2026, 10, 21, 22, 59))).toBe('2026-11-21') // 23:59 CET
    expect(businessDay(Date.UTC(2026, 10, 21, 23, 0))).toBe('2026-11-22') // 00:00 CET
    expect(businessDay(Date.UTC(2026, 6, 1, 21, 59))).toBe('2026-07-01') // 23:59 CEST
    expect(businessDay(Date.UTC(2026, 6, 1, 22, 0))).toBe('2026-07-02') // 00:00 CEST
    expect(businessDay(Date.UTC(2026, 11, 31, 23, 30))).toBe('2027-01-01') // new year in Stockholm first
    expect(businessDay(new Date(Date.UTC(2026, 0, 15, 12)))).toBe('2026-01-15')
  })

  it('switches at the summer-time changes of 2026 (29 March, 25 October, 01:00 UTC)', () => {
    expect(businessDay(Date.UTC(2026, 2, 29, 0, 59))).toBe('2026-03-29')
    expect(businessDay(Date.UTC(2026, 2, 29, 22, 0))).toBe('2026-03-30') // 00:00 CEST
    expect(businessDay(Date.UTC(2026, 2, 28, 22, 59))).toBe('2026-03-28') // 23:59 CET
    expect(businessDay(Date.UTC(2026, 9, 24, 22, 0))).toBe('2026-10-25') // 00:00 CEST
    expect(businessDay(Date.UTC(2026, 9, 25, 22, 59))).toBe('2026-10-25') // 23:59 CET
    expect(businessDay(Date.UTC(2026, 9, 25, 23, 0))).toBe('2026-10-26')
  })

  it('writes a date and time with its offset (the PAXml header time): +01:00 in winter, +02:00 in summer', () => {
    expect(businessDateTime(Date.UTC(2026, 10, 26, 20, 5, 7, 900))).toBe('2026-11-26T21:05:07+01:00')
    expect(businessDateTime(Date.UTC(2026, 6, 1, 22, 0))).toBe('2026-07-02T00:00:00+02:00')
    expect(businessDateTime(Date.UTC(2026, 9, 25, 0, 59))).toBe('2026-10-25T02:59:00+02:00')
    expect(businessDateTime(Date.UTC(2026, 9, 25, 1, 0))).toBe('2026-10-25T02:00:00+01:00')
    // The same instant, read back: the offset makes it unambiguous.
    for (const ms of [Date.UTC(2026, 2, 29, 0, 59, 59), Date.UTC(2026, 2, 29, 1, 0), Date.UTC(2026, 9, 25, 0, 30), Date.UTC(2026, 9, 25, 1, 30)])
      expect(Date.parse(businessDateTime(ms))).toBe(ms)
  })

  // An exhaustive sweep of some 400,000 instants: its time is CPU time, several seconds on a busy 2-core machine.
  it('agrees with the time-zone database for every hour of 2000–2040, and every minute around each change', () => {
    const mismatches: string[] = []
    const check = (ms: number) => {
      if (businessDay(ms) !== intlDay.format(ms)) mismatches.push(new Date(ms).toISOString())
    }
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2041, 0, 1); ms += HOUR) check(ms)
    for (let year = 2000; year <= 2040; year++) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0))
        const change = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1)
        // Midnight falls 22:00–23:00 UTC: check the evenings before and after the change minute by minute.
        for (let ms = change - 26 * HOUR; ms < change + 26 * HOUR; ms += 60_000) check(ms)
      }
    }
    expect(mismatches.slice(0, 5)).toEqual([])
  }, 30_000)

  it('begins each day at its midnight in Stockholm, winter and summer and on the days of the changes', () => {
    const cases: Array<[string, string]> = [
      ['2026-01-15', '2026-01-14T23:00:00.000Z'],
      ['2026-07-01', '2026-06-30T22:00:00.000Z'],
      ['2026-03-29', '2026-03-28T23:00:00.000Z'],
      ['2026-03-30', '2026-03-29T22:00:00.000Z'],
      ['2026-10-25', '2026-10-24T22:00:00.000Z'],
      ['2026-10-26', '2026-10-25T23:00:00.000Z'],
    ]
    for (const [day, start] of cases) expect(new Date(businessDayStart(day)).toISOString(), day).toBe(start)
    // Every day of 2000–2040: the instant is that day in Stockholm, and a millisecond before is the day before.
    for (let ms = Date.UTC(2000, 0, 1); ms < Date.UTC(2041, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10)
      const start = businessDayStart(day)
      expect(businessDay(start)).toBe(day)
      expect(businessDay(start - 1)).not.toBe(day)
    }
  })

  it('rejects an invalid date as the formatter did', () => {
    expect(() => businessDay(Number.NaN)).toThrow(RangeError)
    expect(() => businessDay(new Date('not a date'))).toThrow(RangeError)
  })

  it('gives the month of a day or an instant', () => {
    expect(businessMonth('2026-11-21')).toBe('2026-11')
    expect(businessMonth(Date.UTC(2026, 10, 30, 23, 30))).toBe('2026-12')
  })
})

describe('a statistics screen’s preset periods', () => {
  it.each([
    ['last30', '2026-03-01', '2026-01-31', '2026-03-01'],
    ['last12', '2026-11-25', '2025-12-01', '2026-11-25'],
    ['last12', '2026-12-05', '2026-01-01', '2026-12-05'],
    ['thisYear', '2026-11-25', '2026-01-01', '2026-11-25'],
    ['lastYear', '2026-11-25', '2025-01-01', '2025-12-31'],
    ['thisMonth', '2026-11-25', '2026-11-01', '2026-11-25'],
    ['lastMonth', '2026-03-10', '2026-02-01', '2026-02-28'],
    ['lastMonth', '2026-01-10', '2025-12-01', '2025-12-31'],
  ] as const)('%s from %s is %s … %s', (preset, today, from, to) => {
    expect(periodPreset(preset as PeriodPreset, today)).toEqual({ from, to })
  })
})

describe('periodReads: whole months, plus or minus days', () => {
  const r = (from: string, to: string) => ({ from, to })
  it.each([
    // whole months only
    ['2025-01-01', '2025-12-31', { months: r('2025-01', '2025-12'), add: [], subtract: [] }],
    // this month so far (20 of 30 days): the whole month less the 10 days to come
    ['2025-12-01', '2026-11-20', { months: r('2025-12', '2026-11'), add: [], subtract: [r('2026-11-21', '2026-11-30')] }],
    // a start late in its month: its days; an end early in its month: its days
    ['2025-11-21', '2026-11-05', { months: r('2025-12', '2026-10'), add: [r('2025-11-21', '2025-11-30'), r('2026-11-01', '2026-11-05')], subtract: [] }],
    // a start early in its month: the month less the days before
    ['2025-11-03', '2025-12-31', { months: r('2025-11', '2025-12'), add: [], subtract: [r('2025-11-01', '2025-11-02')] }],
    // within one month: its days, or the month less both ends
    ['2025-06-10', '2025-06-12', { months: null, add: [r('2025-06-10', '2025-06-12')], subtract: [] }],
    ['2025-06-02', '2025-06-29', { months: r('2025-06', '2025-06'), add: [], subtract: [r('2025-06-01', '2025-06-01'), r('2025-06-30', '2025-06-30')] }],
    // two partial months next to each other
    ['2025-06-20', '2025-07-05', { months: null, add: [r('2025-06-20', '2025-06-30'), r('2025-07-01', '2025-07-05')], subtract: [] }],
    ['2025-06-20', '2025-06-19', { months: null, add: [], subtract: [] }],
  ])('%s – %s', (from, to, expected) => {
    expect(periodReads(from, to)).toEqual(expected)
  })

  it('adds up to exactly the period for every start and end in a year (checked day by day)', () => {
    const start = '2024-12-01'
    for (let a = 0; a < 400; a += 7) {
      for (let b = a; b < a + 120; b += 5) {
        const from = addDays(start, a)
        const to = addDays(start, b)
        const plan = periodReads(from, to)
        const counted = new Map<string, number>()
        const bump = (d: string, n: number) => counted.set(d, (counted.get(d) ?? 0) + n)
        if (plan.months) for (let d = `${plan.months.from}-01`; d.slice(0, 7) <= plan.months.to; d = addDays(d, 1)) bump(d, 1)
        for (const x of plan.add) for (let d = x.from; d <= x.to; d = addDays(d, 1)) bump(d, 1)
        for (const x of plan.subtract) for (let d = x.from; d <= x.to; d = addDays(d, 1)) bump(d, -1)
        const inside = [...counted].filter(([, n]) => n !== 0)
        expect(inside.every(([, n]) => n === 1)).toBe(true)
        expect(inside.map(([d]) => d).sort()).toEqual(Array.from({ length: b - a + 1 }, (_, i) => addDays(from, i)))
      }
    }
  })
})

describe('comparePeriod', () => {
  it.each([
    ['previous', '2026-11-01', '2026-11-30', { from: '2026-10-02', to: '2026-10-31' }],
    ['previous', '2026-03-01', '2026-03-01', { from: '2026-02-28', to: '2026-02-28' }],
    ['lastYear', '2026-01-01', '2026-11-20', { from: '2025-01-01', to: '2025-11-20' }],
    ['lastYear', '2024-02-01', '2024-02-29', { from: '2023-02-01', to: '2023-02-28' }],
  ] as const)('%s of %s – %s', (preset, from, to, expected) => {
    expect(comparePeriod(preset, from, to)).toEqual(expected)
  })
})

describe('the months around a month', () => {
  it.each([
    ['2026-11', '2026-10', '2026-12'],
    ['2026-12', '2026-11', '2027-01'],
    ['2026-01', '2025-12', '2026-02'],
  ])('%s: before %s, after %s', (month, before, after) => {
    expect(previousMonth(month)).toBe(before)
    expect(nextMonth(month)).toBe(after)
  })
})

describe('date arithmetic at the ends of the four-digit years', () => {
  it('is right for years below 100 (never read as the 1900s) and refused past them', () => {
    expect(monthRange('0099-02')).toEqual({ from: '0099-02-01', to: '0099-02-28' })
    expect(monthRange('0004-02').to).toBe('0004-02-29')
    expect(addDays('0001-01-02', -1)).toBe('0001-01-01')
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError)
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError)
  })
})

describe('day arithmetic without Date (issue 72: lists add days to thousands of days a request)', () => {
  const viaDate = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)
  it('adds days, counts them and knows weekends as Date does, across centuries, leap days and the ends of the years', () => {
    const starts = ['0001-01-01', '0099-12-31', '1600-02-28', '1899-12-31', '1900-02-28', '1970-01-01', '2000-02-28', '2024-02-29', '2026-12-31', '9999-12-30']
    for (const start of starts) {
      for (const n of [-800, -366, -365, -31, -1, 0, 1, 2, 28, 59, 365, 366, 1461]) {
        const expected = viaDate(start, n)
        if (expected < '0001-01-01' || expected > '9999-12-31' || expected.startsWith('+') || expected.startsWith('-')) continue
        expect(addDays(start, n), `${start} ${n}`).toBe(expected)
        expect(daysInclusive(start, expected), `${start} → ${expected}`).toBe(n + 1)
      }
    }
    // Every day of four years, one of them a leap year: the weekday as Date says.
    for (let n = 0; n < 1461; n++) {
      const day = viaDate('2023-01-01', n)
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
      expect(isWeekend(day), day).toBe(weekday === 0 || weekday === 6)
      expect(addDays('2023-01-01', n)).toBe(day)
    }
  })

  it('still refuses what is not a day, or a day outside the four-digit years', () => {
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError)
    expect(() => addDays('0001-01-01', -1)).toThrow(RangeError)
    expect(() => addDays('not a day', 1)).toThrow(RangeError)
  })
})
