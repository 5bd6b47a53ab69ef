import { parseArgs } from 'node:util'
import { businessDay } from '../../shared/rules/work'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { SCALES, seedOrganisation, type ScaleName } from '../seed/organisation'
import { loadEnv } from '../env'

/**
 * Builds a deterministic organisation into an empty database — the one the server is configured for (DATA_DIR
 * or DATABASE_URL):
 *   npm run seed -- --scale large            1,000,000 sales over two years (bench and load tests)
 *   npm run seed -- --scale small            5,000 sales (what tests use)
 *   npm run seed -- --scale large --until 2026-11-20   the same rows on any day
 * Every account's password is saljkraft-demo; the demo accounts (admin@demo.test, …) are part of it.
 */
const USAGE = 'Usage: npm run seed -- --scale small|large [--until YYYY-MM-DD]'

async function main() {
  const { values } = parseArgs({ options: { scale: { type: 'string' }, until: { type: 'string' } } })
  const scale = values.scale as ScaleName | undefined
  if (!scale || !(scale in SCALES)) throw new Error(`${USAGE}\nUnknown or missing --scale "${values.scale ?? ''}".`)
  const until = values.until ?? businessDay(Date.now())
  if (!/^\d{4}-\d{2}-\d{2}$/.test(until) || Number.isNaN(Date.parse(until))) throw new Error(`${USAGE}\n--until must be a date such as 2026-11-20.`)

  const env = loadEnv()
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  try {
    console.log(`Seeding the ${scale} organisation (${SCALES[scale].sales.toLocaleString('en')} sales until ${until}) into ${database.describe}`)
    await runMigrations(database)
    const report = await seedOrganisation(database, {
      scale: SCALES[scale],
      until,
      scryptLogN: env.scryptLogN,
      log: (line) => console.log(`  ${line}`),
    })
    if (!report)
      throw new Error('The database already has users: a data set is only seeded into an empty database. Point DATA_DIR or DATABASE_URL at a new one.')
    for (const [table, n] of Object.entries(report.counts)) console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en').padStart(11)} rows`)
    for (const [step, ms] of Object.entries(report.ms).sort((a, b) => b[1] - a[1])) console.log(`  ${step.padEnd(29)} ${(ms / 1000).toFixed(1).padStart(7)} s`)
    console.log(`Done in ${(report.totalMs / 1000).toFixed(1)} s. Sign in as any demo account (e.g. seller@demo.test) with the password saljkraft-demo.`)
  } finally {
    await database.close()
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
