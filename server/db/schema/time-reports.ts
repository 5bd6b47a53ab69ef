import * as p from 'drizzle-orm/pg-core'
import * as s from 'drizzle-orm/sqlite-core'
import type { AbsenceType, AllowanceType } from '../../../shared/rules/time-report'
import { pq, sq } from './columns'
import { users, usersPg } from './identity'

/** Time reports, checkouts and sick notices. Each table twice, SQLite then PostgreSQL (conventions in ./sqlite.ts). */

export const timeReports = s.sqliteTable(
  'time_reports',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    date: s.text('date').notNull(),
    present: s.integer('present', { mode: 'boolean' }),
    workHours: s.integer('work_hours').notNull(),
    absenceHours: s.integer('absence_hours').notNull(),
    absenceType: s.text('absence_type').$type<AbsenceType>(),
    allowanceType: s.integer('allowance_type').$type<AllowanceType>(),
    travelLocation: s.text('travel_location'),
    comment: s.text('comment'),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [
    s.uniqueIndex('time_reports_user_date').on(t.userId, t.date),
    s.index('time_reports_user_version').on(t.userId, t.version),
    // back office's lists of a period, by team or office (issue 15); with the hours and whose they are, the days at a
    // period's ends for the hours by month (profitability, docs/decisions/051), read from the index alone
    s.index('time_reports_date_hours').on(t.date, t.userId, t.teamId, t.officeId, t.workHours),
    s.index('time_reports_team_date').on(t.teamId, t.date),
    s.index('time_reports_office_date').on(t.officeId, t.date),
    // who was sick lately (the sick list)
    s.index('time_reports_absence_date').on(t.absenceType, t.date),
  ],
)

export const timeReportsPg = p.pgTable(
  'time_reports',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    date: p.text('date').notNull(),
    present: p.boolean('present'),
    workHours: p.integer('work_hours').notNull(),
    absenceHours: p.integer('absence_hours').notNull(),
    absenceType: p.text('absence_type').$type<AbsenceType>(),
    allowanceType: p.integer('allowance_type').$type<AllowanceType>(),
    travelLocation: p.text('travel_location'),
    comment: p.text('comment'),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [
    p.uniqueIndex('time_reports_user_date').on(t.userId, t.date),
    p.index('time_reports_user_version').on(t.userId, t.version),
    // back office's lists of a period, by team or office (issue 15); with the hours and whose they are, the days at a
    // period's ends for the hours by month (profitability, docs/decisions/051), read from the index alone
    p.index('time_reports_date_hours').on(t.date, t.userId, t.teamId, t.officeId, t.workHours),
    p.index('time_reports_team_date').on(t.teamId, t.date),
    p.index('time_reports_office_date').on(t.officeId, t.date),
    // who was sick lately (the sick list)
    p.index('time_reports_absence_date').on(t.absenceType, t.date),
  ],
)

/**
 * The work hours by month (issue 19, docs/decisions/051): the time reports' work hours added up per calendar month
 * (`YYYY-MM`), person, and the team and office each report was made in (no team or office is ''). Written only by the
 * time reports' two write paths (the device's save, back office's correction), in the transaction of the change;
 * a row whose hours reach 0 is removed. Profitability reads a year's hours from it instead of a year of reports.
 */
export const timeMonthHours = s.sqliteTable(
  'time_month_hours',
  {
    month: s.text('month').notNull(),
    userId: s.text('user_id').notNull(),
    teamId: s.text('team_id').notNull(),
    officeId: s.text('office_id').notNull(),
    workHours: s.integer('work_hours').notNull(),
  },
  (t) => [
    s.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    // By team and by office with the hours: a period's teams or offices are summed from the index alone.
    s.index('time_month_hours_team').on(t.teamId, t.month, t.workHours),
    s.index('time_month_hours_office').on(t.officeId, t.month, t.workHours),
    // By person in their order with the hours: a period's people are summed from the index alone, without a sort.
    s.index('time_month_hours_user').on(t.userId, t.month, t.workHours),
  ],
)

