import type { AbsenceType, AllowanceType } from '../../../shared/rules/time-report'

import { table } from './table'

import { users } from './identity'

/** Time reports, checkouts and sick notices. Each table once for both databases (./table.ts; conventions in ./sqlite.ts). */

export const [timeReports, timeReportsPg] = table(
  'time_reports',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users).notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    date: k.text('date').notNull(),
    present: k.bool('present'),
    workHours: k.integer('work_hours').notNull(),
    absenceHours: k.integer('absence_hours').notNull(),
    absenceType: k.text('absence_type').$type<AbsenceType>(),
    allowanceType: k.integer('allowance_type').$type<AllowanceType>(),
    travelLocation: k.text('travel_location'),
    comment: k.text('comment'),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.uniqueIndex('time_reports_user_date').on(t.userId, t.date),
    k.index('time_reports_user_version').on(t.userId, t.version),
    // back office's lists of a period, by team or office (issue 15); with the hours and whose they are, the days at a
    // period's ends for the hours by month (profitability, docs/decisions/051), read from the index alone
    k.index('time_reports_date_hours').on(t.date, t.userId, t.teamId, t.officeId, t.workHours),
    k.index('time_reports_team_date').on(t.teamId, t.date),
    k.index('time_reports_office_date').on(t.officeId, t.date),
    // who was sick lately (the sick list)
    k.index('time_reports_absence_date').on(t.absenceType, t.date),
  ],
)

/**
 * The work hours by month (issue 19, docs/decisions/051): the time reports' work hours added up per calendar month
 * (`YYYY-MM`), person, and the team and office each report was made in (no team or office is ''). Written only by the
 * time reports' two write paths (the device's save, back office's correction), in the transaction of the change;
 * a row whose hours reach 0 is removed. Profitability reads a year's hours from it instead of a year of reports.
 */
export const [timeMonthHours, timeMonthHoursPg] = table(
  'time_month_hours',
  (k) => ({
    month: k.text('month').notNull(),
    userId: k.text('user_id').notNull(),
    teamId: k.text('team_id').notNull(),
    officeId: k.text('office_id').notNull(),
    workHours: k.integer('work_hours').notNull(),
  }),
  (t, k) => [
    k.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    // By team and by office with the hours: a period's teams or offices are summed from the index alone.
    k.index('time_month_hours_team').on(t.teamId, t.month, t.workHours),
    k.index('time_month_hours_office').on(t.officeId, t.month, t.workHours),
    // By person in their order with the hours: a period's people are summed from the index alone, without a sort.
    k.index('time_month_hours_user').on(t.userId, t.month, t.workHours),
  ],
)

export const [checkouts, checkoutsPg] = table(
  'checkouts',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users).notNull(),
    date: k.text('date').notNull(),
    checkedOutAt: k.ms('checked_out_at').notNull(),
    salesCount: k.integer('sales_count').notNull(),
    orderValueOre: k.integer('order_value_ore').notNull(),
    workHours: k.integer('work_hours').notNull(),
    comment: k.text('comment'),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.uniqueIndex('checkouts_user_date').on(t.userId, t.date), k.index('checkouts_user_version').on(t.userId, t.version)],
)

export const [sickNotices, sickNoticesPg] = table(
  'sick_notices',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users).notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    date: k.text('date').notNull(),
    message: k.text('message'),
    sentAt: k.ms('sent_at').notNull(),
    version: k.integer('version').notNull(),
    createdAt: k.createdAt(),
  }),
  (t, k) => [k.index('sick_notices_user_version').on(t.userId, t.version), k.index('sick_notices_date').on(t.date)],
)

/**
 * A user's attested month (issue 15, docs/decisions/029): while `attestedAt` is set the month's time reports are
 * locked for everyone; back office reopens it with a reason (kept, with who and when, until it is attested again).
 * The row travels to the user's device (`version`), so the phone knows the month is locked offline too.
 */
export const [timeAttestations, timeAttestationsPg] = table(
  'time_attestations',
  (k) => ({
    id: k.id(),
    userId: k.ref('user_id', () => users).notNull(),
    teamId: k.text('team_id'),
    officeId: k.text('office_id'),
    month: k.text('month').notNull(),
    attestedAt: k.ms('attested_at'),
    attestedById: k.text('attested_by_id'),
    reopenedAt: k.ms('reopened_at'),
    reopenedById: k.text('reopened_by_id'),
    reopenReason: k.text('reopen_reason'),
    version: k.integer('version').notNull(),
    updatedAt: k.updatedAt(),
  }),
  (t, k) => [
    k.uniqueIndex('time_attestations_user_month').on(t.userId, t.month),
    k.index('time_attestations_month').on(t.month, t.teamId),
    k.index('time_attestations_user_version').on(t.userId, t.version),
  ],
)
