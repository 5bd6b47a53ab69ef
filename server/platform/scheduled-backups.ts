import fs from 'node:fs'
import path from 'node:path'
import type { BackupManifest, BackupPlace } from '../db/backup'
import type { Env } from '../env'
import { offThread } from '../lib/off-thread'
import { log } from '../lib/log'
import type { JobRunner } from './jobs'

export const BACKUP_JOB = 'backups.scheduled'

/** A scheduled backup's folder: its UTC time, e.g. 2026-11-30T02-30-00. Nothing else in the folder is touched. */
const STAMP = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/
export const stampOf = (at: number) => new Date(at).toISOString().replace(/[:.]/g, '-').slice(0, 19)

/** Monday of the ISO week a stamp's day falls in (YYYY-MM-DD), to keep one backup a week. */
function weekOf(stamp: string): string {
  const day = new Date(`${stamp.slice(0, 10)}T00:00:00Z`)
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7))
  return day.toISOString().slice(0, 10)
}

/**
 * Which scheduled backups go (retention): the newest `daily` are kept, and the newest of each of the newest `weekly`
 * weeks; every other folder with a backup's name goes. Folders with other names are never in the answer.
 */
export function toPrune(folders: string[], keep: { daily: number; weekly: number }): string[] {
  const backups = folders.filter((f) => STAMP.test(f)).sort((a, b) => b.localeCompare(a))
  const kept = new Set(backups.slice(0, keep.daily))
  const weeks = new Set<string>()
  for (const f of backups) {
    const week = weekOf(f)
    if (weeks.has(week)) continue
    if (weeks.size >= keep.weekly) break
    weeks.add(week)
    kept.add(f)
  }
  return backups.filter((f) => !kept.has(f))
}

// The copy runs in a worker thread: a large database's backup must not hold the thread that answers requests.
const backups = offThread<{ place: BackupPlace; dir: string }, BackupManifest>(new URL('../db/backup.worker.ts', import.meta.url), {
  heapMb: 256,
  millis: 6 * 3_600_000,
  threads: 1,
})

/** One scheduled backup into `root` (a new folder named by its time), verified, then the old ones pruned. */
export async function scheduledBackup(place: BackupPlace, root: string, keep: { daily: number; weekly: number }, now = Date.now()) {
  fs.mkdirSync(root, { recursive: true })
  const folder = stampOf(now)
  const manifest = await backups.run({ place, dir: path.join(root, folder) })
  const pruned = toPrune(fs.readdirSync(root), keep)
  for (const old of pruned) fs.rmSync(path.join(root, old), { recursive: true, force: true })
  log.info({ folder, bytes: manifest.files.reduce((a, f) => a + f.bytes, 0), pruned: pruned.length }, '[backups] a scheduled backup was written and verified')
  return { folder, pruned }
}

/**
 * Scheduled backups (docs/operations.md): with BACKUP_DIR set, one a day at BACKUP_TIME in the organisation's time
 * zone, by whichever instance takes the job (on PostgreSQL the folder must be storage every instance reaches).
 */
export async function scheduleBackups(env: Env, jobs: JobRunner) {
  if (!env.backupDir) return
  const root = env.backupDir
  const keep = { daily: env.backupKeepDaily, weekly: env.backupKeepWeekly }
  jobs.define(BACKUP_JOB, async () => scheduledBackup({ databaseUrl: env.databaseUrl, dataDir: env.dataDir }, root, keep))
  await jobs.schedule(BACKUP_JOB, BACKUP_JOB, { kind: 'daily', time: env.backupTime }, { timezone: env.timezone })
}
