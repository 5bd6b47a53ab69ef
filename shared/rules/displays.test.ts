import { describe, expect, it } from 'vitest'
import {
  DISPLAY_CODE_ALPHABET,
  FLASH_QUEUE_LIMIT,
  displayCodeFrom,
  formatDisplayCode,
  isDisplayCode,
  nextFlash,
  normaliseDisplayCode,
  queueFlash,
} from './displays'

describe('the office screen’s pairing code (docs/decisions/101)', () => {
  it.each([
    ['ACDE2347', true, 'as the alphabet writes it'],
    ['acde 2347', true, 'typed in lower case with the screen’s space'],
    ['ACDE-2347', true, 'with a dash'],
    [' ACDE 2347 ', true, 'with spaces around'],
    ['ACDE234', false, 'seven characters'],
    ['ACDE23477', false, 'nine characters'],
    ['OCDE2347', false, 'an O (read as a zero)'],
    ['ACDE2340', false, 'a zero'],
    ['ICDE2347', false, 'an I (read as a one)'],
    ['ACDE2S47', false, 'an S (read as a five)'],
    ['ACDE2B47', false, 'a B (read as an eight)'],
    ['ÅCDE2347', false, 'a letter outside A–Z'],
    ['', false, 'nothing'],
  ])('%s is %s: %s', (code, valid) => {
    expect(isDisplayCode(code)).toBe(valid)
  })

  it('is shown in two groups of four, and read back as typed', () => {
    expect(formatDisplayCode('ACDE2347')).toBe('ACDE 2347')
    expect(normaliseDisplayCode(formatDisplayCode('ACDE2347').toLowerCase())).toBe('ACDE2347')
  })

  it('is drawn from the alphabet, skipping the bytes that would make some letters likelier', () => {
    const n = DISPLAY_CODE_ALPHABET.length
    const limit = 256 - (256 % n)
    // Bytes at or above the limit are skipped; the rest map to letters by their remainder.
    let calls = 0
    const code = displayCodeFrom((size) => {
      calls++
      return Uint8Array.from({ length: size }, (_, i) => (i % 2 === 0 ? 255 : i))
    })
    expect(limit).toBeLessThanOrEqual(255)
    expect(code).toBe([1, 3, 5, 7, 9, 11, 13, 15].map((b) => DISPLAY_CODE_ALPHABET[b % n]).join(''))
    expect(calls).toBe(1)
    // A source that gives only skipped bytes at first is asked again.
    let first = true
    const later = displayCodeFrom((size) => {
      const bytes = Uint8Array.from({ length: size }, () => (first ? 255 : 0))
      first = false
      return bytes
    })
    expect(later).toBe(DISPLAY_CODE_ALPHABET[0]!.repeat(8))
    for (const ch of displayCodeFrom((size) => crypto.getRandomValues(new Uint8Array(size)))) expect(DISPLAY_CODE_ALPHABET).toContain(ch)
  })
})

describe("the screen's queue of moments", () => {
  const f = (id: string, kind: string, teamId: string | null) => ({ id, kind, teamId })

  it('shows the first, merged with every other queued one of its kind and team; the rest wait in order', () => {
    const queue = [f('1', 'sale', 'lund'), f('2', 'level', 'lund'), f('3', 'sale', 'malmo'), f('4', 'sale', 'lund'), f('5', 'sale', 'lund')]
    const { show, rest } = nextFlash(queue)
    expect(show.map((x) => x.id)).toEqual(['1', '4', '5'])
    expect(rest.map((x) => x.id)).toEqual(['2', '3'])
    expect(nextFlash(rest).show.map((x) => x.id)).toEqual(['2'])
    expect(nextFlash([])).toEqual({ show: [], rest: [] })
  })

  it('adds a moment heard twice once, and keeps at most the newest thirty', () => {
    let queue: Array<ReturnType<typeof f>> = []
    queue = queueFlash(queue, f('1', 'sale', null))
    queue = queueFlash(queue, f('1', 'sale', null))
    expect(queue).toHaveLength(1)
    for (let i = 2; i <= 40; i++) queue = queueFlash(queue, f(String(i), 'sale', null))
    expect(queue).toHaveLength(FLASH_QUEUE_LIMIT)
    expect(queue[0]!.id).toBe('11')
    expect(queue.at(-1)!.id).toBe('40')
  })
})
