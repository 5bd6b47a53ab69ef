import { describe, expect, it } from 'vitest'
import { keyedQueue } from './keyed-queue'

const later = () => new Promise<void>((resolve) => setTimeout(resolve, 5))

describe('keyedQueue', () => {
  it('runs one key’s work one at a time in arrival order, other keys beside it, and forgets idle keys', async () => {
    const q = keyedQueue()
    const log: string[] = []
    let running = 0
    let most = 0
    const job = (key: string, n: number) =>
      q.run(key, async () => {
        running++
        most = Math.max(most, running)
        log.push(`${key}${n}+`)
        await later()
        log.push(`${key}${n}-`)
        running--
        return n
      })
    const results = await Promise.all([job('a', 1), job('a', 2), job('b', 1), job('a', 3)])
    expect(results).toEqual([1, 2, 1, 3])
    const a = log.filter((l) => l.startsWith('a'))
    expect(a).toEqual(['a1+', 'a1-', 'a2+', 'a2-', 'a3+', 'a3-'])
    // b started while a1 was still running
    expect(log.indexOf('b1+')).toBeLessThan(log.indexOf('a1-'))
    expect(most).toBe(2)
    expect(q.size).toBe(0)
  })

  it('a failing job does not stop the ones behind it', async () => {
    const q = keyedQueue()
    const first = q.run('k', () => Promise.reject(new Error('boom')))
    const second = q.run('k', async () => 'ok')
    await expect(first).rejects.toThrow('boom')
    await expect(second).resolves.toBe('ok')
    expect(q.size).toBe(0)
  })
})
