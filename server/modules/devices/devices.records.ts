import { eq } from 'drizzle-orm'
import { fieldError, type Translate } from '../../../shared/schemas/errors'
import type { DeviceSettings, DeviceUpdate } from '../../../shared/schemas/devices'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { SETTINGS_ID, type DeviceRow, type DevicesContext } from './devices.context'

const MB = 1024 * 1024
const conflict = (version: number) => new ApiError(409, 'version_conflict', { details: { version } })

/** Back office's writes: a device edited by hand, marked lost (or found), and the alerts' thresholds. */
export function deviceRecords(ctx: DevicesContext) {
  const { database, t, d, ports, now } = ctx

  async function current(tx: Db, id: string, version: number): Promise<DeviceRow> {
    const [row] = await tx.select().from(d).where(eq(d.id, id))
    if (!row) throw notFound()
    if (row.version !== version) throw conflict(row.version)
    return row
  }

  return {
    /** What the MDM would say, by hand; a serial number another device has is refused. */
    async update(actorId: string, id: string, input: DeviceUpdate, translate: Translate) {
      const at = now()
      const place = input.userId ? (await ports.placesOf(ctx.db, [input.userId])).get(input.userId) : null
      if (input.userId && !place) throw validationError(fieldError('userId', translate('validation.devices.unknownUser')))
      await database.transaction(async (tx) => {
        const row = await current(tx, id, input.version)
        const serial = input.serialNumber || null
        if (serial && serial !== row.serialNumber) {
          const [other] = await tx.select({ id: d.id }).from(d).where(eq(d.serialNumber, serial))
          if (other) throw validationError(fieldError('serialNumber', translate('validation.devices.serialTaken')))
        }
        const next = {
          name: input.name || null,
          manufacturer: input.manufacturer || null,
          model: input.model || null,
          serialNumber: serial,
          mdmFreeStorage: input.freeStorageMb == null ? null : Math.round(input.freeStorageMb * MB),
          mdmTotalStorage: input.totalStorageMb == null ? null : Math.round(input.totalStorageMb * MB),
          mdmEnrolledAt: input.enrolledAt ? Date.parse(`${input.enrolledAt}T12:00:00Z`) : null,
          userId: input.userId ?? null,
        }
        const changed = (Object.keys(next) as Array<keyof typeof next>).filter((k) => next[k] !== row[k])
        if (changed.length === 0) return
        await tx
          .update(d)
          .set({ ...next, teamId: place?.teamId ?? null, officeId: place?.officeId ?? null, version: row.version + 1, updatedAt: at })
          .where(eq(d.id, id))
        await logActivity(tx, t, {
          at,
          actorId,
          entity: 'device',
          entityId: id,
          action: changed.includes('userId') ? 'assigned' : 'edited',
          before: Object.fromEntries(changed.map((k) => [k, row[k]])),
          after: Object.fromEntries(changed.map((k) => [k, next[k]])),
        })
      })
    },

    /**
     * Lost: the session on it ends now, and the app on it wipes what it keeps at its next contact; what waited on it
     * at its last contact is kept with the mark (it is lost with the device). Found: the mark is taken back.
     */
    async setLost(actorId: string, id: string, version: number, lost: boolean) {
      const at = now()
      await database.transaction(async (tx) => {
        const row = await current(tx, id, version)
        if (lost === !!row.lostAt) return
        if (lost) {
          await tx
            .update(d)
            .set({ lostAt: at, lostById: actorId, pendingAtLoss: row.pending, wipedAt: null, sessionId: null, version: row.version + 1, updatedAt: at })
            .where(eq(d.id, id))
          if (row.sessionId) await ports.endSessions(tx, [row.sessionId])
          await logActivity(tx, t, { at, actorId, entity: 'device', entityId: id, action: 'marked_lost', after: { pending: row.pending, userId: row.userId } })
        } else {
          await tx
            .update(d)
            .set({ lostAt: null, lostById: null, pendingAtLoss: null, version: row.version + 1, updatedAt: at })
            .where(eq(d.id, id))
          await logActivity(tx, t, { at, actorId, entity: 'device', entityId: id, action: 'found' })
        }
      })
    },

    async saveSettings(actorId: string, version: number, settings: DeviceSettings) {
      const at = now()
      await database.transaction(async (tx) => {
        const before = await ctx.settings(tx)
        if (before.version !== version) throw conflict(before.version)
        const values = { ...settings, version: version + 1, updatedAt: at, updatedById: actorId }
        if (version === 0) {
          // Two first saves at once: the second finds the row and is a conflict, as any later save on an old reading.
          const made = await tx
            .insert(t.deviceSettings)
            .values({ id: SETTINGS_ID, ...values })
            .onConflictDoNothing()
            .returning({ id: t.deviceSettings.id })
          if (made.length === 0) throw conflict(1)
        } else await tx.update(t.deviceSettings).set(values).where(eq(t.deviceSettings.id, SETTINGS_ID))
        await logActivity(tx, t, {
          at,
          actorId,
          entity: 'device_settings',
          entityId: SETTINGS_ID,
          action: 'updated',
          before: { staleHours: before.staleHours, lowSpaceMb: before.lowSpaceMb, minAppVersion: before.minAppVersion },
          after: settings,
        })
      })
      return ctx.settings()
    },
  }
}
