import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { PatchOp } from '../../../shared/schemas/sync'
import { checkoutInputSchema, sickNoticeInputSchema, timeReportInputSchema } from '../../../shared/schemas/time-reports'
import type { Schema } from '../../db/client'
import { parseMutationArgs, requireDevicePermission, type Mutators, type PullSource } from '../../lib/sync-contract'
import type { TimeReportsService } from './time-reports.service'

/** What the time-reports area gives the sync protocol: its three mutations and the user's rows to pull. */
export function timeReportsSync(t: Schema, service: TimeReportsService): { mutators: Mutators; owned: PullSource[] } {
  const owned = <T extends typeof t.timeReports | typeof t.checkouts | typeof t.sickNotices>(table: T, toOp: (row: T['$inferSelect']) => PatchOp): PullSource => ({
    async pending(tx, userId, since, limit) {
      const rows = await tx
        .select({ v: table.version })
        .from(table as typeof t.timeReports)
        .where(and(eq(table.userId, userId), gt(table.version, since)))
        .orderBy(asc(table.version))
        .limit(limit)
      return rows.map((r) => r.v)
    },
    async rows(tx, userId, since, upTo) {
      const rows = await tx
        .select()
        .from(table as typeof t.timeReports)
        .where(and(eq(table.userId, userId), gt(table.version, since), lte(table.version, upTo)))
      return (rows as Array<T['$inferSelect']>).map(toOp)
    },
  })

  return {
    mutators: {
      async saveTimeReport(ctx, args) {
        requireDevicePermission(ctx, 'create', 'time_reports')
        await service.saveFromDevice(ctx, parseMutationArgs(timeReportInputSchema, args, ctx.translate))
      },
      // The day's checkout belongs to selling: whoever may register sales checks out.
      async checkout(ctx, args) {
        requireDevicePermission(ctx, 'create', 'sales')
        await service.checkoutFromDevice(ctx, parseMutationArgs(checkoutInputSchema, args, ctx.translate))
      },
      async createSickNotice(ctx, args) {
        requireDevicePermission(ctx, 'create', 'sicknotices')
        await service.sickNoticeFromDevice(ctx, parseMutationArgs(sickNoticeInputSchema, args, ctx.translate))
      },
    },
    owned: [
      owned(t.timeReports, (r) => {
        const { version: _v, teamId: _t, officeId: _o, ...value } = r as typeof t.timeReports.$inferSelect
        return { op: 'put', table: 'timeReports', key: r.id, value }
      }),
      owned(t.checkouts, (r) => {
        const { version: _v, ...value } = r as typeof t.checkouts.$inferSelect
        return { op: 'put', table: 'checkouts', key: r.id, value }
      }),
      owned(t.sickNotices, (r) => {
        const { version: _v, teamId: _t, officeId: _o, ...value } = r as typeof t.sickNotices.$inferSelect
        return { op: 'put', table: 'sickNotices', key: r.id, value }
      }),
    ],
  }
}
