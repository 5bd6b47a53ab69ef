import type { Database } from './db/client'
import { authHousekeeping } from './modules/auth/auth.repo'
import { CHECKLIST_UNATTACHED_TTL_MS } from '../shared/schemas/sales'
import type { EventBus } from './platform/events'
import { fileStore } from './platform/files'
import type { JobRunner } from './platform/jobs'
import type { DownloadCentre } from './platform/downloads'

/** How long finished jobs and delivered events are kept for a person to look at. */
export const KEEP_FINISHED_MS = 30 * 86_400_000

/**
 * Removes what nobody will come back for: expired sessions, sign-in counters whose window ended (unknown
 * e-mails included), checklist files no sale took (decision 016), and delivered events and finished jobs older
 * than 30 days; downloads past their expiry. Each step is one idempotent delete, so two instances running it at once do no harm.
 */
export async function housekeeping(database: Database, platform: { events: EventBus; jobs: JobRunner; downloads?: DownloadCentre }, now = Date.now()) {
  const auth = authHousekeeping(database)
  const files = fileStore(database)
  await auth.deleteExpiredSessions(now)
  await auth.deleteExpiredRateLimits(now)
  const filesPurged = await files.purgeUnattached('checklist', now, CHECKLIST_UNATTACHED_TTL_MS)
  const eventsPurged = await platform.events.purgeDelivered(now - KEEP_FINISHED_MS)
  const jobsPurged = await platform.jobs.purgeFinished(now - KEEP_FINISHED_MS)
  // Downloads past their expiry leave storage (decision 071).
  const downloadsExpired = (await platform.downloads?.expire(now)) ?? 0
  return { filesPurged, eventsPurged, jobsPurged, downloadsExpired }
}

/** Housekeeping as a job: every hour (a schedule), and once at start. */
export async function scheduleHousekeeping(database: Database, platform: { events: EventBus; jobs: JobRunner; downloads?: DownloadCentre }) {
  platform.jobs.define('housekeeping', async () => housekeeping(database, platform))
  await platform.jobs.schedule('housekeeping', 'housekeeping', { kind: 'hourly', minute: 7 })
  await platform.jobs.enqueue(database.db, 'housekeeping', {})
}
