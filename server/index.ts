import { serve } from '@hono/node-server'
import { createApp } from './app'
import { bootDatabase } from './boot'
import { loadEnv, servingProblems } from './env'
import { scheduleHousekeeping } from './housekeeping'
import { AWARD_JOB as GAME_AWARD_JOB } from './modules/game/game.badges'
import { SWEEP_JOB as GAME_SWEEP_JOB } from './modules/game/game.competitions'
import { scheduleCandidateJobs } from './modules/candidates/candidates.service'
import { scheduleMessageJobs } from './modules/scheduled-messages/scheduled-messages.service'
import { scheduleDeviceJobs } from './modules/devices/devices.service'
import { scheduleOfferJobs } from './modules/offers/offers.service'
import { createDeps } from './platform/deps'
import { scheduleBackups } from './platform/scheduled-backups'
import { configureLog, log } from './lib/log'

async function main() {
  const env = loadEnv()
  const problems = servingProblems(env)
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  configureLog({ level: env.logLevel })
  const database = await bootDatabase(env, (line) => log.info(line))
  const deps = await createDeps(env, database)
  const { events, jobs, realtime } = deps
  const app = createApp(deps)
  // Expired sessions and sign-in counters, checklist files no sale took, old delivered events and jobs.
  await scheduleHousekeeping(database, { events, jobs, downloads: deps.downloads })
  // The sales game's competitions past their end (each also has its own end job): once now, then hourly.
  await jobs.schedule(GAME_SWEEP_JOB, GAME_SWEEP_JOB, { kind: 'hourly', minute: 1 })
  await jobs.enqueue(database.db, GAME_SWEEP_JOB, {})
  // Its badges: the current and the just closed periods, hourly and once now.
  await jobs.schedule(GAME_AWARD_JOB, GAME_AWARD_JOB, { kind: 'hourly', minute: 3 })
  await jobs.enqueue(database.db, GAME_AWARD_JOB, {})
  // Recruiting: erasure after the retention period, reminders of unsigned contracts (docs/decisions/070).
  await scheduleCandidateJobs(jobs)
  // Scheduled messages: each active one's next send has its job (docs/decisions/071).
  await scheduleMessageJobs(jobs, database.db)
  await scheduleDeviceJobs(jobs, database.db)
  // Written offers: reminders and expiries, hourly (docs/decisions/094).
  await scheduleOfferJobs(jobs)
  // A verified backup a day when BACKUP_DIR is set, the old ones pruned (docs/operations.md).
  await scheduleBackups(env, jobs)
  // What a previous run left undelivered or unfinished first, then each event after its commit and each job
  // when due (docs/decisions/020).
  events.start()
  jobs.start()
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    log.info({ port: info.port, database: database.describe, demo: env.demoMode }, `Säljkraft on http://localhost:${info.port}`)
  })
  // Node closes an idle kept-alive connection after 5 s; a client (a proxy, a phone, a test's request context)
  // sending on it at that moment gets a reset instead of an answer. Idle connections stay open longer than
  // the usual proxy idle timeout (60 s), so the client closes them first; headers must arrive within it.
  // The built-in realtime server answers WebSocket upgrades on /app/{key} (docs/decisions/030).
  realtime.attach(server as Parameters<typeof realtime.attach>[0])
  if ('keepAliveTimeout' in server) {
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
  }

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    // Not ready from now on (GET /api/health/ready answers 503 on connections still open).
    deps.readiness.markStopping()
    // The listener first: no new connection reaches this instance, so the clients told to reconnect below get
    // another instance (or this one restarted), never this one again. Then realtime: upgrades refused, every socket
    // told to reconnect at once (4200). Requests under way finish; then the job runner and event dispatcher stop.
    const listenerClosed = new Promise<void>((resolve) => server.close(() => resolve()))
    void realtime
      .close()
      .then(() => listenerClosed)
      .then(() => Promise.all([events.stop(), jobs.stop()]))
      .then(() => database.close())
      .finally(() => process.exit(0))
    // What has not finished within the grace time is left: job leases run out and another instance takes them.
    setTimeout(() => process.exit(0), env.shutdownGraceMs).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((err: unknown) => {
  log.error({ err }, 'the server could not start')
  process.exit(1)
})
