import { useEffect, useState } from 'react'

/** Runs `fn` when the browser is idle (or after `timeout` ms at the latest); returns a cancel function. */
function whenIdle(fn: () => void, timeout = 2000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout })
    return () => window.cancelIdleCallback(id)
  }
  const id = window.setTimeout(fn, 200)
  return () => window.clearTimeout(id)
}

/**
 * False until the browser has been idle once after the first render: parts of the shell nobody sees at first
 * (popup, snackbar, dialogs, update banner) mount then, so the first screen's work is not held up by them.
 */
export function useIdle(timeout = 2000): boolean {
  const [idle, setIdle] = useState(false)
  useEffect(() => whenIdle(() => setIdle(true), timeout), [timeout])
  return idle
}
