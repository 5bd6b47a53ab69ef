import { createHash, timingSafeEqual } from 'node:crypto'
import Bowser from 'bowser'
import { and, desc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { appVersionKey, deviceKind, manufacturerOfModel } from '../../../shared/rules/devices'
import type { DeviceReport, DeviceReportAnswer, LostWork } from '../../../shared/schemas/devices'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { DeviceRow, DevicesContext } from './devices.context'

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex')
const sameKey = (hash: string | null, key: string) => !!hash && timingSafeEqual(Buffer.from(hash), Buffer.from(hashKey(key)))

/** What the browser says about the device: its user agent read (bowser), with the client hints' model and OS version first. */
export function describeBrowser(userAgent: string, hints: DeviceReport['hints']) {
  const ua = Bowser.parse(userAgent || 'unknown')
  const model = hints?.model || ua.platform.model || null
  const os = hints?.platform || ua.os.name || null
  return {
    manufacturer: ua.platform.vendor || manufacturerOfModel(model),
    model,
    os,
    osVersion: hints?.platformVersion || ua.os.version || null,
    browser: [ua.browser.name, ua.browser.version?.split('.')[0]].filter(Boolean).join(' ') || null,
  }
}

/**
 * The app's own registration and the lost-device wipe: each installation reports after a sync (who is signed in,
 * its storage, what waits on it); a device marked lost is told to wipe at its next contact, signed in or not.
 */
export function deviceRegistry(ctx: DevicesContext) {
  const { database, t, d, ports, now } = ctx

  /** The wipe is told once it is asked for: the device is then wiped (or wipes at its next start, offline). */
  async function tellWipe(tx: Db, row: DeviceRow, at: number) {
    if (row.wipedAt) return
    await tx.update(d).set({ wipedAt: at, updatedAt: at }).where(eq(d.id, row.id))
    await logActivity(tx, t, { at, actorId: null, entity: 'device', entityId: row.id, action: 'wiped', after: { pending: row.pending } })
  }

  /** The device page's line and the log's: the store found emptied with changes unsent. */
  async function noteStoreLost(tx: Db, deviceId: string, userId: string, lost: LostWork, at: number) {
    await logActivity(tx, t, { at, actorId: userId, entity: 'device', entityId: deviceId, action: 'store_lost', after: lost })
  }

  /**
   * A new installation of a person whose earlier one, on the same device as far as the server can tell (the session it
   * last reported with, or the same browser, system and model), had changes waiting at its last contact and has not
   * been heard from since: the browser emptied everything the app kept (Safari's removal of a site's storage after seven
   * days without use does), the installation's id with it. Noted on the earlier record, once.
   */
  async function storeLostBefore(tx: Db, actor: { userId: string; sessionId: string }, described: ReturnType<typeof describeBrowser>, at: number) {
    const earlier = await tx
      .select()
      .from(d)
      .where(and(eq(d.userId, actor.userId), gt(d.pending, 0), isNull(d.lostAt), isNull(d.storeLostAt), isNotNull(d.installationId)))
      .orderBy(desc(d.lastContactAt))
      .limit(20)
    const same = earlier.find(
      (e) =>
        e.lastContactAt !== null &&
        (e.sessionId === actor.sessionId || (e.browser === described.browser && e.os === described.os && e.model === described.model)),
    )
    if (!same) return undefined
    const lost = { pending: same.pending, lastContactAt: same.lastContactAt! }
    await tx.update(d).set({ storeLostAt: at, pendingAtStoreLoss: same.pending, updatedAt: at }).where(eq(d.id, same.id))
    await noteStoreLost(tx, same.id, actor.userId, lost, at)
    return lost
  }

  return {
    /** A signed-in app's report after a sync: registers the installation at its first, keeps it current after. */
    async report(actor: { userId: string; sessionId: string }, input: DeviceReport, userAgent: string): Promise<DeviceReportAnswer> {
      const at = now()
      const described = describeBrowser(userAgent, input.hints)
      const [places, positions] = await Promise.all([ports.placesOf(ctx.db, [actor.userId]), ports.positionsOn(ctx.db)])
      const place = places.get(actor.userId)
      const answer = await database.transaction(async (tx): Promise<DeviceReportAnswer> => {
        const [row] = await tx.select().from(d).where(eq(d.installationId, input.deviceId))
        if (row && !sameKey(row.keyHash, input.key)) throw new ApiError(403, 'forbidden')
        if (row?.lostAt) {
          // A lost device that reaches the server signed in: that session ends too, and the app wipes.
          await ports.endSessions(tx, [actor.sessionId])
          await tellWipe(tx, row, at)
          return { wipe: true }
        }
        const values = {
          ...described,
          appVersion: input.appVersion,
          appVersionKey: appVersionKey(input.appVersion),
          storageUsed: input.storage?.usage ?? null,
          storageQuota: input.storage?.quota ?? null,
          persisted: input.storage?.persisted ?? null,
          lastSyncAt: Math.max(row?.lastSyncAt ?? 0, input.lastSyncAt ?? 0) || null,
          lastContactAt: at,
          pending: input.pending,
          userId: actor.userId,
          teamId: place?.teamId ?? null,
          officeId: place?.officeId ?? null,
          sessionId: actor.sessionId,
          storeId: input.storeId ?? null,
          updatedAt: at,
        }
        if (!row) {
          const id = crypto.randomUUID()
          const lostWork = await storeLostBefore(tx, actor, described, at)
          await tx.insert(d).values({
            id,
            installationId: input.deviceId,
            keyHash: hashKey(input.key),
            appEnrolledAt: at,
            alerted: [],
            version: 1,
            createdAt: at,
            ...values,
          })
          // A phone or tablet joining the field is an event in the log; each browser profile someone signs in on
          // is listed with the devices (as a computer) but would only flood the log (issue 70).
          if (deviceKind({ os: described.os, model: described.model, serialNumber: null }) !== 'computer')
            await logActivity(tx, t, {
              at,
              actorId: actor.userId,
              entity: 'device',
              entityId: id,
              action: 'registered',
              after: { ...described, userId: actor.userId },
            })
          return lostWork ? { wipe: false, lostWork } : { wipe: false }
        }
        // The same person's store made anew on the same installation where changes waited at its last contact: the
        // browser emptied the store and kept the installation's id (docs/decisions/090).
        const emptied =
          row.pending > 0 && row.userId === actor.userId && !!row.storeId && !!input.storeId && row.storeId !== input.storeId && row.lastContactAt !== null
        const lostWork = emptied ? { pending: row.pending, lastContactAt: row.lastContactAt! } : undefined
        if (lostWork) await noteStoreLost(tx, row.id, actor.userId, lostWork, at)
        // The MDM's name for the maker and model stay; the browser's fill what it left empty.
        const kept = { manufacturer: row.manufacturer ?? described.manufacturer, model: row.serialNumber ? (row.model ?? described.model) : described.model }
        await tx
          .update(d)
          .set({ ...values, ...kept, ...(lostWork ? { storeLostAt: at, pendingAtStoreLoss: lostWork.pending } : {}) })
          .where(eq(d.id, row.id))
        if (row.userId !== actor.userId)
          await logActivity(tx, t, {
            at,
            actorId: actor.userId,
            entity: 'device',
            entityId: row.id,
            action: 'assigned',
            before: { userId: row.userId },
            after: { userId: actor.userId },
          })
        return lostWork ? { wipe: false, lostWork } : { wipe: false }
      })
      return answer.wipe ? answer : { ...answer, positions }
    },

    /** Asked without a session: whether this installation was marked lost (an unknown one, or a wrong key: no). */
    async check(deviceId: string, key: string): Promise<DeviceReportAnswer> {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(d).where(eq(d.installationId, deviceId))
        if (!row || !sameKey(row.keyHash, key) || !row.lostAt) return { wipe: false }
        await tellWipe(tx, row, now())
        return { wipe: true }
      })
    },
  }
}
