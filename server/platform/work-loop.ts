import { log } from '../lib/log'

/**
 * The loop the event dispatcher and the job runner share: `round()` looks for work and does it, one round at
 * a time. `wake()` starts a round now, or one more after the round in progress; `wakeSoon()` after
 * `coalesceMs`, so the commits of a burst are taken as one batch; the poll wakes it every `pollMs` for work no
 * one woke it for (another instance's, a retry's, a crashed process's).
 */
export function workLoop(label: string, round: () => Promise<void>, opts: { pollMs: number; coalesceMs?: number }) {
  let running = false
  let poll: NodeJS.Timeout | null = null
  let soon: NodeJS.Timeout | null = null
  let current: Promise<void> | null = null
  let again = false
  let lastRoundAt = 0

  async function loop() {
    try {
      do {
        again = false
        lastRoundAt = Date.now()
        await round()
        lastRoundAt = Date.now()
      } while (running && again)
    } catch (err) {
      log.error({ err }, `[${label}] looking for work failed; trying again at the next poll`)
    } finally {
      current = null
    }
  }

  function wake() {
    if (!running) return
    if (current) {
      again = true
      return
    }
    current = loop()
  }

  return {
    get running() {
      return running
    },
    wake,
    wakeSoon() {
      if (!running || soon) return
      soon = setTimeout(() => {
        soon = null
        wake()
      }, opts.coalesceMs ?? 10)
    },
    start() {
      if (running) return
      running = true
      poll = setInterval(wake, opts.pollMs)
      poll.unref()
      wake()
    },
    /** Stops waking and waits for the round in progress. */
    async stop() {
      running = false
      if (poll) clearInterval(poll)
      if (soon) clearTimeout(soon)
      poll = null
      soon = null
      await current
    },
    /** Started or not, a round under way or not, and when the last one began or ended (epoch ms; 0: never). */
    liveness() {
      return { running, inRound: current !== null, lastRoundAt }
    },
    /** Resolves when the round in progress (if any) is over. */
    async idle() {
      await current
    },
  }
}
