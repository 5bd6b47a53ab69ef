import { and, eq, gte, inArray, lte, sql, type SQLWrapper } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { SICK_NOW_DAYS, sickDayConflicts, type SickDayConflict } from '../../../shared/rules/pay'
import { timeReportViolations } from '../../../shared/rules/time-report'
import { addDays, businessDay, isWeekend, monthRange } from '../../../shared/rules/work'
import type { TimeReportListItem } from '../../../shared/schemas/time-reports'
import type { Db, Schema } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { preparedReads } from '../../db/prepared'
import type { Deps } from '../../platform/deps'

export type Actor = { id: string; ability: AppAbility }
export type ReportRow = Schema['timeReports']['$inferSelect']

export const violationsOf = (r: Pick<ReportRow, 'present' | 'workHours' | 'absenceHours' | 'absenceType' | 'allowanceType' | 'travelLocation'>) =>
  timeReportViolations(r).map((v) => v.rule)

/** What back office's parts of time reports share: the tables, the rule columns, the list row, attestation and sick days. */
/** What back office's time side asks other areas (wired in server/composition/areas.ts). */
export type TimeAdminPorts = {
  /** these people's money in the month beside their hours (pay's commission and extra income); only those with any */
  payableOf(db: Db, month: string, userIds: string[]): Promise<Map<string, { commissionOre: number; extraIncomeOre: number }>>
}

export function timeAdminContext({ database, events }: Pick<Deps, 'database' | 'events'>, ports: TimeAdminPorts) {
  const { db, t } = database
  const read = preparedReads(database)
  const tr = t.timeReports
  const a = t.timeAttestations
  /** The fields rule conditions on `time_reports` use: the report's seller, team and office. */
  const reportColumns = { sellerId: tr.userId, userId: tr.userId, teamId: tr.teamId, officeId: tr.officeId }
  const officeOfUser = userOfficeId(t)
  /** The same fields for a person (attestation, sick notices): their current team and office. */
  const userColumns = { sellerId: t.users.id, userId: t.users.id, id: t.users.id, teamId: t.users.teamId, officeId: officeOfUser }

  const sorts: Record<string, SQLWrapper> = {
    date: tr.date,
    seller: sql`lower(${t.users.firstName} || ' ' || ${t.users.lastName})`,
    workHours: tr.workHours,
    absenceHours: tr.absenceHours,
  }

  function listItem(r: ReportRow, names: { first: string; last: string; teamName: string | null }, attestedAt: number | null): TimeReportListItem {
    return {
      id: r.id,
      userId: r.userId,
      sellerName: `${names.first} ${names.last}`,
      teamName: names.teamName,
      date: r.date,
      present: r.present,
      workHours: r.workHours,
      absenceHours: r.absenceHours,
      absenceType: r.absenceType,
      allowanceType: r.allowanceType,
      travelLocation: r.travelLocation,
      comment: r.comment,
      attested: attestedAt !== null,
      violations: violationsOf(r),
      version: r.version,
      updatedAt: r.updatedAt,
    }
  }

  async function attestedAtOf(tx: Db, userId: string, month: string): Promise<number | null> {
    const [row] = await tx
      .select({ at: a.attestedAt })
      .from(a)
      .where(and(eq(a.userId, userId), eq(a.month, month)))
    return row?.at ?? null
  }

  /**
   * Where each user's sick notices and time reports disagree within a month (decision 060), up to yesterday: a notice
   * day reported with no sick hours, or a weekday of an occasion with no report.
   */
  async function sickConflictsOf(tx: Db, userIds: string[], month: string, now: number): Promise<Map<string, SickDayConflict[]>> {
    const out = new Map<string, SickDayConflict[]>()
    const { from, to } = monthRange(month)
    // Today is not over: a seller still sick has until tonight to report it, or to come back.
    const yesterday = addDays(businessDay(now), -1)
    const until = to < yesterday ? to : yesterday
    if (!userIds.length || from > until) return out
    // A notice up to 90 days before the month can still reach into it.
    const since = addDays(from, -SICK_NOW_DAYS)
    for (let i = 0; i < userIds.length; i += 500) {
      const chunk = userIds.slice(i, i + 500)
      const notices = await tx
        .select({ userId: t.sickNotices.userId, date: t.sickNotices.date })
        .from(t.sickNotices)
        .where(and(inArray(t.sickNotices.userId, chunk), gte(t.sickNotices.date, since), lte(t.sickNotices.date, until)))
      if (!notices.length) continue
      const sickIds = [...new Set(notices.map((n) => n.userId))]
      const reports = await tx
        .select({ userId: tr.userId, date: tr.date, present: tr.present, absenceType: tr.absenceType })
        .from(tr)
        .where(and(inArray(tr.userId, sickIds), gte(tr.date, since), lte(tr.date, until)))
      for (const userId of sickIds) {
        const conflicts = sickDayConflicts(
          notices.filter((n) => n.userId === userId),
          reports.filter((r) => r.userId === userId),
          until,
        ).filter((c) => c.date >= from)
        if (conflicts.length) out.set(userId, conflicts)
      }
    }
    return out
  }

  return { database, db, t, events, ports, read, tr, a, reportColumns, officeOfUser, userColumns, sorts, listItem, attestedAtOf, sickConflictsOf }
}
export type TimeAdminContext = ReturnType<typeof timeAdminContext>

export function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = out.get(k)
    if (list) list.push(row)
    else out.set(k, [row])
  }
  return out
}

export function nextWeekday(date: string): string {
  let d = addDays(date, 1)
  while (isWeekend(d)) d = addDays(d, 1)
  return d
}
