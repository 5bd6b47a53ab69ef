import { inArray } from 'drizzle-orm'
import { deviceLabel } from '../../../shared/rules/devices'
import type { Db } from '../../db/client'
import type { JobRunner } from '../../platform/jobs'
import { ALERTS_JOB, deviceAlertChecks } from './devices.alerts'
import { devicesContext, type DevicesDeps, type DevicesPorts } from './devices.context'
import { deviceImports } from './devices.imports'
import { deviceReads } from './devices.reads'
import { deviceRecords } from './devices.records'
import { deviceRegistry } from './devices.registry'

export type { DevicesPorts } from './devices.context'

/** Hourly: the devices' alerts told to the sellers' coaches (decision 072). */
export async function scheduleDeviceJobs(jobs: JobRunner, _db: Db) {
  await jobs.schedule(ALERTS_JOB, ALERTS_JOB, { kind: 'hourly', minute: 23 })
}

/**
 * The sellers' devices (docs/decisions/072, spec section 3): the app's own registrations, the MDM's list imported
 * and joined to them, back office's edits, alerts to the coaches, and the lost device's wipe.
 */
export function devicesService(deps: DevicesDeps, ports: DevicesPorts, opts: { now?: () => number } = {}) {
  const ctx = devicesContext(deps, ports, opts)
  return {
    registry: deviceRegistry(ctx),
    records: deviceRecords(ctx),
    reads: deviceReads(ctx),
    imports: deviceImports(ctx),
    alerts: deviceAlertChecks(ctx),
    settings: () => ctx.settings(),
    /** the activity log's names of devices */
    async logNames(db: Db, ids: string[]): Promise<Map<string, string>> {
      const rows = await db.select().from(ctx.d).where(inArray(ctx.d.id, ids))
      return new Map(rows.map((r) => [r.id, deviceLabel(r)]))
    },
  }
}
export type DevicesService = ReturnType<typeof devicesService>
