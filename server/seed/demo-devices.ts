import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { appVersionKey } from '../../shared/rules/devices'
import type { Database, Db } from '../db/client'

const MB = 1024 * 1024
const H = 3600_000

/**
 * The demo's devices (decision 072): the sellers' phones as the app registered them and the MDM's list joined them,
 * so the list shows what it is for — one that has not synced with changes waiting, one nearly full, one lost and
 * wiped, and two tablets on the shelf that only the MDM knows.
 */
export async function seedDemoDevices(database: Database, tx: Db, now: number, sellerEmails: string[]) {
  const { t } = database
  const people = await tx
    .select({ id: t.users.id, email: t.users.email, teamId: t.users.teamId, officeId: t.users.officeId })
    .from(t.users)
    .where(inArray(t.users.email, sellerEmails))
  const byEmail = new Map(people.map((p) => [p.email, p]))
  const phones: Array<[string, string, string, string]> = [
    ['Samsung', 'SM-A556B', 'Android', '14'],
    ['Apple', 'iPhone 14', 'iOS', '18.1'],
    ['Samsung', 'SM-S921B', 'Android', '15'],
    ['Google', 'Pixel 8a', 'Android', '15'],
    ['Apple', 'iPhone SE', 'iOS', '17.6'],
  ]
  const rows = sellerEmails.flatMap((email, i) => {
    const p = byEmail.get(email)
    if (!p) return []
    const [manufacturer, model, os, osVersion] = phones[i % phones.length]!
    const stale = i === 1
    const full = i === 2
    const lost = i === 3
    const enrolled = now - (60 + i * 7) * 24 * H
    return [
      {
        id: randomUUID(),
        installationId: randomUUID(),
        keyHash: null,
        serialNumber: i % 2 === 0 ? `R5${(8_410_000 + i * 7919).toString(36).toUpperCase()}` : null,
        name: null,
        manufacturer,
        model,
        os,
        osVersion,
        browser: os === 'iOS' ? 'Safari 18' : 'Chrome 131',
        appVersion: '0.1.0',
        appVersionKey: appVersionKey('0.1.0'),
        storageUsed: (18 + i) * MB,
        storageQuota: full ? 300 * MB : (8 + i) * 1024 * MB,
        persisted: os !== 'iOS',
        mdmFreeStorage: i % 2 === 0 ? (full ? 310 * MB : (9 + i) * 1024 * MB) : null,
        mdmTotalStorage: i % 2 === 0 ? 128 * 1024 * MB : null,
        mdmEnrolledAt: i % 2 === 0 ? enrolled - 2 * 24 * H : null,
        mdmLastSyncAt: i % 2 === 0 ? now - 5 * H : null,
        appEnrolledAt: enrolled,
        lastSyncAt: stale ? now - 52 * H : lost ? now - 9 * 24 * H : now - (i + 1) * 17 * 60_000,
        lastContactAt: stale ? now - 52 * H : lost ? now - 9 * 24 * H : now - (i + 1) * 17 * 60_000,
        pending: stale ? 4 : 0,
        userId: p.id,
        teamId: p.teamId,
        officeId: p.officeId,
        sessionId: null,
        lostAt: lost ? now - 8 * 24 * H : null,
        lostById: null,
        pendingAtLoss: lost ? 2 : null,
        wipedAt: lost ? now - 8 * 24 * H + 40 * 60_000 : null,
        alerted: [],
        version: 1,
        createdAt: enrolled,
        updatedAt: now,
      },
    ]
  })
  const shelf = ['TAB-LAGER-1', 'TAB-LAGER-2'].map((name, i) => ({
    id: randomUUID(),
    installationId: null,
    keyHash: null,
    serialNumber: `HA1${(3_141_000 + i * 271).toString(36).toUpperCase()}`,
    name,
    manufacturer: 'Lenovo',
    model: 'TB-X606F',
    os: 'Android',
    osVersion: '13',
    browser: null,
    appVersion: null,
    appVersionKey: null,
    storageUsed: null,
    storageQuota: null,
    persisted: null,
    mdmFreeStorage: (40 - i * 12) * 1024 * MB,
    mdmTotalStorage: 64 * 1024 * MB,
    mdmEnrolledAt: now - 200 * 24 * H,
    mdmLastSyncAt: now - (3 + i) * 24 * H,
    appEnrolledAt: null,
    lastSyncAt: null,
    lastContactAt: null,
    pending: 0,
    userId: null,
    teamId: null,
    officeId: null,
    sessionId: null,
    lostAt: null,
    lostById: null,
    pendingAtLoss: null,
    wipedAt: null,
    alerted: [],
    version: 1,
    createdAt: now - 200 * 24 * H,
    updatedAt: now,
  }))
  await tx.insert(t.devices).values([...rows, ...shelf])
}
