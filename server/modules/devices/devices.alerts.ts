import { and, asc, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import { deviceAlerts, deviceLabel } from '../../../shared/rules/devices'
import { freeStorageOf, type DevicesContext } from './devices.context'

export const ALERTS_JOB = 'devices.alerts'
const PAGE = 500

/**
 * Each hour (and after an import): the devices that need attention they did not need at the last look are told to
 * their seller's coaches, once — `alerted` keeps what was told, so an alert that clears and comes back is told again.
 */
export function deviceAlertChecks(ctx: DevicesContext) {
  const { database, db, d, events, now } = ctx
  ctx.jobs.define(ALERTS_JOB, async () => ({ told: await check() }))

  async function check(): Promise<number> {
    const settings = await ctx.settings()
    const at = now()
    let told = 0
    let after = ''
    for (;;) {
      const rows = await db
        .select()
        .from(d)
        .where(and(isNull(d.lostAt), isNotNull(d.userId), gt(d.id, after)))
        .orderBy(asc(d.id))
        .limit(PAGE)
      if (rows.length === 0) return told
      after = rows.at(-1)!.id
      const changes = rows.flatMap((row) => {
        const alerts = deviceAlerts(
          {
            lost: false,
            pending: row.pending,
            lastSyncAt: row.lastSyncAt,
            enrolledAt: row.appEnrolledAt ?? row.mdmEnrolledAt ?? row.createdAt,
            appVersion: row.appVersion,
            freeStorageBytes: freeStorageOf(row),
          },
          settings,
          at,
        )
        const fresh = alerts.filter((a) => !row.alerted.includes(a))
        const same = alerts.length === row.alerted.length && fresh.length === 0
        return same ? [] : [{ row, alerts, fresh }]
      })
      if (changes.length === 0) continue
      await database.transaction(async (tx) => {
        for (const { row, alerts, fresh } of changes) {
          // Written only if no one changed the device since it was read: a report in between is judged at the next look.
          const updated = await tx
            .update(d)
            .set({ alerted: alerts })
            .where(and(eq(d.id, row.id), eq(d.updatedAt, row.updatedAt)))
            .returning({ id: d.id })
          if (updated.length === 0 || fresh.length === 0) continue
          told++
          await events.record(
            tx,
            'device.alerted',
            { deviceId: row.id, userId: row.userId!, teamId: row.teamId, label: deviceLabel(row), alerts: fresh, pending: row.pending },
            { actorId: null, at },
          )
        }
      })
    }
  }
  return { check }
}
