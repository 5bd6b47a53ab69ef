/** A first-in, first-out async mutex. */
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
      release()
    }
  }
}
