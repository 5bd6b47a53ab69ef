import { describe, expect, it } from 'vitest'
import { expectAnsweredThroughout, healthWhile } from './hostile'

/**
 * The measure the hostile-input tests rely on can fail: a request that holds the thread fails it, one that waits
 * without holding it (a slow database, a busy host) does not. A stand-in for `t.request` answers on the next turn of
 * the event loop, as the in-process app does when nothing holds it.
 */
const answered = () => new Promise<{ status: number }>((resolve) => setImmediate(() => resolve({ status: 200 })))
/** Work that holds the thread for `ms` of its own CPU, as a decoder does: on a busy host it takes longer, not less. */
const hold = (ms: number) => {
  const started = process.threadCpuUsage()
  for (;;) {
    const spent = process.threadCpuUsage(started)
    if (spent.user + spent.system >= ms * 1000) return
  }
}

describe('health while work runs', () => {
  it('work that holds the thread for 1.2 s of its CPU fails', async () => {
    const { health } = await healthWhile(answered, async () => {
      await new Promise((resolve) => setTimeout(resolve, 30))
      hold(1_200)
    })
    expect(health.cpuMax).toBeGreaterThan(1_000)
    expect(() => expectAnsweredThroughout(health)).toThrow()
  })

  it('work that waits 1.2 s without holding the thread passes, answered throughout', async () => {
    const { health } = await healthWhile(answered, () => new Promise((resolve) => setTimeout(resolve, 1_200)))
    expect(health.count).toBeGreaterThan(5)
    expectAnsweredThroughout(health)
  })
})
