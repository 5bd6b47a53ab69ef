import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { BI_GRANULARITIES, type BiPeriod } from '../schemas/assistant'
import { DAY_RANGE } from '../schemas/period'
import {
  bucketCount,
  bucketKey,
  bucketsOf,
  chartFor,
  comparedDays,
  defaultGranularity,
  easterSunday,
  isoWeekOf,
  isoWeeksIn,
  MAX_BUCKETS,
  periodBefore,
  resolvePeriod,
  sameLastYear,
} from './assistant'
import { addDays } from './work'

const rel = (unit: 'day' | 'week' | 'month' | 'quarter' | 'year', offset = 0): BiPeriod => ({ kind: 'relative', unit, offset })

describe('a period seen from a day', () => {
  it.each<[string, BiPeriod, string, string]>([
    // this and last: around a month's and a year's turn
    ['2026-11-26', rel('month'), '2026-11-01', '2026-11-26'],
    ['2026-11-26', rel('month', -1), '2026-10-01', '2026-10-31'],
    ['2026-01-01', rel('month', -1), '2025-12-01', '2025-12-31'],
    ['2026-03-31', rel('month', -1), '2026-02-01', '2026-02-28'],
    ['2024-03-15', rel('month', -1), '2024-02-01', '2024-02-29'],
    ['2026-01-01', rel('year', -1), '2025-01-01', '2025-12-31'],
    ['2026-01-01', rel('year'), '2026-01-01', '2026-01-01'],
    ['2026-01-15', rel('quarter', -1), '2025-10-01', '2025-12-31'],
    ['2026-11-26', rel('quarter'), '2026-10-01', '2026-11-26'],
    ['2026-11-26', rel('day', -1), '2026-11-25', '2026-11-25'],
    // ISO weeks: Monday to Sunday, across a year's turn
    ['2026-11-26', rel('week'), '2026-11-23', '2026-11-26'],
    ['2026-11-26', rel('week', -1), '2026-11-16', '2026-11-22'],
    ['2027-01-01', rel('week'), '2026-12-28', '2027-01-01'],
    ['2021-01-04', rel('week', -1), '2020-12-28', '2021-01-03'],
    // the last N units, this one included
    ['2026-11-26', { kind: 'last', unit: 'month', count: 3 }, '2026-09-01', '2026-11-26'],
    ['2026-11-26', { kind: 'last', unit: 'day', count: 30 }, '2026-10-28', '2026-11-26'],
    ['2026-01-10', { kind: 'last', unit: 'week', count: 2 }, '2025-12-29', '2026-01-10'],
    ['2026-02-10', { kind: 'last', unit: 'month', count: 3 }, '2025-12-01', '2026-02-10'],
    // a named month or week: the latest that has begun unless a year is said
    ['2026-11-26', { kind: 'month', month: 3 }, '2026-03-01', '2026-03-31'],
    ['2026-11-26', { kind: 'month', month: 12 }, '2025-12-01', '2025-12-31'],
    ['2026-11-26', { kind: 'month', month: 11 }, '2026-11-01', '2026-11-26'],
    ['2026-11-26', { kind: 'month', month: 2, year: 2024 }, '2024-02-01', '2024-02-29'],
    ['2026-11-26', { kind: 'week', week: 12 }, '2026-03-16', '2026-03-22'],
    ['2026-11-26', { kind: 'week', week: 50 }, '2025-12-08', '2025-12-14'],
    ['2026-11-26', { kind: 'week', week: 53, year: 2020 }, '2020-12-28', '2021-01-03'],
    // a year without week 53 reads its last week
    ['2026-11-26', { kind: 'week', week: 53, year: 2021 }, '2021-12-27', '2022-01-02'],
    ['2026-11-26', { kind: 'quarter', quarter: 4 }, '2026-10-01', '2026-11-26'],
    ['2026-02-01', { kind: 'quarter', quarter: 3 }, '2025-07-01', '2025-09-30'],
    ['2026-11-26', { kind: 'year', year: 2025 }, '2025-01-01', '2025-12-31'],
    ['2026-11-26', { kind: 'range', from: '2026-11-01', to: '2027-01-31' }, '2026-11-01', '2026-11-26'],
  ])('from %s, %j is %s – %s', (today, period, from, to) => {
    expect(resolvePeriod(period, today)).toEqual({ from, to })
  })
})

describe('ISO weeks', () => {
  it.each([
    ['2020-12-31', 2020, 53],
    ['2021-01-03', 2020, 53],
    ['2021-01-04', 2021, 1],
    ['2026-12-31', 2026, 53],
    ['2027-01-03', 2026, 53],
    ['2025-12-29', 2026, 1],
  ])('%s is week %i-%i', (day, year, week) => {
    expect(isoWeekOf(day)).toEqual({ year, week })
  })
  it('counts 53 weeks in 2020 and 2026, 52 in 2025', () => {
    expect([isoWeeksIn(2020), isoWeeksIn(2025), isoWeeksIn(2026)]).toEqual([53, 52, 53])
  })
})

