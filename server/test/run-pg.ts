import { spawnSync } from 'node:child_process'
import pg from 'pg'
import { PG_ADMIN_URL } from './harness'

/**
 * Runs the API integration tests against PostgreSQL. With CI=true a missing server is a failure;
 * elsewhere the run is skipped with a loud line. Further arguments go to vitest.
 */
// eslint-disable-next-line no-restricted-properties -- test runner: CI decides whether PostgreSQL is mandatory
const ci = process.env.CI === 'true' || process.env.CI === '1'

async function reachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.query('select 1')
    return null
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  } finally {
    await client.end().catch(() => undefined)
  }
}

const problem = await reachable()
if (problem) {
  const line = `PostgreSQL at ${PG_ADMIN_URL} does not answer (${problem}).`
  if (ci) {
    console.error(`\n✖ ${line} The PostgreSQL run is mandatory with CI=true.\n`)
    process.exit(1)
  }
  console.warn(`\n${'!'.repeat(78)}\n!! SKIPPED: API tests on PostgreSQL. ${line}\n${'!'.repeat(78)}\n`)
  process.exit(0)
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
  stdio: 'inherit',
  // eslint-disable-next-line no-restricted-properties -- pass the environment on to the test run
  env: { ...process.env, TEST_DB: 'pg' },
})
process.exit(result.status ?? 1)
