import { backup, type BackupManifest, type BackupPlace } from './backup'

/** A scheduled backup, off the thread that answers requests (server/platform/scheduled-backups.ts). */
export default async function run(task: { place: BackupPlace; dir: string }): Promise<BackupManifest> {
  return backup(task.place, task.dir)
}
