import { eq } from 'drizzle-orm'
import { DEFAULT_DEVICE_SETTINGS, type DeviceSettings } from '../../../shared/schemas/devices'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** What the devices area asks other areas (answered in server/composition/areas.ts). */
export type DevicesPorts = {
  /** people's names with their current team and office */
  placesOf(db: Db, ids: string[]): Promise<Map<string, { name: string; teamId: string | null; officeId: string | null }>>
  /** the ids of people whose name contains the text (at most `limit`) */
  peopleNamed(db: Db, text: string, limit: number): Promise<string[]>
  /** the active people with these e-mail addresses (lower case) */
  byEmails(db: Db, emails: string[]): Promise<Map<string, { id: string; name: string }>>
  /** ends these sessions in the caller's transaction: their next request is a 401 */
  endSessions(tx: Db, sessionIds: string[]): Promise<void>
  /** whether sellers' devices record where a sale is registered (the sales area's setting) */
  positionsOn(db: Db): Promise<boolean>
}

export type DevicesDeps = Pick<Deps, 'database' | 'events' | 'jobs' | 'files' | 'env'>

export const SETTINGS_ID = 'global'

export function devicesContext(deps: DevicesDeps, ports: DevicesPorts, opts: { now?: () => number } = {}) {
  const { database } = deps
  const { db, t } = database
  const now = opts.now ?? (() => Date.now())
  return {
    ...deps,
    db,
    t,
    d: t.devices,
    ports,
    now,
    timezone: deps.env.timezone,
    /** the alerts' thresholds, and the version the settings screen saves against */
    async settings(on: Db = db): Promise<DeviceSettings & { version: number }> {
      const [row] = await on.select().from(t.deviceSettings).where(eq(t.deviceSettings.id, SETTINGS_ID))
      return row
        ? { staleHours: row.staleHours, lowSpaceMb: row.lowSpaceMb, minAppVersion: row.minAppVersion, version: row.version }
        : { ...DEFAULT_DEVICE_SETTINGS, version: 0 }
    },
  }
}
export type DevicesContext = ReturnType<typeof devicesContext>
export type DeviceRow = DevicesContext['d']['$inferSelect']

/** What the device's alerts are judged on: the MDM's free space when it is known, else the browser's. */
export function freeStorageOf(row: Pick<DeviceRow, 'mdmFreeStorage' | 'storageQuota' | 'storageUsed'>): number | null {
  if (row.mdmFreeStorage !== null) return row.mdmFreeStorage
  if (row.storageQuota !== null && row.storageUsed !== null) return Math.max(0, row.storageQuota - row.storageUsed)
  return null
}
