import { bootDatabase } from '../boot'
import { parseEnv } from '../env'
import { jobRunner } from '../platform/jobs'

/**
 * A second server process for the job tests: it runs the `hang` job (which never finishes) on the database the
 * test gives it, says "running" once it has the job, and waits to be killed.
 */
// eslint-disable-next-line no-restricted-properties -- a test helper process: its settings come from the test
const env = parseEnv({ NODE_ENV: 'test', DEMO_MODE: 'false', DATA_DIR: process.env.DATA_DIR!, DATABASE_URL: process.env.DATABASE_URL ?? '' })
const database = await bootDatabase(env)
const runner = jobRunner(database, { pollMs: 20, leaseMs: 400, instanceId: 'doomed' })
runner.define('hang', async () => {
  console.log('running')
  await new Promise(() => {})
})
runner.start()