describe('time buckets', () => {
  it('lists every bucket a range touches', () => {
    expect(bucketsOf('month', '2025-11-15', '2026-02-03')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(bucketsOf('week', '2026-12-24', '2027-01-05')).toEqual(['2026-12-21', '2026-12-28', '2027-01-04'])
    expect(bucketsOf('quarter', '2026-01-01', '2026-11-26')).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'])
    expect(bucketsOf('day', '2026-02-27', '2026-03-01')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01'])
  })
  it('names the bucket any day falls in', () => {
    const days = ['2026-02-14', '2026-06-30', '2026-07-01', '2026-12-31']
    expect(days.map((d) => bucketKey('quarter', d))).toEqual(['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'])
    expect(days.map((d) => bucketKey('month', d))).toEqual(['2026-02', '2026-06', '2026-07', '2026-12'])
    expect(days.map((d) => bucketKey('year', d))).toEqual(['2026', '2026', '2026', '2026'])
    expect(days.map((d) => bucketKey('week', d))).toEqual(['2026-02-09', '2026-06-29', '2026-06-29', '2026-12-28'])
    expect(bucketKey('day', '2026-02-14')).toBe('2026-02-14')
  })
  it('counts the buckets it lists, without walking them, for any range of the date rule', () => {
    const day = fc.integer({ min: Date.parse(`${DAY_RANGE.first}T00:00:00Z`) / 86_400_000, max: Date.parse(`${DAY_RANGE.last}T00:00:00Z`) / 86_400_000 })
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 800 }), fc.constantFrom(...BI_GRANULARITIES), (start, length, unit) => {
        const from = new Date(start * 86_400_000).toISOString().slice(0, 10)
        const to = addDays(from, length)
        if (to > DAY_RANGE.last) return
        const count = bucketCount(unit, from, to)
        if (count <= MAX_BUCKETS) expect(bucketsOf(unit, from, to).length).toBe(count)
        else expect(() => bucketsOf(unit, from, to)).toThrow(RangeError)
      }),
      { numRuns: 300, seed: 39 },
    )
  })
  it('a range the whole date rule long: counted at once, never listed', () => {
    expect(bucketCount('week', DAY_RANGE.first, DAY_RANGE.last)).toBe(10_488)
    expect(bucketCount('year', DAY_RANGE.first, DAY_RANGE.last)).toBe(201)
    expect(() => bucketsOf('day', DAY_RANGE.first, DAY_RANGE.last)).toThrow(RangeError)
  })
  it('picks buckets by a period’s length', () => {
    expect(defaultGranularity('2026-11-01', '2026-11-26')).toBe('day')
    expect(defaultGranularity('2026-09-01', '2026-11-26')).toBe('week')
    expect(defaultGranularity('2026-01-01', '2026-11-26')).toBe('month')
    expect(defaultGranularity('2020-01-01', '2026-11-26')).toBe('year')
  })
})

