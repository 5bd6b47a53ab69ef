import BetterSqlite3 from 'better-sqlite3'

export type CheckpointResult = { busy: number; log: number; checkpointed: number }

/**
 * A WAL checkpoint of the SQLite database in `file` (server/db/checkpoints.ts), on a connection of its own in a worker
 * thread: the copy of the log's pages into the database and its fsync, off the thread that answers requests. PASSIVE:
 * it never waits for, nor holds up, the server's writes and reads.
 */
export default function run(task: { file: string }): CheckpointResult {
  const db = new BetterSqlite3(task.file, { fileMustExist: true })
  try {
    return (db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[])[0]!
  } finally {
    db.close()
  }
}
