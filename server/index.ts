import { serve } from '@hono/node-server'
import { createApp } from './app'
import { bootDatabase } from './boot'
import { loadEnv, servingProblems } from './env'
import { startHousekeeping } from './housekeeping'
import { eventBus } from './platform/events'

async function main() {
  const env = loadEnv()
  const problems = servingProblems(env)
  if (problems.length > 0) throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`)
  const database = await bootDatabase(env, (line) => console.log(line))
  const events = eventBus(database)
  const app = createApp({ env, database, events })
  // What a previous run left undelivered first, then each event after its commit (docs/decisions/020).
  events.start()
  // Expired sessions and sign-in counters, and checklist files no sale took.
  startHousekeeping(database)
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) => {
    console.log(`Säljkraft on http://localhost:${info.port} (${database.describe}${env.demoMode ? ', demo mode' : ''})`)
  })

  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal}: shutting down`)
    server.close(() => {
      void events
        .stop()
        .then(() => database.close())
        .finally(() => process.exit(0))
    })
    setTimeout(() => process.exit(0), 5000).unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
