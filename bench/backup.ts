import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { backup, restore, type BackupManifest } from '../server/db/backup'
import { parseEnv } from '../server/env'
import { SMOKE } from './lib'

/**
 * `npm run bench:backup` (issue 71): a backup of the database the server is configured for (DATA_DIR for SQLite,
 * DATABASE_URL for PostgreSQL; the large data set: `npm run seed -- --scale large`), then its restore into a fresh
 * place, each with the verification it does. Prints the size, the rows, and for each step its wall time beside the
 * CPU it took: this process's and its children's (pg_dump, pg_restore), and on PostgreSQL the server's share is
 * what the wall time does not account for. The backup and the restored copy are removed afterwards.
 */
// eslint-disable-next-line no-restricted-properties -- a benchmark reads the server's configuration
const env = parseEnv(process.env)
const place = { databaseUrl: env.databaseUrl, dataDir: env.dataDir }
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-bench-backup-'))

/** CPU seconds of this process and of its children that have ended (Linux: /proc/self/stat utime…cstime). */
function cpuSeconds(): { self: number; children: number } {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  const tick = 100 // USER_HZ, 100 on Linux
  const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]) / tick) as [number, number, number, number]
  return { self: utime + stime, children: cutime + cstime }
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; wall: number; cpu: number; childCpu: number }> {
  const before = cpuSeconds()
  const started = performance.now()
  const value = await run()
  const wall = (performance.now() - started) / 1000
  const after = cpuSeconds()
  return { value, wall, cpu: after.self - before.self, childCpu: after.children - before.children }
}

const line = (step: string, r: { wall: number; cpu: number; childCpu: number }) =>
  `  ${step.padEnd(28)} ${r.wall.toFixed(1).padStart(7)} s wall   ${r.cpu.toFixed(1).padStart(6)} s CPU here   ${r.childCpu.toFixed(1).padStart(6)} s CPU in pg_dump/pg_restore`

async function main() {
  const dialect = place.databaseUrl ? 'PostgreSQL' : 'SQLite'
  console.log(`bench:backup — ${dialect}${SMOKE ? ' (smoke run)' : ''}: backup of the configured database, then its restore into a fresh place`)
  const dir = path.join(work, 'backup')
  const taken = await timed(() => backup(place, dir))
  const manifest: BackupManifest = taken.value
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0)
  const bytes = manifest.files.reduce((a, f) => a + f.bytes, 0)
  console.log(`  ${(bytes / 1048576).toFixed(1)} MiB written, ${rows.toLocaleString('en')} rows in ${Object.keys(manifest.tables).length} tables`)
  console.log(line('backup (with its check)', taken))

  let target: { databaseUrl?: string; dataDir: string }
  let drop = async () => {}
  if (place.databaseUrl) {
    const name = `bench_restore_${process.pid}`
    const admin = new pg.Client({ connectionString: place.databaseUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(place.databaseUrl)
    url.pathname = `/${name}`
    target = { databaseUrl: url.toString(), dataDir: path.join(work, 'restored') }
    drop = async () => {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  } else {
    target = { dataDir: path.join(work, 'restored') }
  }
  try {
    const restored = await timed(() => restore(dir, target))
    console.log(line('restore (with its checks)', restored))
    console.log(`  ${(rows / (taken.wall + restored.wall) / 1000).toFixed(0)} thousand rows a second through both`)
  } finally {
    await drop()
    fs.rmSync(work, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  fs.rmSync(work, { recursive: true, force: true })
  process.exit(1)
})