export const timeMonthHoursPg = p.pgTable(
  'time_month_hours',
  {
    month: p.text('month').notNull(),
    userId: p.text('user_id').notNull(),
    teamId: p.text('team_id').notNull(),
    officeId: p.text('office_id').notNull(),
    workHours: p.integer('work_hours').notNull(),
  },
  (t) => [
    p.primaryKey({ columns: [t.month, t.userId, t.teamId, t.officeId] }),
    // By team and by office with the hours: a period's teams or offices are summed from the index alone.
    p.index('time_month_hours_team').on(t.teamId, t.month, t.workHours),
    p.index('time_month_hours_office').on(t.officeId, t.month, t.workHours),
    // By person in their order with the hours: a period's people are summed from the index alone, without a sort.
    p.index('time_month_hours_user').on(t.userId, t.month, t.workHours),
  ],
)

export const checkouts = s.sqliteTable(
  'checkouts',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    date: s.text('date').notNull(),
    checkedOutAt: s.integer('checked_out_at').notNull(),
    salesCount: s.integer('sales_count').notNull(),
    orderValueOre: s.integer('order_value_ore').notNull(),
    workHours: s.integer('work_hours').notNull(),
    comment: s.text('comment'),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
  },
  (t) => [s.uniqueIndex('checkouts_user_date').on(t.userId, t.date), s.index('checkouts_user_version').on(t.userId, t.version)],
)

export const checkoutsPg = p.pgTable(
  'checkouts',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    date: p.text('date').notNull(),
    checkedOutAt: pq.ms('checked_out_at').notNull(),
    salesCount: p.integer('sales_count').notNull(),
    orderValueOre: p.integer('order_value_ore').notNull(),
    workHours: p.integer('work_hours').notNull(),
    comment: p.text('comment'),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
  },
  (t) => [p.uniqueIndex('checkouts_user_date').on(t.userId, t.date), p.index('checkouts_user_version').on(t.userId, t.version)],
)

export const sickNotices = s.sqliteTable(
  'sick_notices',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    date: s.text('date').notNull(),
    message: s.text('message'),
    sentAt: s.integer('sent_at').notNull(),
    version: s.integer('version').notNull(),
    createdAt: sq.createdAt(),
  },
  (t) => [s.index('sick_notices_user_version').on(t.userId, t.version), s.index('sick_notices_date').on(t.date)],
)

export const sickNoticesPg = p.pgTable(
  'sick_notices',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    date: p.text('date').notNull(),
    message: p.text('message'),
    sentAt: pq.ms('sent_at').notNull(),
    version: p.integer('version').notNull(),
    createdAt: pq.createdAt(),
  },
  (t) => [p.index('sick_notices_user_version').on(t.userId, t.version), p.index('sick_notices_date').on(t.date)],
)

/**
 * A user's attested month (issue 15, docs/decisions/029): while `attestedAt` is set the month's time reports are
 * locked for everyone; back office reopens it with a reason (kept, with who and when, until it is attested again).
 * The row travels to the user's device (`version`), so the phone knows the month is locked offline too.
 */
export const timeAttestations = s.sqliteTable(
  'time_attestations',
  {
    id: sq.id(),
    userId: s
      .text('user_id')
      .notNull()
      .references(() => users.id),
    teamId: s.text('team_id'),
    officeId: s.text('office_id'),
    month: s.text('month').notNull(),
    attestedAt: s.integer('attested_at'),
    attestedById: s.text('attested_by_id'),
    reopenedAt: s.integer('reopened_at'),
    reopenedById: s.text('reopened_by_id'),
    reopenReason: s.text('reopen_reason'),
    version: s.integer('version').notNull(),
    updatedAt: sq.updatedAt(),
  },
  (t) => [
    s.uniqueIndex('time_attestations_user_month').on(t.userId, t.month),
    s.index('time_attestations_month').on(t.month, t.teamId),
    s.index('time_attestations_user_version').on(t.userId, t.version),
  ],
)

export const timeAttestationsPg = p.pgTable(
  'time_attestations',
  {
    id: pq.id(),
    userId: p
      .text('user_id')
      .notNull()
      .references(() => usersPg.id),
    teamId: p.text('team_id'),
    officeId: p.text('office_id'),
    month: p.text('month').notNull(),
    attestedAt: pq.ms('attested_at'),
    attestedById: p.text('attested_by_id'),
    reopenedAt: pq.ms('reopened_at'),
    reopenedById: p.text('reopened_by_id'),
    reopenReason: p.text('reopen_reason'),
    version: p.integer('version').notNull(),
    updatedAt: pq.updatedAt(),
  },
  (t) => [
    p.uniqueIndex('time_attestations_user_month').on(t.userId, t.month),
    p.index('time_attestations_month').on(t.month, t.teamId),
    p.index('time_attestations_user_version').on(t.userId, t.version),
  ],
)
