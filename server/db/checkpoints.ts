import type BetterSqlite3 from 'better-sqlite3'
import { log } from '../lib/log'
import { offThread } from '../lib/off-thread'
import type { CheckpointResult } from './checkpoint.worker'

const checkpoints = offThread<{ file: string }, CheckpointResult>(new URL('./checkpoint.worker.ts', import.meta.url), {
  heapMb: 16,
  millis: 120_000,
  threads: 1,
})

/** How long writes gather in the log before a checkpoint copies them into the database. */
const EVERY_MS = 250

/**
 * SQLite's WAL checkpoints off the request thread (issue 72). By default the connection that commits runs a checkpoint
 * when the log has grown past 1,000 pages: copying them into the database and its fsync then happen inside that
 * commit, on the one thread that answers every request — on the large data set half of a burst's commit time. Here,
 * while there are writes, one runs in a worker thread every quarter second at most, and SQLite's own only past
 * 10,000 pages. Should the worker fail, the checkpoint runs here, as SQLite would have.
 */
export function backgroundCheckpoints(sqlite: BetterSqlite3.Database, file: string) {
  // SQLite's own checkpoint stays as a net at ten times its usual size, for writes made past this (the seed's and
  // the migrations' bulk statements on the driver itself) and should the worker fall behind.
  sqlite.pragma('wal_autocheckpoint = 10000')
  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let closed = false

  async function checkpoint() {
    timer = null
    if (closed) return
    try {
      await checkpoints.run({ file })
    } catch (err) {
      if (closed) return
      log.warn({ err }, '[db] a checkpoint in the worker failed; it runs on this thread')
      sqlite.pragma('wal_checkpoint(PASSIVE)')
    }
  }

  return {
    /** A write was made: a checkpoint follows soon (one at a time). */
    wrote() {
      if (timer || closed) return
      timer = setTimeout(() => {
        running = (running ?? Promise.resolve()).then(checkpoint)
      }, EVERY_MS)
      timer.unref()
    },
    /** Stops scheduling and waits for the one running (the database is closing). */
    async close() {
      closed = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}
