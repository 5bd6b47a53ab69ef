import { afterAll, describe, expect, it } from 'vitest'
import type { Recurrence } from '../schemas/recurrence'
import { isQuiet, nextOccurrence, nextSend, nextSends, type SendSchedule } from './schedule'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())
const at = (s: string) => Date.parse(s)

/** Stockholm wall-clock times; the expected instants are UTC (UTC+1 in winter, UTC+2 in summer). */
const TABLE: Array<[string, Recurrence, string, string | null]> = [
  ['daily 08:00 the day before clocks go forward (CET)', { kind: 'daily', time: '08:00' }, '2026-03-28T06:00:00Z', '2026-03-28T07:00:00.000Z'],
  ['daily 08:00 on the day clocks go forward (CEST)', { kind: 'daily', time: '08:00' }, '2026-03-28T08:00:00Z', '2026-03-29T06:00:00.000Z'],
  // RFC 5545 §3.3.5: a time in the spring gap is read with the offset before it — 02:30 CET is 03:30 CEST.
  ['02:30 does not exist on 29 March: sent at 03:30 CEST (RFC 5545)', { kind: 'daily', time: '02:30' }, '2026-03-28T12:00:00Z', '2026-03-29T01:30:00.000Z'],
  ['a weekly 02:15 on the spring change: 03:15 CEST', { kind: 'weekly', days: [7], time: '02:15' }, '2026-03-28T12:00:00Z', '2026-03-29T01:15:00.000Z'],
  ['the day after, 02:30 exists again', { kind: 'daily', time: '02:30' }, '2026-03-29T02:00:00Z', '2026-03-30T00:30:00.000Z'],
  ['daily 08:00 the day clocks go back (CET again)', { kind: 'daily', time: '08:00' }, '2026-10-24T07:00:00Z', '2026-10-25T07:00:00.000Z'],
  ['02:30 happens twice on 25 October: sent at the first', { kind: 'daily', time: '02:30' }, '2026-10-24T12:00:00Z', '2026-10-25T00:30:00.000Z'],
  ['Mondays and Fridays 07:30 across the October change', { kind: 'weekly', days: [1, 5], time: '07:30' }, '2026-10-24T12:00:00Z', '2026-10-26T06:30:00.000Z'],
  ['the last day of February in a leap year', { kind: 'monthly', day: 'last', time: '09:00' }, '2028-02-01T00:00:00Z', '2028-02-29T08:00:00.000Z'],
  ['the last day of February in a common year', { kind: 'monthly', day: 'last', time: '09:00' }, '2027-02-01T00:00:00Z', '2027-02-28T08:00:00.000Z'],
  ['the 31st skips a 30-day month', { kind: 'monthly', day: 31, time: '08:00' }, '2026-11-01T00:00:00Z', '2026-12-31T07:00:00.000Z'],
  ['the first Monday of the month', { kind: 'monthlyWeekday', nth: 1, weekday: 1, time: '08:00' }, '2026-11-28T00:00:00Z', '2026-12-07T07:00:00.000Z'],
  ['the last Friday of the month', { kind: 'monthlyWeekday', nth: 'last', weekday: 5, time: '16:00' }, '2026-11-01T00:00:00Z', '2026-11-27T15:00:00.000Z'],
  ['once, at a date ahead in summer time', { kind: 'once', at: '2027-06-15T10:00' }, '2026-11-28T00:00:00Z', '2027-06-15T08:00:00.000Z'],
  ['once, inside the spring gap: 03:30 CEST, as a repeating one', { kind: 'once', at: '2027-03-28T02:30' }, '2026-11-28T00:00:00Z', '2027-03-28T01:30:00.000Z'],
  ['once, at a date passed: never', { kind: 'once', at: '2026-01-01T10:00' }, '2026-11-28T00:00:00Z', null],
  ['once, on a day that does not exist (stored before the schema refused it): never', { kind: 'once', at: '2027-02-30T10:00' }, '2026-11-28T00:00:00Z', null],
  ['once, in a month that does not exist: never', { kind: 'once', at: '2027-13-01T10:00' }, '2026-11-28T00:00:00Z', null],
]

// Node reads TZ again whenever it is set: the server's own time zone is what this test varies.
// eslint-disable-next-line no-restricted-properties -- not configuration: the process's clock zone under test
const env = process.env
const savedTz = env.TZ
afterAll(() => {
  if (savedTz === undefined) delete env.TZ
  else env.TZ = savedTz
})

// The server's own time zone must not matter: the same table under UTC, New York and Tokyo.
describe.each(['UTC', 'America/New_York', 'Asia/Tokyo'])('recurrences in Stockholm time, the server in %s', (tz) => {
  it.each(TABLE)('%s', (_name, recurrence, after, expected) => {
    env.TZ = tz
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(tz === 'UTC' ? 0 : tz === 'Asia/Tokyo' ? -540 : 300)
    expect(iso(nextOccurrence(recurrence, at(after)))).toBe(expected)
  })
})

describe('a message schedule: quiet hours, an end date, the next five', () => {
  const daily = (time: string): Recurrence => ({ kind: 'daily', time })
  it('quiet hours across midnight contain late evening and early morning, not the day', () => {
    const q = { from: '21:00', to: '07:00' }
    expect([isQuiet('22:15', q), isQuiet('06:59', q), isQuiet('07:00', q), isQuiet('12:00', q), isQuiet('21:00', q)]).toEqual([true, true, false, false, true])
    expect(isQuiet('13:00', { from: '12:00', to: '14:00' })).toBe(true)
  })

  it('a send in the quiet hours moves to when they end, in local time across the clock change', () => {
    const s: SendSchedule = { recurrence: daily('22:00'), endDate: null, quietHours: { from: '21:00', to: '07:30' } }
    // 22:00 on Saturday 24 October is quiet: sent 07:30 Sunday 25 October, which is CET (UTC+1) again.
    expect(iso(nextSend(s, at('2026-10-24T12:00:00Z')))).toBe('2026-10-25T06:30:00.000Z')
  })

  it('nothing after the end date (inclusive, local)', () => {
    const s: SendSchedule = { recurrence: daily('08:00'), endDate: '2026-12-02', quietHours: null }
    expect(nextSends(s, at('2026-11-30T12:00:00Z'), 5).map(iso)).toEqual(['2026-12-01T07:00:00.000Z', '2026-12-02T07:00:00.000Z'])
  })

  it('the next five sends of a weekly message, in order, each strictly after the one before', () => {
    const s: SendSchedule = { recurrence: { kind: 'weekly', days: [3], time: '09:15' }, endDate: null, quietHours: null }
    expect(nextSends(s, at('2026-11-28T12:00:00Z'), 5).map(iso)).toEqual([
      '2026-12-02T08:15:00.000Z',
      '2026-12-09T08:15:00.000Z',
      '2026-12-16T08:15:00.000Z',
      '2026-12-23T08:15:00.000Z',
      '2026-12-30T08:15:00.000Z',
    ])
  })
})
