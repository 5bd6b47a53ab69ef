import { openDatabase, type Database } from './db/client'
import { runMigrations } from './db/migrate'
import { seedDemo } from './seed/demo'
import { seedRolesIfEmpty } from './seed/roles'
import type { Env } from './env'

/** Opens the database, applies migrations and seeds what the mode asks for. */
export async function bootDatabase(env: Env, log: (line: string) => void = () => {}): Promise<Database> {
  const database = openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir, statementLog: env.dbStatementLog })
  try {
    const { ahead } = await runMigrations(database)
    // A rolling upgrade under way: a newer release migrated, and said this one may still run (decision 085).
    if (ahead > 0) log(`The database has ${ahead} migration(s) of a newer release, which only added to what this one uses: running beside it.`)
    await database.transaction((tx) => seedRolesIfEmpty(database, tx, Date.now()))
    if (env.demoMode) {
      const seeded = await seedDemo(database, { scryptLogN: env.scryptLogN })
      if (seeded) log('Seeded the demo organisation (password for every demo account: saljkraft-demo).')
    }
    return database
  } catch (err) {
    await database.close().catch(() => undefined)
    throw err
  }
}
