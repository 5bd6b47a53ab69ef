import { checkoutInputSchema, sickNoticeInputSchema, timeReportInputSchema } from '../../../shared/schemas/time-reports'
import type { Schema } from '../../db/client'
import { deviceMutation, ownedPullSource, type Mutators, type PullSource } from '../../lib/sync-contract'
import type { TimeReportsService } from './time-reports.service'

/** What the time-reports area gives the sync protocol: its three mutations and the user's rows to pull. */
export function timeReportsSync(t: Schema, service: TimeReportsService): { mutators: Mutators; owned: PullSource[] } {
  return {
    mutators: {
      saveTimeReport: deviceMutation('create', 'time_reports', timeReportInputSchema, (ctx, input) => service.fromDevice.saveFromDevice(ctx, input)),
      // The day's checkout belongs to selling: whoever may register sales checks out.
      checkout: deviceMutation('create', 'sales', checkoutInputSchema, (ctx, input) => service.fromDevice.checkoutFromDevice(ctx, input)),
      createSickNotice: deviceMutation('create', 'sicknotices', sickNoticeInputSchema, (ctx, input) => service.fromDevice.sickNoticeFromDevice(ctx, input)),
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