describe('which chart', () => {
  it.each<[Parameters<typeof chartFor>[0], string[], string]>([
    [{ groupBy: ['time'] }, ['2026-01', '2026-02'], 'line'],
    [{ groupBy: ['time'] }, ['2026-01'], 'number'],
    [{ groupBy: [] }, ['Total'], 'number'],
    [{ groupBy: ['team'] }, ['Lund', 'Väst'], 'bar'],
    [{ groupBy: ['team'], limit: 5 }, ['Lund', 'Väst'], 'horizontalBar'],
    [{ groupBy: ['seller'] }, ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'], 'horizontalBar'],
    [{ groupBy: ['product'] }, ['Bredband 1000 med router', 'Mobil'], 'horizontalBar'],
    [{ groupBy: ['time', 'team'] }, ['v. 46', 'v. 47'], 'line'],
  ])('%j over %j is %s', (query, labels, chart) => {
    expect(chartFor(query, labels)).toBe(chart)
  })
})

describe('holidays and seasons (decision 083)', () => {
  const h = (holiday: 'christmas' | 'easter' | 'midsummer' | 'sportsBreak', year?: number): BiPeriod => ({
    kind: 'holiday',
    holiday,
    ...(year ? { year } : {}),
  })
  it.each<[number, string]>([
    // Easter Sunday by the computus, against published calendars (Svenska kyrkan's and Finland's almanacs)
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2038, '2038-04-25'],
    [2008, '2008-03-23'],
  ])('Easter %i falls on %s', (year, sunday) => {
    expect(easterSunday(year)).toBe(sunday)
  })

  it.each<[string, BiPeriod, string, string]>([
    // Good Friday to Easter Monday
    ['2026-11-26', h('easter'), '2026-04-03', '2026-04-06'],
    ['2026-11-26', h('easter', 2025), '2025-04-18', '2025-04-21'],
    // before this year's Easter, the latest is last year's
    ['2026-02-01', h('easter'), '2025-04-18', '2025-04-21'],
    // on Good Friday itself: this year's, up to today
    ['2026-04-03', h('easter'), '2026-04-03', '2026-04-03'],
    // Midsummer Eve is the Friday from 19 to 25 June, to the Sunday
    ['2026-11-26', h('midsummer'), '2026-06-19', '2026-06-21'],
    ['2026-11-26', h('midsummer', 2025), '2025-06-20', '2025-06-22'],
    ['2026-11-26', h('midsummer', 2024), '2024-06-21', '2024-06-23'],
    // Christmas Eve to Epiphany, across the year's turn; in November, last year's
    ['2026-11-26', h('christmas'), '2025-12-24', '2026-01-06'],
    ['2026-12-27', h('christmas'), '2026-12-24', '2026-12-27'],
    ['2027-01-10', h('christmas'), '2026-12-24', '2027-01-06'],
    // the sports break weeks 7 to 10
    ['2026-11-26', h('sportsBreak'), '2026-02-09', '2026-03-08'],
    ['2026-01-20', h('sportsBreak'), '2025-02-10', '2025-03-09'],
  ])('seen from %s, %j is %s to %s', (today, period, from, to) => {
    expect(resolvePeriod(period, today)).toEqual({ from, to })
  })
})

describe('two periods side by side (decision 083)', () => {
  it.each<[string, BiPeriod, BiPeriod]>([
    ['2026-11-26', { kind: 'week', week: 10 }, { kind: 'week', week: 10, year: 2025 }],
    ['2026-11-26', rel('week'), { kind: 'week', week: 48, year: 2025 }],
    ['2026-11-26', rel('month'), { kind: 'month', month: 11, year: 2025 }],
    ['2026-11-26', { kind: 'month', month: 3 }, { kind: 'month', month: 3, year: 2025 }],
    ['2026-11-26', rel('quarter', -1), { kind: 'quarter', quarter: 3, year: 2025 }],
    ['2026-11-26', rel('year'), { kind: 'year', year: 2025 }],
    ['2026-11-26', { kind: 'holiday', holiday: 'easter' }, { kind: 'holiday', holiday: 'easter', year: 2025 }],
    ['2026-11-26', { kind: 'range', from: '2024-02-29', to: '2024-03-10' }, { kind: 'range', from: '2023-02-28', to: '2023-03-10' }],
  ])('seen from %s, the same as %j a year before is %j', (today, period, before) => {
    expect(sameLastYear(period, today)).toEqual(before)
  })

  it.each<[string, BiPeriod, BiPeriod, string, string]>([
    // a running month beside as many days of the last: 1–26 November against 1–26 October
    ['2026-11-26', rel('month'), rel('month', -1), '2026-10-01', '2026-10-26'],
    // February is shorter: as many days as it has
    ['2026-03-31', rel('month'), rel('month', -1), '2026-02-01', '2026-02-28'],
    // a whole period beside the whole other
    ['2026-11-26', rel('month', -1), { kind: 'month', month: 10, year: 2025 }, '2025-10-01', '2025-10-31'],
    // this week so far (Monday to Thursday) against the same days of week 48 last year
    ['2026-11-26', rel('week'), { kind: 'week', week: 48, year: 2025 }, '2025-11-24', '2025-11-27'],
  ])('seen from %s, %j set beside %j counts %s to %s', (today, first, other, from, to) => {
    expect(comparedDays(first, other, today)).toEqual({ from, to })
  })

  it.each<[string, BiPeriod, BiPeriod]>([
    ['2026-11-26', rel('month'), rel('month', -1)],
    ['2026-11-26', rel('week', -1), rel('week', -2)],
    ['2026-11-26', { kind: 'week', week: 10 }, { kind: 'range', from: '2026-02-23', to: '2026-03-01' }],
    ['2026-11-26', { kind: 'month', month: 3 }, { kind: 'range', from: '2026-02-01', to: '2026-02-28' }],
    ['2026-11-26', { kind: 'last', unit: 'day', count: 7 }, { kind: 'range', from: '2026-11-13', to: '2026-11-19' }],
    ['2026-11-26', { kind: 'holiday', holiday: 'midsummer' }, { kind: 'holiday', holiday: 'midsummer', year: 2025 }],
  ])('seen from %s, the period before %j is %j', (today, period, before) => {
    expect(periodBefore(period, today)).toEqual(before)
  })
})
