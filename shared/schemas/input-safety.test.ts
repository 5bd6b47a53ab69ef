import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FORBIDDEN_CONTROL_ENCODED, inputProblem } from './input-safety'
import { calendarDateTime, calendarDay, optionalCalendarDay } from './period'

describe('text no field takes, anywhere in a request value', () => {
  it.each<[string, unknown, ReturnType<typeof inputProblem>]>([
    ['NUL in a value', { specialDiet: 'a\u0000b' }, { path: 'specialDiet', kind: 'controlCharacter' }],
    [
      'NUL alone, deep in an array',
      { sales: [{ customer: { name: 'ok' } }, { customer: { name: '\u0000' } }] },
      { path: 'sales.1.customer.name', kind: 'controlCharacter' },
    ],
    ['a bell, an escape, a form feed, a vertical tab', { a: ['\u0007', 'x'] }, { path: 'a.0', kind: 'controlCharacter' }],
    ['escape', { note: 'x\u001b[31m' }, { path: 'note', kind: 'controlCharacter' }],
    ['form feed', { note: 'x\u000c' }, { path: 'note', kind: 'controlCharacter' }],
    ['a control character in a key', { ['k\u0000']: 1 }, { path: 'k\ufffd', kind: 'controlCharacter' }],
    ['a lone surrogate', { name: 'a\ud800' }, { path: 'name', kind: 'illFormedText' }],
    ['the whole value', '\u0001', { path: '_', kind: 'controlCharacter' }],
    ['tab, line feed and carriage return are text', { comment: 'rad 1\r\nrad 2\tslut' }, null],
    ['other Unicode is text', { name: 'Åsa Ödmark 😀 ‮' }, null],
  ])('%s', (_name, value, expected) => {
    expect(inputProblem(value)).toEqual(expected)
  })

  it.each([
    ['/api/users/%00', true],
    ['/api/sale-reports?q=a%00b', true],
    ['/api/users?q=%1b', true],
    ['/api/users?q=%7F', false],
    ['/api/users?q=rad%0Arad%09x%0D', false],
    ['/api/users?q=%2500', false],
  ])('an address %s: refused %s', (url, refused) => {
    expect(FORBIDDEN_CONTROL_ENCODED.test(url)).toBe(refused)
  })
})

describe('the time of a one-off send (issue 68 Q8)', () => {
  it.each([
    ['2026-11-26T09:00', true],
    ['2028-02-29T23:59', true],
    ['2026-13-01T09:00', false],
    ['2027-02-30T09:00', false],
    ['2026-11-26T24:00', false],
    ['2026-11-26 09:00', false],
    ['0000-01-01T00:00', false],
  ])('%s: %s', (at, ok) => {
    const r = z.safeParse(calendarDateTime, at)
    expect(r.success).toBe(ok)
    if (!r.success) expect(r.error.issues.map((i) => i.message)).toEqual(['validation.dateTime'])
  })
})

describe('the one date rule', () => {
  const problem = (day: string) => {
    const r = z.safeParse(calendarDay, day)
    return r.success ? null : r.error.issues.map((i) => i.message)
  }
  it.each([
    ['2026-11-26', null],
    ['2024-02-29', null],
    ['1900-01-01', null],
    ['2100-12-31', null],
    ['2026-02-29', ['validation.date']],
    ['2026-13-01', ['validation.date']],
    ['0000-00-00', ['validation.date']],
    ['9999-99-99', ['validation.date']],
    ['26-11-2026', ['validation.date']],
    ['2026-11-26T00:00', ['validation.date']],
    ['0000-01-01', ['validation.dayOutOfRange']],
    ['1899-12-31', ['validation.dayOutOfRange']],
    ['2101-01-01', ['validation.dayOutOfRange']],
    ['9999-12-31', ['validation.dayOutOfRange']],
  ])('%s', (day, expected) => {
    expect(problem(day)).toEqual(expected)
  })

  it.each([
    ['2026-11-26', '2026-11-26'],
    [' 2026-11-26 ', '2026-11-26'],
    ['', null],
    ['  ', null],
    [null, null],
    [undefined, undefined],
  ])('a form date field: %j is %j', (input, expected) => {
    expect(optionalCalendarDay.parse(input)).toBe(expected)
  })

  it('a form date field takes the one date rule', () => {
    const r = z.safeParse(optionalCalendarDay, '2026-02-29')
    expect(r.success ? null : r.error.issues.map((i) => i.message)).toEqual(['validation.date'])
  })
})
