/**
 * A first-in, first-out async mutex. The next holder is let in from a macrotask (setImmediate), not at once: the
 * statements of an SQLite transaction resolve synchronously, so handing the lock on inside the same chain of
 * microtasks would run every queued transaction back to back without the event loop ever reading a socket —
 * requests that arrived meanwhile (their bodies, their answers, a health check) would wait for the whole queue,
 * and under a burst the ones whose bodies were still unread were served last (issue 40: a push waiting 14 s).
 */
export class Mutex {
  private tail: Promise<void> = Promise.resolve()
  private holders = 0

  get locked(): boolean {
    return this.holders > 0
  }

  async acquire(): Promise<() => void> {
    let release!: () => void
    const next = new Promise<void>((resolve) => {
      release = resolve
    })
    const previous = this.tail
    this.tail = previous.then(() => next)
    this.holders++
    await previous
    let released = false
    return () => {
      if (released) return
      released = true
      this.holders--
      setImmediate(release)
    }
  }
}
