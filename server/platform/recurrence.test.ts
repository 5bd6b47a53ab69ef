import { describe, expect, it } from 'vitest'
import type { Recurrence } from '../../shared/schemas/recurrence'
import { nextOccurrence } from './recurrence'

// Sunday 22 November 2026, 13:00 in Stockholm (UTC+1)
const now = Date.parse('2026-11-22T12:00:00Z')

describe('the next occurrence of a recurrence, in Stockholm time', () => {
  it.each<[string, Recurrence, number, string | null]>([
    ['every day at 08:30, tomorrow', { kind: 'daily', time: '08:30' }, now, '2026-11-23T07:30:00.000Z'],
    ['every day at 14:00, later today', { kind: 'daily', time: '14:00' }, now, '2026-11-22T13:00:00.000Z'],
    ['hourly at :15', { kind: 'hourly', minute: 15 }, now, '2026-11-22T12:15:00.000Z'],
    ['Mondays and Fridays at 08:00', { kind: 'weekly', days: [5, 1], time: '08:00' }, now, '2026-11-23T07:00:00.000Z'],
    ['Sundays (ISO 7) at 18:00, tonight', { kind: 'weekly', days: [7], time: '18:00' }, now, '2026-11-22T17:00:00.000Z'],
    ['the last day of the month', { kind: 'monthly', day: 'last', time: '08:00' }, now, '2026-11-30T07:00:00.000Z'],
    ['the 31st skips November', { kind: 'monthly', day: 31, time: '08:00' }, now, '2026-12-31T07:00:00.000Z'],
    ['a date ahead', { kind: 'once', at: '2026-12-01T08:00' }, now, '2026-12-01T07:00:00.000Z'],
    ['a date passed: never', { kind: 'once', at: '2026-11-01T08:00' }, now, null],
    ['08:00 stays 08:00 in summer time (UTC+2)', { kind: 'daily', time: '08:00' }, Date.parse('2026-06-10T12:00:00Z'), '2026-06-11T06:00:00.000Z'],
    [
      '02:30 on the night clocks go forward runs at 03:30 summer time (RFC 5545)',
      { kind: 'daily', time: '02:30' },
      Date.parse('2026-03-28T12:00:00Z'),
      '2026-03-29T01:30:00.000Z',
    ],
  ])('%s', (_name, recurrence, after, expected) => {
    const next = nextOccurrence(recurrence, after)
    expect(next === null ? null : new Date(next).toISOString()).toBe(expected)
  })
})

describe('the default retry backoff', () => {
  it('doubles from about a second to at most ten minutes, in whole milliseconds (PostgreSQL stores them as bigint)', async () => {
    const { defaultBackoff } = await import('./events')
    for (let attempt = 1; attempt <= 20; attempt++) {
      const ms = defaultBackoff(attempt)
      expect(Number.isInteger(ms)).toBe(true)
      const base = Math.min(1000 * 2 ** (attempt - 1), 600_000)
      expect(ms).toBeGreaterThanOrEqual(base * 0.8 - 1)
      expect(ms).toBeLessThanOrEqual(base * 1.2 + 1)
    }
  })
})
