import type { Database } from './db/client'
import { authRepo } from './modules/auth/auth.repo'
import { checklistFiles } from './modules/sales/checklist-files'

/**
 * Removes what nobody will come back for: expired sessions, sign-in counters whose window ended (unknown
 * e-mails included), and checklist files no sale took (decision 016). Runs at start and every hour; each
 * step is one idempotent delete, so several instances running it at once do no harm.
 * (Issue 13's job runner will run these as scheduled jobs.)
 */
export async function housekeeping(database: Database, now = Date.now()) {
  const auth = authRepo(database)
  const files = checklistFiles(database)
  await auth.deleteExpiredSessions(now)
  await auth.deleteExpiredRateLimits(now)
  return { filesPurged: await files.purgeUnattached(now) }
}

export function startHousekeeping(database: Database, everyMs = 60 * 60_000): () => void {
  const run = () => void housekeeping(database).catch((err: unknown) => console.error('[housekeeping] failed:', err))
  run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
