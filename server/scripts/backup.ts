import path from 'node:path'
import { backup, BackupError, restore } from '../db/backup'
import { loadEnv } from '../env'
import { stampOf } from '../platform/scheduled-backups'

/**
 * npm run backup [-- --out <folder>]: a consistent backup of the running server's database, into a new folder
 * (default: <DATA_DIR>/backups/<UTC time>), with its manifest; verified after it is written.
 * npm run restore -- --from <folder> [--force]: into the configured database, only if it is empty unless --force.
 */
async function main() {
  const [command, ...args] = process.argv.slice(2)
  const arg = (name: string) => {
    const i = args.indexOf(`--${name}`)
    return i >= 0 ? args[i + 1] : undefined
  }
  const env = loadEnv()
  const place = { databaseUrl: env.databaseUrl, dataDir: env.dataDir }
  const started = performance.now()
  if (command === 'backup') {
    const dir = path.resolve(arg('out') ?? path.join(env.dataDir, 'backups', stampOf(Date.now())))
    const manifest = await backup(place, dir)
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
    const bytes = manifest.files.reduce((a, f) => a + f.bytes, 0)
    console.log(
      `Backup written and verified: ${dir} (${(bytes / 1048576).toFixed(1)} MiB, ${rows} rows in ${Object.keys(manifest.tables).length} tables, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    )
  } else if (command === 'restore') {
    const from = arg('from')
    if (!from) throw new BackupError('failed', 'name the backup: npm run restore -- --from <folder> [--force]')
    const manifest = await restore(path.resolve(from), place, { force: args.includes('--force') })
    console.log(`Restored the backup of ${manifest.createdAt} and checked every table (${((performance.now() - started) / 1000).toFixed(1)} s).`)
  } else {
    throw new BackupError('failed', 'usage: backup.ts backup [--out <folder>] | restore --from <folder> [--force]')
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err)
  process.exit(1)
})
