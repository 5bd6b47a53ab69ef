import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { backup, BackupError, restore, SQLITE_FILE } from './backup'
import { openDatabase } from './client'
import { createFreshDatabaseUrl, createTestApp, testDb } from '../test/harness'
import { saleArgs } from '../test/fixtures'

/**
 * Backups that restore (issue 71), on the database the run tests (SQLite, or PostgreSQL with TEST_DB=pg): sales keep
 * arriving through the sync while the backup is taken; the backup restored into a fresh place holds every table as
 * the manifest counted it, its sales exactly as the source has them and without a gap in the order they came, and a
 * server started on it serves them; a backup with one byte changed is refused, and so is a place that is not empty.
 */
const t = await createTestApp()
const source = { databaseUrl: t.env.databaseUrl, dataDir: t.env.dataDir }
const temp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-backup-'))
/** A fresh place to restore into: an empty folder, or an empty PostgreSQL database (dropped when the test is done). */
async function freshPlace() {
  if (testDb !== 'pg') return { place: { dataDir: temp() }, drop: async () => {} }
  const fresh = await createFreshDatabaseUrl()
  return { place: { databaseUrl: fresh.url, dataDir: temp() }, drop: fresh.drop }
}

describe('backup and restore', () => {
  it('takes a consistent backup while sales arrive, and restores it whole into a fresh place a server runs on', async () => {
    const seller = await t.newSeller({ firstName: 'Backup', lastName: 'Saljare' })
    const device = t.device(seller.cookie)
    const product = (await device.products()).find((p) => p.active)!
    const pushed: string[] = []
    let stop = false
    const pushing = (async () => {
      for (let i = 0; i < 200 && !stop; i++) {
        const sale = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] }, { customerName: `Backup ${i}` })
        expect(await device.push('createSale', sale)).toMatchObject({ applied: 1 })
        pushed.push(sale.id as string)
      }
    })()
    while (pushed.length < 5) await new Promise((r) => setImmediate(r))
    const dir = temp()
    const manifest = await backup(source, dir)
    stop = true
    await pushing
    expect(manifest.dialect).toBe(testDb === 'pg' ? 'pg' : 'sqlite')
    expect(fs.readdirSync(dir).sort()).toEqual(['manifest.json', manifest.files[0]!.name].sort())
    const salesTable = testDb === 'pg' ? 'public.sales' : 'sales'
    expect(manifest.tables[salesTable]).toBeGreaterThan(100)

    const { place, drop } = await freshPlace()
    try {
      await restore(dir, place)
      const restored = openDatabase(place)
      try {
        // The backup's sales of this run: the first ones pushed, in order, none missing in between.
        const mine = await restored.db.select().from(restored.t.sales).where(inArray(restored.t.sales.id, pushed))
        const ids = new Set(mine.map((s) => s.id))
        const prefix = pushed.slice(0, mine.length)
        expect(
          prefix.every((id) => ids.has(id)),
          'the restored sales are the first pushed, without a gap',
        ).toBe(true)
        expect(mine.length).toBeGreaterThanOrEqual(5)
        // Each exactly as the source has it.
        const originals = await t.database.db.select().from(t.database.t.sales).where(inArray(t.database.t.sales.id, prefix))
        const byId = new Map(originals.map((s) => [s.id, s]))
        for (const sale of mine) expect(sale).toEqual(byId.get(sale.id))
      } finally {
        await restored.close()
      }
      // A server on the restored database: the seller signs in and sees those sales.
      const onRestored = await createTestApp(place.databaseUrl ? { DATABASE_URL: place.databaseUrl } : { DATA_DIR: place.dataDir })
      const signedIn = await onRestored.login(seller.answer.userData.email, 'ett-langt-losenord')
      const pull = await onRestored.device(signedIn.cookie).pull()
      const pulledSales = pull.patch.filter((op) => op.op === 'put' && op.table === 'sales').length
      expect(pulledSales).toBeGreaterThanOrEqual(5)
      // Stopped before its database goes.
      await Promise.all([onRestored.events.stop(), onRestored.jobs.stop(), onRestored.realtime.close()])
      await onRestored.database.close()
    } finally {
      await drop()
    }
  })

  it('refuses a backup with one byte changed, and a place that is not empty, changing nothing', async () => {
    const dir = temp()
    const manifest = await backup(source, dir)
    const file = path.join(dir, manifest.files[0]!.name)
    const bytes = fs.readFileSync(file)
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01
    fs.writeFileSync(file, bytes)
    const { place, drop } = await freshPlace()
    try {
      const refused = await restore(dir, place).catch((e: unknown) => e)
      expect(refused).toBeInstanceOf(BackupError)
      expect((refused as BackupError).reason).toBe('corrupt')
      // Nothing was written where it would have gone.
      if (!place.databaseUrl) expect(fs.existsSync(path.join(place.dataDir, SQLITE_FILE))).toBe(false)

      // A good backup, into a place that has a database already: refused without --force.
      const good = temp()
      await backup(source, good)
      await restore(good, place)
      const again = await restore(good, place).catch((e: unknown) => e)
      expect((again as BackupError).reason).toBe('notEmpty')
      expect(await restore(good, place, { force: true })).toMatchObject({ format: 'saljkraft-backup' })
      // A backup goes into a folder of its own.
      expect(((await backup(source, good).catch((e: unknown) => e)) as BackupError).reason).toBe('notEmpty')
    } finally {
      await drop()
    }
  })
})
