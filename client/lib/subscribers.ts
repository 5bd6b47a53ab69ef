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
