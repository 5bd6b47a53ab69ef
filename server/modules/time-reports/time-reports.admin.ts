import type { Deps } from '../../platform/deps'
import { hoursAnalytics } from './time-reports.analytics'

import { timeAdminContext, type TimeAdminPorts } from './time-reports.admin-context'
import { dashboardAnswers, payAnswers } from './time-reports.answers'
import { attestationChanges, attestationReads } from './time-reports.attestation'
import { timeReportCorrection, timeReportReads } from './time-reports.backoffice'
import { sickList } from './time-reports.sick'

/**
 * Back office's side of time reports (issue 15, docs/decisions/029): the period's reports with filters, a report's
 * page and its correction (the seller's rules, logged, pulled by the seller's device), the month's attestation per
 * seller (a coach their teams', back office anyone's; reopened only by back office, with a reason), and who is sick.
 * Assembled from its parts: time-reports.backoffice.ts, .attestation.ts, .sick.ts, and the answers other areas ask
 * for (time-reports.answers.ts).
 */
export function timeReportsAdmin(deps: Pick<Deps, 'database' | 'events'>, ports: TimeAdminPorts) {
  const ctx = timeAdminContext(deps, ports)
  return {
    /** The BI assistant's hours (docs/decisions/053). */
    analytics: hoursAnalytics(deps.database),
    forDashboards: dashboardAnswers(ctx),
    forPay: payAnswers(ctx),
    reads: timeReportReads(ctx),
    correction: timeReportCorrection(ctx),
    attestationReads: attestationReads(ctx),
    attestationChanges: attestationChanges(ctx),
    sick: sickList(ctx),
  }
}
export type TimeReportsAdmin = ReturnType<typeof timeReportsAdmin>
