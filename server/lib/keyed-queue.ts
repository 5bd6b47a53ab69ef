import pLimit, { type LimitFunction } from 'p-limit'

/**
 * Runs work one at a time per key, in arrival order; different keys run side by side. A key's queue is dropped
 * once it is idle, so the map holds only keys with work under way.
 */
export function keyedQueue() {
  const queues = new Map<string, LimitFunction>()
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      let queue = queues.get(key)
      if (!queue) {
        queue = pLimit(1)
        queues.set(key, queue)
      }
      const own = queue
      return own(fn).finally(() => {
        if (own.activeCount === 0 && own.pendingCount === 0 && queues.get(key) === own) queues.delete(key)
      })
    },
    /** keys with work under way or waiting (for tests) */
    get size() {
      return queues.size
    },
  }
}
