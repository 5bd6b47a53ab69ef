import { describe, expect, it } from 'vitest'
import { nullableText, optionalText, text, textOrNull } from './text'

describe('the shared text fields', () => {
  it.each([
    ['  Malmö ', 'Malmö', 'Malmö'],
    ['', null, null],
    ['   ', null, null],
    [null, null, null],
    [undefined, undefined, null],
  ])('%j is %j in an edit and %j where it is always answered', (input, optional, orNull) => {
    expect(optionalText(10).parse(input)).toBe(optional)
    expect(textOrNull(10).parse(input)).toBe(orNull)
  })

  it('counts the length after trimming, and refuses a longer text', () => {
    expect(text(3).parse('  abc  ')).toBe('abc')
    expect(text(3).safeParse('abcd').success).toBe(false)
    expect(optionalText(3).safeParse(' abcd').success).toBe(false)
    expect(textOrNull(3).safeParse('abcd').success).toBe(false)
  })

  it('takes text only', () => {
    expect(optionalText(10).safeParse(5).success).toBe(false)
    expect(text(10).safeParse(null).success).toBe(false)
  })

  it.each([
    ['  Malmö ', 'Malmö'],
    ['', null],
    ['   ', null],
    [null, null],
  ])('a text always sent: %j is %j', (input, expected) => {
    expect(nullableText(10).parse(input)).toBe(expected)
  })

  it('a text always sent is refused when missing or too long', () => {
    expect(nullableText(10).safeParse(undefined).success).toBe(false)
    expect(nullableText(3).safeParse(' abcd ').success).toBe(false)
  })
})
