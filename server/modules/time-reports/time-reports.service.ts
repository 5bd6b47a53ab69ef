import type { Deps } from '../../platform/deps'
import { type TimeReportsPorts, timeReportsContext } from './time-reports.context'
export type { TimeReportsPorts } from './time-reports.context'

import { timeReportsFromDevice } from './time-reports.device'

/**
 * The time-reports area's one write path: time reports, daily checkouts and sick notices, from a seller's
 * device today and from back office next. Each write runs in the caller's transaction with its activity-log
 * line and its event.
 */
export function timeReportsService(deps: Pick<Deps, 'database' | 'events'>, ports: TimeReportsPorts) {
  const ctx = timeReportsContext(deps, ports)
  return { fromDevice: timeReportsFromDevice(ctx) }
}
export type TimeReportsService = ReturnType<typeof timeReportsService>
