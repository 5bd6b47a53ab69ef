import { subject } from '@casl/ability'
import { and, asc, count, desc, eq, exists, gt, gte, inArray, isNotNull, isNull, lte, notExists, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { attestationRefusal, SICK_NOW_DAYS, sickDayConflicts, sickOccasions, sickPeriods, wholeSickDay, type SickDayConflict } from '../../../shared/rules/pay'
import { timeReportViolations, type AbsenceType, type AllowanceType } from '../../../shared/rules/time-report'
import { addDays, businessDay, businessMonth, isWeekend, monthRange, periodReads } from '../../../shared/rules/work'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type {
  AttestAnswer,
  AttestationRow,
  CorrectTimeReportInput,
  SickListQuery,
  SickPeriodRow,
  TimeReportDetail,
  TimeReportListItem,
  TimeReportListQuery,
} from '../../../shared/schemas/time-reports'
import { changeVersions, nextChangeVersion } from '../../db/change-counter'
import type { Db, Schema } from '../../db/client'
import { accessFilter, unindexed, withAccess } from '../../db/conditions'
import { userOfficeId } from '../../db/expressions'
import { literalLimit, preparedReads } from '../../db/prepared'
import { ApiError, forbidden, notFound } from '../../lib/errors'
import { activityLines, changedFields, logActivity } from '../../platform/activity-log'
import { addMonthHours } from './time-reports.hours'
import type { Deps } from '../../platform/deps'
import { plainRows } from '../../db/plain-rows'
import { hoursAnalytics } from './time-reports.analytics'

type Actor = { id: string; ability: AppAbility }
type ReportRow = Schema['timeReports']['$inferSelect']

const violationsOf = (r: Pick<ReportRow, 'present' | 'workHours' | 'absenceHours' | 'absenceType' | 'allowanceType' | 'travelLocation'>) =>
  timeReportViolations({
    present: r.present,
    workHours: r.workHours,
    absenceHours: r.absenceHours,
    absenceType: r.absenceType,
    allowanceType: r.allowanceType,
    travelLocation: r.travelLocation,
  }).map((v) => v.rule)

/**
 * Back office's side of time reports (issue 15, docs/decisions/029): the period's reports with filters, a report's
 * page and its correction (the seller's rules, logged, pulled by the seller's device), the month's attestation per
 * seller (a coach their teams', back office anyone's; reopened only by back office, with a reason), and who is sick.
 */
export function timeReportsAdmin({ database, events }: Pick<Deps, 'database' | 'events'>) {
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

  return {
    /** The BI assistant's hours (docs/decisions/053). */
    analytics: hoursAnalytics(database),
    /** What the dashboards ask (their ports, wired in server/composition/areas.ts): hours worked and who checked out (decision 049). */
    forDashboards: {
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
        // Grouped by a key no index orders: grouped by the column, SQLite walks the index by person and day once per
        // person (5,000 seeks, 20 ms even for days with no reports), where the index by day finds a few days at once.
        const dayRead = (d: { from: string; to: string }) =>
          plainRows(
            database,
            db
              .select({ key: sql<string | null>`${dayKey}`, hours: sql<number>`sum(${tr.workHours})`.mapWith(Number) })
              .from(tr)
              .where(
                withAccess(
                  accessFilter(ability, 'view', 'time_reports', reportColumns, { inline: true }),
                  gte(tr.date, d.from),
                  lte(tr.date, d.to),
                  f.officeId ? eq(tr.officeId, f.officeId) : undefined,
                  f.teamId ? eq(tr.teamId, f.teamId) : undefined,
                ),
              )
              .groupBy(unindexed(database.dialect, dayKey)),
          )
        const reads: Array<{ rows: Promise<Array<{ key: string | null; hours: number }>>; sign: 1 | -1 }> = [
          ...plan.add.map((d) => ({ rows: dayRead(d), sign: 1 as const })),
          ...plan.subtract.map((d) => ({ rows: dayRead(d), sign: -1 as const })),
        ]
        if (plan.months) {
          const columns = { sellerId: H.userId, userId: H.userId, teamId: H.teamId, officeId: H.officeId }
          reads.push({
            sign: 1,
            rows: plainRows(
              database,
              db
                .select({ key: sql<string | null>`${monthKey}`, hours: sql<number>`sum(${H.workHours})`.mapWith(Number) })
                .from(H)
                .where(
                  withAccess(
                    accessFilter(ability, 'view', 'time_reports', columns, { inline: true }),
                    gte(H.month, plan.months.from),
                    lte(H.month, plan.months.to),
                    f.officeId ? eq(H.officeId, f.officeId) : undefined,
                    f.teamId ? eq(H.teamId, f.teamId) : undefined,
                  ),
                )
                .groupBy(monthKey),
            ),
          })
        }
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
    },

    /** What the pay area asks (its ports, wired in server/composition/areas.ts): reports, attestation and absence for exports. */
    forPay: {
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
        const users = await tx
          .selectDistinct({ id: tr.userId })
          .from(tr)
          .where(
            and(
              gte(tr.date, q.from),
              lte(tr.date, q.to),
              isNotNull(tr.absenceType),
              sql`${tr.absenceHours} > 0`,
              q.absenceType ? eq(tr.absenceType, q.absenceType as AbsenceType) : undefined,
              q.officeId ? eq(tr.officeId, q.officeId) : undefined,
              q.teamId ? eq(tr.teamId, q.teamId) : undefined,
              q.userId ? eq(tr.userId, q.userId) : undefined,
              afterUserId ? sql`${tr.userId} > ${afterUserId}` : undefined,
            ),
          )
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
              gte(tr.date, q.from),
              lte(tr.date, q.to),
              isNotNull(tr.absenceType),
              sql`${tr.absenceHours} > 0`,
              q.absenceType ? eq(tr.absenceType, q.absenceType as AbsenceType) : undefined,
              q.officeId ? eq(tr.officeId, q.officeId) : undefined,
              q.teamId ? eq(tr.teamId, q.teamId) : undefined,
            ),
          )
          .groupBy(tr.userId, tr.absenceType)
          .orderBy(asc(tr.userId), asc(tr.absenceType))
        return rows.map((r) => ({ ...r, absenceType: r.absenceType! }))
      },
    },

    /** Whether a user's day is locked (its month attested): the device's save and back office's correction ask. */
    async locked(tx: Db, userId: string, date: string) {
      return (await attestedAtOf(tx, userId, date.slice(0, 7))) !== null
    },

    async list(ability: AppAbility, q: TimeReportListQuery): Promise<ListAnswer<TimeReportListItem>> {
      const filter = accessFilter(ability, 'view', 'time_reports', reportColumns)
      const p = (name: string) => sql.placeholder(name)
      const { from, to } = monthRange(q.month)
      const values: Record<string, unknown> = { ...filter.params, from, to, month: q.month, offset: (q.page - 1) * q.itemsPerPage }
      const shape: string[] = [filter.shape]
      const conditions: Array<SQL | undefined> = [gte(tr.date, p('from') as never), lte(tr.date, p('to') as never)]
      const add = (name: string, value: unknown, condition: SQL) => {
        values[name] = value
        shape.push(name)
        conditions.push(condition)
      }
      if (q.officeId) add('office', q.officeId, eq(tr.officeId, p('office') as never))
      if (q.teamId) add('team', q.teamId, eq(tr.teamId, p('team') as never))
      if (q.userId) add('user', q.userId, eq(tr.userId, p('user') as never))
      if (q.allowanceType !== undefined) add('allowance', q.allowanceType, eq(tr.allowanceType, p('allowance') as never))
      if (q.absenceType === 'none') {
        shape.push('noAbsence')
        conditions.push(isNull(tr.absenceType))
      } else if (q.absenceType) add('absence', q.absenceType, eq(tr.absenceType, p('absence') as never))
      if (q.attested) {
        shape.push(`attested:${q.attested}`)
        conditions.push(q.attested === 'true' ? isNotNull(a.attestedAt) : isNull(a.attestedAt))
      }
      if (q.q)
        add(
          'q',
          `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
          sql`lower(${t.users.firstName} || ' ' || ${t.users.lastName}) like ${p('q')} escape '\\'`,
        )
      const where = withAccess(filter, ...conditions)
      const sortKey = q.sortBy && Object.hasOwn(sorts, q.sortBy) ? q.sortBy : 'date'
      const sort = sorts[sortKey]!
      const direction = q.sortBy ? q.orderBy : 'desc'
      const key = `${shape.join('|')}|${sortKey}|${direction}|${q.itemsPerPage}`
      const [rows, [counted]] = await Promise.all([
        read(
          `timeReports.rows|${key}`,
          () =>
            db
              .select({ r: tr, first: t.users.firstName, last: t.users.lastName, teamName: t.teams.name, attestedAt: a.attestedAt })
              .from(tr)
              .innerJoin(t.users, eq(t.users.id, tr.userId))
              .leftJoin(t.teams, eq(t.teams.id, tr.teamId))
              .leftJoin(a, and(eq(a.userId, tr.userId), eq(a.month, p('month') as never)))
              .where(where)
              .orderBy(direction === 'desc' ? desc(sort) : asc(sort), direction === 'desc' ? desc(tr.id) : asc(tr.id))
              .limit(literalLimit(q.itemsPerPage))
              .offset(p('offset') as never),
          values,
        ),
        // Counted up to the cap (a month of everyone is tens of thousands of days): "more than" past it (decision 023).
        read(
          `timeReports.count|${shape.join('|')}`,
          () =>
            db.select({ n: count() }).from(
              db
                .select({ one: sql`1` })
                .from(tr)
                .innerJoin(t.users, eq(t.users.id, tr.userId))
                .leftJoin(a, and(eq(a.userId, tr.userId), eq(a.month, p('month') as never)))
                .where(where)
                .limit(literalLimit(LIST_COUNT_CAP + 1))
                .as('capped'),
            ),
          values,
        ),
      ])
      const n = counted?.n ?? 0
      return {
        items: rows.map((x) => listItem(x.r, { first: x.first, last: x.last, teamName: x.teamName }, x.attestedAt)),
        total: Math.min(n, LIST_COUNT_CAP),
        totalCapped: n > LIST_COUNT_CAP,
        page: q.page,
        itemsPerPage: q.itemsPerPage,
      }
    },

    async detail(ability: AppAbility, id: string): Promise<TimeReportDetail | null> {
      const [x] = await db
        .select({ r: tr, first: t.users.firstName, last: t.users.lastName, teamName: t.teams.name, officeName: t.offices.name })
        .from(tr)
        .innerJoin(t.users, eq(t.users.id, tr.userId))
        .leftJoin(t.teams, eq(t.teams.id, tr.teamId))
        .leftJoin(t.offices, eq(t.offices.id, tr.officeId))
        .where(eq(tr.id, id))
      if (
        !x ||
        !ability.can('view', subject('time_reports', { sellerId: x.r.userId, userId: x.r.userId, teamId: x.r.teamId, officeId: x.r.officeId }) as never)
      )
        return null
      const attestedAt = await attestedAtOf(db, x.r.userId, x.r.date.slice(0, 7))
      return {
        ...listItem(x.r, x, attestedAt),
        officeName: x.officeName,
        createdAt: x.r.createdAt,
        locked: attestedAt !== null,
        activity: await activityLines(database, 'time_report', id),
      }
    },

    /**
     * Back office corrects a day: the seller's rules (the schema ran them), against the version read (409 with the
     * current report), never in an attested month (409 until reopened); logged with the reason, pulled by the device.
     */
    async correct(actor: Actor, id: string, input: CorrectTimeReportInput & { version: number; reason: string }, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(tr).where(eq(tr.id, id))
        const who = row && { sellerId: row.userId, userId: row.userId, teamId: row.teamId, officeId: row.officeId }
        if (!row || !actor.ability.can('view', subject('time_reports', who!) as never)) throw notFound()
        if (!actor.ability.can('update', subject('time_reports', who!) as never)) throw forbidden()
        if (await attestedAtOf(tx, row.userId, row.date.slice(0, 7))) throw new ApiError(409, 'month_attested', { params: { month: row.date.slice(0, 7) } })
        if (row.version !== input.version) throw new ApiError(409, 'version_conflict', { details: { current: { ...row } } })
        const next = {
          present: input.present ?? null,
          workHours: input.workHours,
          absenceHours: input.absenceHours,
          absenceType: (input.absenceType ?? null) as AbsenceType | null,
          allowanceType: (input.allowanceType ?? null) as AllowanceType | null,
          travelLocation: input.travelLocation?.trim() || null,
          comment: input.comment?.trim() || null,
        }
        const diff = changedFields(row as unknown as Record<string, unknown>, next)
        const fields = Object.keys(diff.after)
        if (fields.length === 0) return { id, version: row.version }
        const version = await nextChangeVersion(tx, t, row.userId)
        await tx
          .update(tr)
          .set({ ...next, version, updatedAt: now })
          .where(eq(tr.id, id))
        await addMonthHours(tx, t, row, next.workHours - row.workHours)
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'time_report',
          entityId: id,
          action: 'backoffice_corrected',
          before: diff.before,
          after: diff.after,
          reason: input.reason,
        })
        await events.record(
          tx,
          'timeReport.corrected',
          { reportId: id, userId: row.userId, date: row.date, fields, reason: input.reason },
          { actorId: actor.id, at: now },
        )
        await events.record(
          tx,
          'timeReport.saved',
          {
            reportId: id,
            userId: row.userId,
            teamId: row.teamId,
            officeId: row.officeId,
            date: row.date,
            present: next.present,
            workHours: next.workHours,
            absenceHours: next.absenceHours,
            absenceType: next.absenceType,
          },
          { actorId: actor.id, at: now },
        )
        return { id, version }
      })
    },

    /** The month per seller: what they reported, which days break the rules, whether it is attested and by whom. */
    async attestations(ability: AppAbility, q: { month: string; officeId?: string; teamId?: string }, now = Date.now()): Promise<AttestationRow[]> {
      const filter = accessFilter(ability, 'view', 'time_reports', userColumns)
      const { from, to } = monthRange(q.month)
      const p = (name: string) => sql.placeholder(name)
      const people = await read(
        `timeReports.attestations|${filter.shape}|${q.teamId ? 't' : ''}|${q.officeId ? 'o' : ''}`,
        () =>
          db
            .select({
              id: t.users.id,
              first: t.users.firstName,
              last: t.users.lastName,
              teamId: t.users.teamId,
              teamName: t.teams.name,
              officeId: officeOfUser,
            })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(
              withAccess(
                filter,
                q.teamId ? eq(t.users.teamId, p('team') as never) : undefined,
                q.officeId ? eq(officeOfUser, p('office') as never) : undefined,
                // Each person's own rows, by their index (a team is a few dozen lookups, not a month's scan).
                or(
                  exists(
                    db
                      .select({ one: sql`1` })
                      .from(tr)
                      .where(and(eq(tr.userId, t.users.id), gte(tr.date, p('from') as never), lte(tr.date, p('to') as never))),
                  ),
                  exists(
                    db
                      .select({ one: sql`1` })
                      .from(a)
                      .where(and(eq(a.userId, t.users.id), eq(a.month, p('month') as never))),
                  ),
                ),
              ),
            )
            .orderBy(asc(t.teams.name), asc(t.users.firstName), asc(t.users.lastName)),
        { ...filter.params, team: q.teamId, office: q.officeId, from, to, month: q.month },
      )
      if (!people.length) return []
      const ids = people.map((p) => p.id)
      const byUser = new Map<string, { days: number; work: number; absence: number; invalid: string[] }>()
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500)
        const reports = await db
          .select()
          .from(tr)
          .where(and(inArray(tr.userId, chunk), gte(tr.date, from), lte(tr.date, to)))
        for (const r of reports) {
          const s = byUser.get(r.userId) ?? { days: 0, work: 0, absence: 0, invalid: [] }
          s.days++
          s.work += r.workHours
          s.absence += r.absenceHours
          if (violationsOf(r).length) s.invalid.push(r.date)
          byUser.set(r.userId, s)
        }
      }
      const sick = await sickConflictsOf(db, ids, q.month, now)
      const marks = new Map<string, Schema['timeAttestations']['$inferSelect']>()
      for (let i = 0; i < ids.length; i += 500) {
        for (const m of await db
          .select()
          .from(a)
          .where(and(eq(a.month, q.month), inArray(a.userId, ids.slice(i, i + 500)))))
          marks.set(m.userId, m)
      }
      const actorIds = [...new Set([...marks.values()].flatMap((m) => [m.attestedById, m.reopenedById]).filter((x): x is string => !!x))]
      const names = new Map<string, string>()
      if (actorIds.length)
        for (const u of await db
          .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName })
          .from(t.users)
          .where(inArray(t.users.id, actorIds)))
          names.set(u.id, `${u.first} ${u.last}`)
      return people.map((p) => {
        const s = byUser.get(p.id) ?? { days: 0, work: 0, absence: 0, invalid: [] }
        const m = marks.get(p.id)
        return {
          userId: p.id,
          name: `${p.first} ${p.last}`,
          teamId: p.teamId,
          teamName: p.teamName,
          days: s.days,
          workHours: s.work,
          absenceHours: s.absence,
          invalidDates: s.invalid.sort(),
          sickConflicts: sick.get(p.id) ?? [],
          attestedAt: m?.attestedAt ?? null,
          attestedBy: m?.attestedById ? (names.get(m.attestedById) ?? null) : null,
          reopenedAt: m?.reopenedAt ?? null,
          reopenedBy: m?.reopenedById ? (names.get(m.reopenedById) ?? null) : null,
          reopenReason: m?.reopenReason ?? null,
          mayAttest: ability.can('create', subject('time_attestations', { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId }) as never),
        }
      })
    },

    /**
     * Attests a month for each of the users named, each within the actor's rules (a coach: their teams); a user
     * whose month has not begun, is attested already, or has reports that break the rules is refused with why.
     * One transaction: the rows, their log lines and events; the devices pull the lock.
     */
    async attest(actor: Actor, month: string, userIds: string[], now = Date.now()): Promise<AttestAnswer> {
      return database.transaction(async (tx) => {
        const answer: AttestAnswer = { attested: [], refused: [] }
        const unique = [...new Set(userIds)]
        const people = new Map<string, { id: string; first: string; last: string; teamId: string | null; officeId: string | null }>()
        for (let i = 0; i < unique.length; i += 500)
          for (const p of await tx
            .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, teamId: t.users.teamId, officeId: officeOfUser })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(inArray(t.users.id, unique.slice(i, i + 500))))
            people.set(p.id, p)
        const { from, to } = monthRange(month)
        const versions = changeVersions(tx, t)
        for (const userId of unique) {
          const p = people.get(userId)
          const who = p && { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId }
          if (!p || !actor.ability.can('create', subject('time_attestations', who!) as never)) throw forbidden()
          const [mark] = await tx
            .select()
            .from(a)
            .where(and(eq(a.userId, userId), eq(a.month, month)))
          const reports = await tx
            .select()
            .from(tr)
            .where(and(eq(tr.userId, userId), gte(tr.date, from), lte(tr.date, to)))
          const refusal = attestationRefusal({
            month,
            currentMonth: businessMonth(now),
            attested: !!mark?.attestedAt,
            invalidDates: reports.filter((r) => violationsOf(r).length > 0).map((r) => r.date),
            sickConflictDates: ((await sickConflictsOf(tx, [userId], month, now)).get(userId) ?? []).map((c) => c.date),
          })
          if (refusal) {
            answer.refused.push({ userId, name: `${p.first} ${p.last}`, ...refusal })
            continue
          }
          const version = await versions(userId)
          const id = mark?.id ?? crypto.randomUUID()
          if (mark)
            await tx
              .update(a)
              .set({ attestedAt: now, attestedById: actor.id, teamId: p.teamId, officeId: p.officeId, version, updatedAt: now })
              .where(eq(a.id, id))
          else
            await tx
              .insert(a)
              .values({ id, userId, teamId: p.teamId, officeId: p.officeId, month, attestedAt: now, attestedById: actor.id, version, updatedAt: now })
          await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'time_attestation', entityId: id, action: 'attested', after: { userId, month } })
          await events.record(tx, 'timeAttestation.changed', { userId, month, attested: true, reason: null }, { actorId: actor.id, at: now })
          answer.attested.push(userId)
        }
        return answer
      })
    },

    /**
     * Back office writes the sick days a seller's notices call sick and no report shows (decision 060): each a
     * whole sick day, in the seller's name as a correction, logged and pulled by their device. Days already reported
     * (a worked day under a notice) are corrected one by one on their report. The dates written.
     */
    async recordSickDays(actor: Actor, input: { month: string; userId: string }, now = Date.now()): Promise<{ dates: string[] }> {
      return database.transaction(async (tx) => {
        const [p] = await tx
          .select({ id: t.users.id, teamId: t.users.teamId, officeId: officeOfUser })
          .from(t.users)
          .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
          .where(eq(t.users.id, input.userId))
        const who = p && { sellerId: p.id, userId: p.id, teamId: p.teamId, officeId: p.officeId }
        if (!p || !actor.ability.can('view', subject('time_reports', who!) as never)) throw notFound()
        if (!actor.ability.can('update', subject('time_reports', who!) as never)) throw forbidden()
        if (await attestedAtOf(tx, p.id, input.month)) throw new ApiError(409, 'month_attested', { params: { month: input.month } })
        const dates = ((await sickConflictsOf(tx, [p.id], input.month, now)).get(p.id) ?? []).filter((c) => c.kind === 'unreported').map((c) => c.date)
        if (!dates.length) return { dates }
        const version = await nextChangeVersion(tx, t, p.id)
        for (const date of dates) {
          const id = crypto.randomUUID()
          const day = wholeSickDay()
          await tx
            .insert(tr)
            .values({ id, userId: p.id, teamId: p.teamId, officeId: p.officeId, date, ...day, comment: null, version, createdAt: now, updatedAt: now })
          await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'time_report', entityId: id, action: 'backoffice_corrected', after: { date, ...day } })
          await events.record(
            tx,
            'timeReport.saved',
            {
              reportId: id,
              userId: p.id,
              teamId: p.teamId,
              officeId: p.officeId,
              date,
              present: day.present,
              workHours: day.workHours,
              absenceHours: day.absenceHours,
              absenceType: day.absenceType,
            },
            { actorId: actor.id, at: now },
          )
        }
        return { dates }
      })
    },

    /** Back office reopens an attested month with a reason: the seller may change it again; kept in the log. */
    async reopen(actor: Actor, input: { month: string; userId: string; reason: string }, now = Date.now()) {
      if (!actor.ability.can('update', 'time_attestations')) throw forbidden()
      return database.transaction(async (tx) => {
        const [mark] = await tx
          .select()
          .from(a)
          .where(and(eq(a.userId, input.userId), eq(a.month, input.month)))
        if (!mark?.attestedAt) throw new ApiError(409, 'conflict')
        const version = await nextChangeVersion(tx, t, mark.userId)
        await tx
          .update(a)
          .set({ attestedAt: null, reopenedAt: now, reopenedById: actor.id, reopenReason: input.reason, version, updatedAt: now })
          .where(eq(a.id, mark.id))
        await logActivity(tx, t, {
          at: now,
          actorId: actor.id,
          entity: 'time_attestation',
          entityId: mark.id,
          action: 'reopened',
          before: { attestedAt: mark.attestedAt },
          after: { userId: input.userId, month: input.month },
          reason: input.reason,
        })
        await events.record(
          tx,
          'timeAttestation.changed',
          { userId: input.userId, month: input.month, attested: false, reason: input.reason },
          { actorId: actor.id, at: now },
        )
      })
    },

    /**
     * Who is sick (still going) or has come back within `days`: their sick periods by the Swedish rules (a new
     * sickness within 5 days continues the period; a period over 7 days needs a medical certificate from day 8).
     */
    async sickList(ability: AppAbility, q: SickListQuery, now = Date.now()): Promise<SickPeriodRow[]> {
      const today = businessDay(now)
      // Far enough back to see a period that began before the window and the earlier sickness it may continue.
      const since = addDays(today, -(q.days + 60))
      const filter = accessFilter(ability, 'view', 'sicknotices', userColumns)
      const p = (name: string) => sql.placeholder(name)
      const people = await read(
        `timeReports.sick|${filter.shape}|${q.state === 'sick' ? 'open' : 'window'}|${q.teamId ? 't' : ''}|${q.officeId ? 'o' : ''}`,
        () =>
          db
            .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, phone: t.users.phone, teamName: t.teams.name })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(
              withAccess(
                filter,
                // Who can be on the list: sick now is a notice nobody has come back from (sick days alone end
                // with the last one reported); come back lately is a notice of the window or sick days since the cutoff.
                q.state === 'sick'
                  ? inArray(
                      t.users.id,
                      db
                        .select({ id: t.sickNotices.userId })
                        .from(t.sickNotices)
                        .where(
                          and(
                            gte(t.sickNotices.date, p('since') as never),
                            notExists(
                              db
                                .select({ one: sql`1` })
                                .from(tr)
                                .where(and(eq(tr.userId, t.sickNotices.userId), gt(tr.date, t.sickNotices.date), eq(tr.present, true))),
                            ),
                          ),
                        ),
                    )
                  : or(
                      inArray(
                        t.users.id,
                        db
                          .select({ id: t.sickNotices.userId })
                          .from(t.sickNotices)
                          .where(gte(t.sickNotices.date, p('since') as never)),
                      ),
                      inArray(
                        t.users.id,
                        db
                          .select({ id: tr.userId })
                          .from(tr)
                          .where(and(eq(tr.absenceType, 'sick'), gte(tr.date, p('cutoff') as never))),
                      ),
                    ),
                q.teamId ? eq(t.users.teamId, p('team') as never) : undefined,
                q.officeId ? eq(officeOfUser, p('office') as never) : undefined,
              ),
            ),
        { ...filter.params, since, cutoff: addDays(today, -q.days), team: q.teamId, office: q.officeId },
      )
      const rows: SickPeriodRow[] = []
      for (let i = 0; i < people.length; i += 500) {
        const chunk = people.slice(i, i + 500)
        const ids = chunk.map((p) => p.id)
        // Their notices, each with the first day at work after it (what ends it), and their sick days: not every
        // day they worked.
        const [notices, sickDays] = await Promise.all([
          db
            .select({
              userId: t.sickNotices.userId,
              date: t.sickNotices.date,
              message: t.sickNotices.message,
              sentAt: t.sickNotices.sentAt,
              back: sql<string | null>`(${db
                .select({ d: sql`min(${tr.date})` })
                .from(tr)
                .where(and(eq(tr.userId, t.sickNotices.userId), gt(tr.date, t.sickNotices.date), eq(tr.present, true)))})`,
            })
            .from(t.sickNotices)
            .where(and(inArray(t.sickNotices.userId, ids), gte(t.sickNotices.date, since))),
          db
            .select({ userId: tr.userId, date: tr.date, present: tr.present, absenceType: tr.absenceType })
            .from(tr)
            .where(and(eq(tr.absenceType, 'sick'), gte(tr.date, since), inArray(tr.userId, ids))),
        ])
        const reports = [...sickDays, ...notices.filter((n) => n.back).map((n) => ({ userId: n.userId, date: n.back!, present: true, absenceType: null }))]
        const reportsOf = groupBy(reports, (r) => r.userId)
        const noticesOf = groupBy(notices, (n) => n.userId)
        for (const p of chunk) {
          const own = reportsOf.get(p.id) ?? []
          const mine = noticesOf.get(p.id) ?? []
          for (const period of sickPeriods(sickOccasions(mine, own, today), today)) {
            // Back on the first day at work after it when a notice says so; else the next weekday after the last sick day.
            const returnedOn = period.end === null ? null : (own.find((r) => r.present === true && r.date > period.end!)?.date ?? nextWeekday(period.end))
            const still = period.end === null
            if (q.state === 'sick' && !still) continue
            if (q.state === 'returned' && (still || period.end! < addDays(today, -q.days))) continue
            if (q.state === 'all' && !still && period.end! < addDays(today, -q.days)) continue
            const message = mine
              .filter((n) => n.date >= period.start && (period.end === null || n.date <= period.end))
              .sort((x, y) => y.sentAt - x.sentAt)[0]?.message
            rows.push({
              userId: p.id,
              name: `${p.first} ${p.last}`,
              teamName: p.teamName,
              phone: p.phone,
              start: period.start,
              end: period.end,
              returnedOn,
              days: period.days,
              continued: period.continued,
              certificateFrom: period.certificateFrom,
              message: message ?? null,
            })
          }
        }
      }
      // Still sick first, the longest first; then the most recently returned.
      return rows.sort(
        (x, y) => Number(y.end === null) - Number(x.end === null) || (x.end === null ? y.days - x.days : (y.end ?? '').localeCompare(x.end ?? '')),
      )
    },
  }
}
export type TimeReportsAdmin = ReturnType<typeof timeReportsAdmin>

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = out.get(k)
    if (list) list.push(row)
    else out.set(k, [row])
  }
  return out
}

function nextWeekday(date: string): string {
  let d = addDays(date, 1)
  while (isWeekend(d)) d = addDays(d, 1)
  return d
}
