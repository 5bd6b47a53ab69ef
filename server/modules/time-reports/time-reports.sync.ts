import { checkoutInputSchema, sickNoticeInputSchema, timeReportInputSchema } from '../../../shared/schemas/time-reports'
import type { Schema } from '../../db/client'
import { ownedPullSource, parseMutationArgs, requireDevicePermission, type Mutators, type PullSource } from '../../lib/sync-contract'
import type { TimeReportsService } from './time-reports.service'

/** What the time-reports area gives the sync protocol: its three mutations and the user's rows to pull. */
export function timeReportsSync(t: Schema, service: TimeReportsService): { mutators: Mutators; owned: PullSource[] } {
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
      ownedPullSource(t.timeReports, ({ version: _v, teamId: _t, officeId: _o, ...value }) => ({ op: 'put', table: 'timeReports', key: value.id, value })),
      ownedPullSource(t.checkouts, ({ version: _v, ...value }) => ({ op: 'put', table: 'checkouts', key: value.id, value })),
      ownedPullSource(t.sickNotices, ({ version: _v, teamId: _t, officeId: _o, ...value }) => ({ op: 'put', table: 'sickNotices', key: value.id, value })),
      // The months attested (or reopened): the device locks the form of an attested month, offline too.
      ownedPullSource(t.timeAttestations, (a) => ({
        op: 'put',
        table: 'attestations',
        key: a.id,
        value: { id: a.id, userId: a.userId, month: a.month, attestedAt: a.attestedAt },
      })),
    ],
  }
}
