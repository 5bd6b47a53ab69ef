import { and, asc, count, eq, gt, gte, inArray, isNotNull, lte, notExists, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { SICK_NOW_DAYS } from '../../../shared/rules/pay'
import { type AbsenceType } from '../../../shared/rules/time-report'
import { addDays, businessDay, periodReads } from '../../../shared/rules/work'
import type { Db } from '../../db/client'
import { accessFilter, unindexed, withAccess } from '../../db/conditions'
import { plainRows } from '../../db/plain-rows'

import { type TimeAdminContext } from './time-reports.admin-context'

/** What the dashboards ask of time reports (their ports, wired in server/composition/areas.ts): hours worked and who checked out (decision 049). */
export function dashboardAnswers(ctx: TimeAdminContext) {
  const { database, db, t, tr, reportColumns, userColumns } = ctx
  /** What the dashboards ask (their ports, wired in server/composition/areas.ts): hours worked and who checked out (decision 049). */
  return {
    /**
     * Each person's work hours per day of a period: the day's time report, else (a day not reported yet, such as
     * today) the hours their checkout gave.
     */
    async hoursOf(db: Db, userIds: string[], from: string, to: string): Promise<Array<{ userId: string; date: string; workHours: number }>> {
      if (!userIds.length) return []
      const c = t.checkouts
      const [reports, checkouts] = await Promise.all([
        db
          .select({ userId: tr.userId, date: tr.date, workHours: tr.workHours })
          .from(tr)
          .where(and(inArray(tr.userId, userIds), gte(tr.date, from), lte(tr.date, to))),
        db
          .select({ userId: c.userId, date: c.date, workHours: c.workHours })
          .from(c)
          .where(and(inArray(c.userId, userIds), gte(c.date, from), lte(c.date, to))),
      ])
      const reported = new Set(reports.map((r) => `${r.userId}|${r.date}`))
      return [...reports, ...checkouts.filter((k) => !reported.has(`${k.userId}|${k.date}`))]
    },
    /**
     * Who of them is sick now, as the reader may see sick notices: a notice of the last 90 days nobody has come
     * back from (a day reported at work after it), the sick list's "sick now".
     */
    async sickNow(ability: AppAbility, userIds: string[], now = Date.now()): Promise<Set<string>> {
      if (!userIds.length) return new Set()
      const since = addDays(businessDay(now), -SICK_NOW_DAYS)
      const n = t.sickNotices
      const rows = await db
        .selectDistinct({ userId: n.userId })
        .from(n)
        .innerJoin(t.users, eq(t.users.id, n.userId))
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(
          withAccess(
            accessFilter(ability, 'view', 'sicknotices', userColumns, { inline: true }),
            inArray(n.userId, userIds),
            gte(n.date, since),
            notExists(
              db
                .select({ one: sql`1` })
                .from(tr)
                .where(and(eq(tr.userId, n.userId), gt(tr.date, n.date), eq(tr.present, true))),
            ),
          ),
        )
      return new Set(rows.map((r) => r.userId))
    },
    /** Work hours per team over a period, by the team each report was made in. */
    async teamHours(db: Db, teamIds: string[], from: string, to: string): Promise<Map<string, number>> {
      if (!teamIds.length) return new Map()
      const rows = await db
        .select({ teamId: tr.teamId, hours: sql<number>`sum(${tr.workHours})`.mapWith(Number) })
        .from(tr)
        .where(and(inArray(tr.teamId, teamIds), gte(tr.date, from), lte(tr.date, to)))
        .groupBy(tr.teamId)
      return new Map(rows.map((r) => [r.teamId!, r.hours]))
    },
    /**
     * Work hours reported in a period by seller, team or office (the team and office each report was made in),
     * within the time reports the reader may see (profitability, docs/decisions/051).
     */
    async hoursBy(
      ability: AppAbility,
      f: { from: string; to: string; officeId?: string; teamId?: string },
      by: 'seller' | 'team' | 'office',
    ): Promise<Map<string, number>> {
      const H = t.timeMonthHours
      // Whole months from the hours by month (under the same rules: it has the same person, team and office), minus
      // or plus days from the reports by the index of their day (periodReads): this month so far is the month less
      // the days to come.
      const plan = periodReads(f.from, f.to)
      const dayKey = { seller: tr.userId, team: tr.teamId, office: tr.officeId }[by]
      const monthKey = { seller: H.userId, team: H.teamId, office: H.officeId }[by]
      // The hours of a range of days (from the reports) or of whole months (from the hours by month), by the key.
      const sumHours = (
        from: { table: typeof tr | typeof H; when: typeof tr.date | typeof H.month; key: SQL; columns: Record<string, AnyColumn | SQL> },
        range: { from: string; to: string },
      ) =>
        plainRows(
          database,
          db
            .select({ key: sql<string | null>`${from.key}`, hours: sql<number>`sum(${from.table.workHours})`.mapWith(Number) })
            .from(from.table)
            .where(
              withAccess(
                accessFilter(ability, 'view', 'time_reports', from.columns, { inline: true }),
                gte(from.when, range.from),
                lte(from.when, range.to),
                f.officeId ? eq(from.table.officeId, f.officeId) : undefined,
                f.teamId ? eq(from.table.teamId, f.teamId) : undefined,
              ),
            )
            .groupBy(from.key),
        )
      // Grouped by a key no index orders: grouped by the column, SQLite walks the index by person and day once per
      // person (5,000 seeks, 20 ms even for days with no reports), where the index by day finds a few days at once.
      const days = { table: tr, when: tr.date, key: unindexed(database.dialect, dayKey), columns: reportColumns }
      const months = {
        table: H,
        when: H.month,
        key: sql`${monthKey}`,
        columns: { sellerId: H.userId, userId: H.userId, teamId: H.teamId, officeId: H.officeId },
      }
      const reads: Array<{ rows: Promise<Array<{ key: string | null; hours: number }>>; sign: 1 | -1 }> = [
        ...plan.add.map((d) => ({ rows: sumHours(days, d), sign: 1 as const })),
        ...plan.subtract.map((d) => ({ rows: sumHours(days, d), sign: -1 as const })),
      ]
      if (plan.months) reads.push({ sign: 1, rows: sumHours(months, plan.months) })
      const out = new Map<string, number>()
      for (const { rows, sign } of reads) for (const r of await rows) out.set(r.key ?? '', (out.get(r.key ?? '') ?? 0) + sign * r.hours)
      for (const [k, h] of out) if (h === 0) out.delete(k)
      return out
    },
    /** Who of them has checked out on a day. */
    async checkedOutOn(db: Db, userIds: string[], date: string): Promise<Set<string>> {
      if (!userIds.length) return new Set()
      const rows = await db
        .select({ userId: t.checkouts.userId })
        .from(t.checkouts)
        .where(and(inArray(t.checkouts.userId, userIds), eq(t.checkouts.date, date)))
      return new Set(rows.map((r) => r.userId))
    },
  }
}

/** What the pay area asks of time reports (its ports): reports, attestation and absence for the exports (decision 029). */
export function payAnswers(ctx: TimeAdminContext) {
  const { tr, a } = ctx
  /** What the pay area asks (its ports, wired in server/composition/areas.ts): reports, attestation and absence for exports. */
  return {
    async reportersOf(tx: Db, from: string, to: string): Promise<string[]> {
      const rows = await tx
        .selectDistinct({ id: tr.userId })
        .from(tr)
        .where(and(gte(tr.date, from), lte(tr.date, to)))
      return rows.map((r) => r.id)
    },
    async reportsOf(tx: Db, userIds: string[], from: string, to: string) {
      if (!userIds.length) return []
      return tx
        .select({
          userId: tr.userId,
          date: tr.date,
          present: tr.present,
          workHours: tr.workHours,
          absenceHours: tr.absenceHours,
          absenceType: tr.absenceType,
          allowanceType: tr.allowanceType,
          travelLocation: tr.travelLocation,
        })
        .from(tr)
        .where(and(inArray(tr.userId, userIds), gte(tr.date, from), lte(tr.date, to)))
    },
    async attestedOf(tx: Db, month: string, userIds: string[]): Promise<Set<string>> {
      if (!userIds.length) return new Set()
      const rows = await tx
        .select({ userId: a.userId })
        .from(a)
        .where(and(eq(a.month, month), inArray(a.userId, userIds), isNotNull(a.attestedAt)))
      return new Set(rows.map((r) => r.userId))
    },
    /** Absence per user and type of a period (filtered), a page of users at a time in user order. */
    async absencePage(
      tx: Db,
      q: { from: string; to: string; absenceType?: string; officeId?: string; teamId?: string; userId?: string },
      afterUserId: string | null,
      limit: number,
    ) {
      // The days of absence in the period, of the type and the team or office asked for.
      const absences = [
        gte(tr.date, q.from),
        lte(tr.date, q.to),
        isNotNull(tr.absenceType),
        sql`${tr.absenceHours} > 0`,
        q.absenceType ? eq(tr.absenceType, q.absenceType as AbsenceType) : undefined,
        q.officeId ? eq(tr.officeId, q.officeId) : undefined,
        q.teamId ? eq(tr.teamId, q.teamId) : undefined,
      ]
      const users = await tx
        .selectDistinct({ id: tr.userId })
        .from(tr)
        .where(and(...absences, q.userId ? eq(tr.userId, q.userId) : undefined, afterUserId ? sql`${tr.userId} > ${afterUserId}` : undefined))
        .orderBy(asc(tr.userId))
        .limit(limit)
      if (!users.length) return []
      const rows = await tx
        .select({
          userId: tr.userId,
          absenceType: tr.absenceType,
          days: count(),
          hours: sql<number>`sum(${tr.absenceHours})`.mapWith(Number),
          first: sql<string>`min(${tr.date})`,
          last: sql<string>`max(${tr.date})`,
        })
        .from(tr)
        .where(
          and(
            inArray(
              tr.userId,
              users.map((u) => u.id),
            ),
            ...absences,
          ),
        )
        .groupBy(tr.userId, tr.absenceType)
        .orderBy(asc(tr.userId), asc(tr.absenceType))
      return rows.map((r) => ({ ...r, absenceType: r.absenceType! }))
    },
  }
}
