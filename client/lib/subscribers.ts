/** Who listens to a small store of the app's (a question waiting for its answer): told at each change. */
export function subscribers() {
  const listeners = new Set<() => void>()
  return {
    emit: () => listeners.forEach((l) => l()),
    subscribe(l: () => void) {
      listeners.add(l)
      return () => {
        listeners.delete(l)
      }
    },
  }
}

/**
 * One question at a time waiting for a yes or no (a confirmation, a sign-in to confirm): its listeners are told when
 * it opens and when it is answered; the answer goes to whoever asked, once.
 */
export function openQuestion<P extends { resolve: (ok: boolean) => void }>() {
  let pending: P | null = null
  const { emit, subscribe } = subscribers()
  return {
    current: () => pending,
    subscribe,
    open(question: P) {
      pending = question
      emit()
    },
    answer(ok: boolean) {
      const p = pending
      pending = null
      emit()
      p?.resolve(ok)
    },
  }
}
