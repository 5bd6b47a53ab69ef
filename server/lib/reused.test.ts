import { describe, expect, it } from 'vitest'
import { reused } from './reused'

describe('a read reused for a while', () => {
  it('hands the same read to whoever asks within the time, and reads again after it', async () => {
    let reads = 0
    const read = async () => ++reads
    const of = reused<string, number>(1_000)
    expect(await Promise.all([of('a', 0, read), of('a', 500, read)])).toEqual([1, 1])
    expect(await of('b', 500, read)).toBe(2)
    expect(await of('a', 1_000, read)).toBe(3)
  })

  it('keeps no failed read, and starts afresh at its limit of keys', async () => {
    let reads = 0
    const of = reused<string, number>(1_000, 2)
    await expect(of('a', 0, async () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await of('a', 1, async () => ++reads)).toBe(1)
    await of('b', 1, async () => ++reads)
    await of('c', 1, async () => ++reads)
    // 'a' was dropped when the third key came: it is read again.
    expect(await of('a', 2, async () => ++reads)).toBe(4)
  })
})
