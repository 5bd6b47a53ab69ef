import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'
import { verify } from '../db/backup'
import { BACKUP_JOB, scheduleBackups, stampOf, toPrune } from './scheduled-backups'

/** Scheduled backups (issue 71): which ones retention keeps, and a run through the job runner, verified and pruned. */
describe('retention', () => {
  // 2026-11-30 is a Monday; the backups of three weeks, one a day at 02:30 UTC.
  const days = Array.from({ length: 21 }, (_, i) => stampOf(Date.UTC(2026, 10, 30, 2, 30) - i * 86_400_000))

  it.each([
    { keep: { daily: 7, weekly: 0 }, kept: days.slice(0, 7) },
    // The newest of each of the three newest weeks: Monday 30 Nov, Sunday 29 Nov (week of the 23rd), Sunday 22 Nov.
    { keep: { daily: 1, weekly: 3 }, kept: [days[0], days[1], days[8]] },
    { keep: { daily: 7, weekly: 4 }, kept: [...days.slice(0, 7), days[8], days[15]] },
  ])('keeps $keep.daily daily and $keep.weekly weekly', ({ keep, kept }) => {
    const pruned = toPrune([...days, 'notes.txt', 'manual-before-upgrade'], keep)
    expect(pruned).not.toContain('notes.txt')
    expect(pruned).not.toContain('manual-before-upgrade')
    expect(days.filter((d) => !pruned.includes(d)).sort()).toEqual([...kept].sort())
  })
})

describe('a scheduled backup', () => {
  it('is declared only with BACKUP_DIR, runs as a job in a worker thread, is verified, and prunes the old ones', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-scheduled-'))
    const t = await createTestApp({ BACKUP_DIR: root, BACKUP_KEEP_DAILY: '1', BACKUP_KEEP_WEEKLY: '0' })
    const none = await createTestApp()
    await scheduleBackups(none.env, none.jobs)
    expect(await none.database.db.select().from(none.database.t.jobSchedules)).not.toContainEqual(expect.objectContaining({ key: BACKUP_JOB }))

    // An old backup and a folder of someone's own, already there.
    fs.mkdirSync(path.join(root, '2020-01-01T02-30-00'))
    fs.mkdirSync(path.join(root, 'keep-me'))
    await scheduleBackups(t.env, t.jobs)
    const [schedule] = (await t.database.db.select().from(t.database.t.jobSchedules)).filter((s) => s.key === BACKUP_JOB)
    expect(schedule).toMatchObject({ jobName: BACKUP_JOB, active: true, timezone: 'Europe/Stockholm' })
    expect(schedule!.recurrence).toEqual({ kind: 'daily', time: '02:30' })

    await t.jobs.enqueue(t.database.db, BACKUP_JOB, {})
    await t.jobs.settled(60_000)
    const folders = fs.readdirSync(root).sort()
    expect(folders).toHaveLength(2)
    expect(folders).toContain('keep-me')
    const made = folders.find((f) => f !== 'keep-me')!
    expect(made).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}$/)
    expect((await verify(path.join(root, made))).format).toBe('saljkraft-backup')
  })
})
