import { log } from './log'

/**
 * Runs `fn` at most once per `ms`, at the end of the wait (a burst of calls is one); a failure is only logged, under
 * `label`.
 */
export function throttled(ms: number, label: string, fn: () => Promise<unknown>): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  return () => {
    if (timer) return
    timer = setTimeout(() => {
      timer = null
      fn().catch((err: unknown) => log.error({ err }, `[${label}] failed`))
    }, ms)
    timer.unref?.()
  }
}
