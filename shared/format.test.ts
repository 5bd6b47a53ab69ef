import { describe, expect, it } from 'vitest'
import { compareText, formatDate, formatKr, formatMonth, formatOre, formatPercent, formatPieces, initials, formatTime } from './format'

const nbsp = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')

describe('initials', () => {
  it.each([
    ['Sven Säljare', 'SS'],
    ['anna maria lindqvist', 'AML'],
    ['  Ola   ', 'O'],
    ['', ''],
    [null, ''],
    [undefined, ''],
  ])('%s → %s', (name, expected) => expect(initials(name)).toBe(expected))
})

describe('formatDate', () => {
  const d = new Date(Date.UTC(2026, 10, 21, 12))
  it('is US English, short month, numeric day and year by default', () => expect(formatDate(d)).toBe('Nov 21, 2026'))
  it('follows the user’s language when asked', () => {
    expect(formatDate(d, 'sv')).toBe('21 nov. 2026')
    expect(formatDate(d, 'fi')).toBe('21.11.2026')
  })
  it('accepts ISO strings and epoch milliseconds', () => {
    expect(formatDate('2026-11-21T12:00:00Z')).toBe('Nov 21, 2026')
    expect(formatDate(d.getTime())).toBe('Nov 21, 2026')
  })
  it.each([null, undefined, '', 'not a date'])('gives "" for %s', (v) => expect(formatDate(v as never)).toBe(''))
  it('reads a calendar day as that day in any time zone, in the same style as a time stamp', () => {
    expect(formatDate('2026-11-22', 'sv')).toBe('22 nov. 2026')
    expect(formatDate('2026-01-01', 'en')).toBe('1 Jan 2026')
    expect(formatDate('2026-11-22', 'fi')).toBe('22.11.2026')
  })
  it('formats a month in words', () => {
    expect(formatMonth('2026-11', 'sv')).toBe('november 2026')
    expect(formatMonth('2026-11', 'en')).toBe('November 2026')
    expect(formatMonth('2026-11', 'fi')).toBe('marraskuu 2026')
  })
})

describe('money and pieces', () => {
  it('shows kronor with Swedish grouping', () => {
    expect(nbsp(formatKr(1234))).toBe('1 234 kr')
    // Whole kronor everywhere a person reads money (issue 12): öre are rounded, never shown.
    expect(nbsp(formatKr(1234.5))).toBe('1 235 kr')
    expect(nbsp(formatKr(1810.2))).toBe('1 810 kr')
    expect(nbsp(formatOre(39900))).toBe('399 kr')
    expect(nbsp(formatOre(181_020))).toBe('1 810 kr')
    expect(formatKr(1234.5, 'en')).toBe('1,235 kr')
    expect(nbsp(formatKr(-0.4))).toBe('0 kr')
  })
  it('shows quantities in pieces', () => {
    expect(formatPieces(3)).toBe('3 st')
    expect(formatPieces(3, 'en')).toBe('3 pcs')
    expect(formatPercent(0.125).replace(/\s/g, ' ')).toBe('13 %')
    expect(formatPercent(0.125, 'en')).toBe('13%')
    expect(formatPercent(0, 'fi').replace(/\s/g, ' ')).toBe('0 %')
    expect(formatPieces(3, 'fi')).toBe('3 kpl')
  })
})

describe('formatTime', () => {
  it('gives hours and minutes in the language', () => {
    const at = new Date(2026, 10, 21, 9, 5)
    expect(formatTime(at, 'sv')).toBe('09:05')
    expect(formatTime(at, 'fi')).toBe('09.05')
  })
})

describe('compareText', () => {
  it('sorts in the language’s alphabetical order', () => {
    expect(['Örebro', 'Ängby', 'Åre', 'Zinkensdamm', 'Arboga'].sort((a, b) => compareText(a, b))).toEqual(['Arboga', 'Zinkensdamm', 'Åre', 'Ängby', 'Örebro'])
    expect(['Ö', 'Z', 'a'].sort((a, b) => compareText(a, b, 'en'))).toEqual(['a', 'Ö', 'Z'])
  })

  it('formats the same after the formatter is reused, per language and options', () => {
    expect([formatKr(1234), formatKr(1234.5), formatKr(1234, 'en'), formatKr(1234)].map(nbsp)).toEqual(['1 234 kr', '1 235 kr', '1,234 kr', '1 234 kr'])
  })
})
