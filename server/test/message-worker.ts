import { bootDatabase } from '../boot'
import { assembleAreas } from '../composition/areas'
import { parseEnv } from '../env'
import { createDeps } from '../platform/deps'

/**
 * A second server process for the scheduled messages' kill test: it runs the platform and the areas on the test's
 * database, hands each occurrence over two recipients a batch, and in the second batch's transaction says
 * "mid-send" and waits to be killed (SIGKILL: the batch it holds is never committed). One job at a time, so the
 * occurrence is all it runs: the mails of the batch it committed are the outbox's to send (a send cut by a kill is the
 * outbox's own case, kept as unconfirmed and never sent twice, decision 020).
 */
const env = parseEnv({
  NODE_ENV: 'test',
  DEMO_MODE: 'false',
  // eslint-disable-next-line no-restricted-properties -- a test helper process: its settings come from the test
  DATA_DIR: process.env.DATA_DIR!,
  // eslint-disable-next-line no-restricted-properties -- a test helper process: its settings come from the test
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  // eslint-disable-next-line no-restricted-properties -- a test helper process: its settings come from the test
  SMTP_URL: process.env.SMTP_URL ?? '',
  MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>',
})
const database = await bootDatabase(env)
const deps = await createDeps(env, database, { instanceId: 'doomed', jobs: { pollMs: 20, leaseMs: 400, concurrency: 1 }, events: { pollMs: 60_000 } })
assembleAreas(deps, {
  messageHooks: {
    batchSize: 2,
    beforeCommit: async (_runId, batch) => {
      if (batch < 2) return
      console.log('mid-send')
      await new Promise(() => {})
    },
  },
})
deps.jobs.start()
