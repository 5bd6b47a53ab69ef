import { describe, expect, it } from 'vitest'
import { NumberCollector } from './sorted-numbers'

describe('a collected set of numbers', () => {
  it('answers what was added, in any order and with repeats, and nothing else', () => {
    const c = new NumberCollector()
    for (const n of [46701234567, 1e12 + 198112189876, 5, 46701234567, -3, 3e12 + 5566778899, 0]) c.add(n)
    const set = c.done()
    expect(set.size).toBe(6)
    for (const n of [46701234567, 1e12 + 198112189876, 5, -3, 3e12 + 5566778899, 0]) expect(set.has(n), String(n)).toBe(true)
    for (const n of [46701234568, 4, 6, 1e12, -2, 1e15, Number.NaN]) expect(set.has(n), String(n)).toBe(false)
  })

  it('holds more numbers than its first array, the same as a Set would', () => {
    const c = new NumberCollector()
    const reference = new Set<number>()
    let x = 7
    for (let i = 0; i < 200_000; i++) {
      x = (x * 48271) % 2147483647
      const n = 46_700_000_000 + (x % 5_000_000)
      c.add(n)
      reference.add(n)
    }
    const set = c.done()
    expect(set.size).toBe(reference.size)
    for (let n = 46_700_000_000; n < 46_700_000_000 + 20_000; n++) expect(set.has(n)).toBe(reference.has(n))
  })

  it('is empty when nothing was added', () => {
    const set = new NumberCollector().done()
    expect(set.size).toBe(0)
    expect(set.has(0)).toBe(false)
  })
})
