import { subject } from '@casl/ability'
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import { type AbsenceType, type AllowanceType } from '../../../shared/rules/time-report'
import { monthRange } from '../../../shared/rules/work'
import { LIST_COUNT_CAP, type ListAnswer } from '../../../shared/schemas/pagination'
import type { CorrectTimeReportInput, TimeReportDetail, TimeReportListItem, TimeReportListQuery } from '../../../shared/schemas/time-reports'
import { nextChangeVersion } from '../../db/change-counter'
import type { Db } from '../../db/client'
import { accessFilter, unindexed, withAccess } from '../../db/conditions'
import { literalLimit } from '../../db/prepared'
import { ApiError, forbidden, notFound } from '../../lib/errors'
import { activityLines, changedFields, logActivity } from '../../platform/activity-log'
import { addMonthHours } from './time-reports.hours'

import { type Actor, type TimeAdminContext } from './time-reports.admin-context'

/** Back office's time reports: the period's list with its filters, a report's page, whether a day is locked. */
export function timeReportReads(ctx: TimeAdminContext) {
  const { database, db, t, read, tr, a, reportColumns, sorts, listItem, attestedAtOf } = ctx
  return {
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
      const conditions: Array<SQL | undefined> = [gte(tr.date, p('from')), lte(tr.date, p('to'))]
      const add = (name: string, value: unknown, condition: SQL) => {
        values[name] = value
        shape.push(name)
        conditions.push(condition)
      }
      if (q.officeId) add('office', q.officeId, eq(tr.officeId, p('office')))
      if (q.teamId) add('team', q.teamId, eq(tr.teamId, p('team')))
      if (q.userId) add('user', q.userId, eq(tr.userId, p('user')))
      if (q.allowanceType !== undefined) add('allowance', q.allowanceType, eq(tr.allowanceType, p('allowance')))
      if (q.absenceType === 'none') {
        shape.push('noAbsence')
        conditions.push(isNull(tr.absenceType))
      } else if (q.absenceType) add('absence', q.absenceType, eq(tr.absenceType, p('absence')))
      if (q.attested) {
        shape.push(`attested:${q.attested}`)
        conditions.push(q.attested === 'true' ? isNotNull(a.attestedAt) : isNull(a.attestedAt))
        if (q.attested === 'false') {
          // The month's not attested days are found from the people whose month is not attested (few, once back office
          // has attested most), by person and day, rather than by walking every day of the month and dropping the
          // attested: at a million sales' organisation that was a month of everyone's days for an empty answer.
          conditions[0] = gte(unindexed(database.dialect, tr.date), p('from'))
          conditions[1] = lte(unindexed(database.dialect, tr.date), p('to'))
          conditions.push(
            inArray(
              tr.userId,
              db
                .select({ id: t.users.id })
                .from(t.users)
                .where(
                  notExists(
                    db
                      .select({ one: sql`1` })
                      .from(a)
                      .where(and(eq(a.userId, t.users.id), eq(a.month, p('month')), isNotNull(a.attestedAt))),
                  ),
                ),
            ),
          )
        }
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
              .leftJoin(a, and(eq(a.userId, tr.userId), eq(a.month, p('month'))))
              .where(where)
              .orderBy(direction === 'desc' ? desc(sort) : asc(sort), direction === 'desc' ? desc(tr.id) : asc(tr.id))
              .limit(literalLimit(q.itemsPerPage))
              .offset(p('offset')),
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
                .leftJoin(a, and(eq(a.userId, tr.userId), eq(a.month, p('month'))))
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
      if (!x || !ability.can('view', subject('time_reports', { sellerId: x.r.userId, userId: x.r.userId, teamId: x.r.teamId, officeId: x.r.officeId })))
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
  }
}

/** Back office's correction of a report: the seller's rules, logged, pulled by the seller's device. */
export function timeReportCorrection(ctx: TimeAdminContext) {
  const { database, t, events, tr, attestedAtOf } = ctx
  return {
    /**
     * Back office corrects a day: the seller's rules (the schema ran them), against the version read (409 with the
     * current report), never in an attested month (409 until reopened); logged with the reason, pulled by the device.
     */
    async correct(actor: Actor, id: string, input: CorrectTimeReportInput & { version: number; reason: string }, now = Date.now()) {
      return database.transaction(async (tx) => {
        const [row] = await tx.select().from(tr).where(eq(tr.id, id))
        const who = row && { sellerId: row.userId, userId: row.userId, teamId: row.teamId, officeId: row.officeId }
        if (!row || !actor.ability.can('view', subject('time_reports', who!))) throw notFound()
        if (!actor.ability.can('update', subject('time_reports', who!))) throw forbidden()
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
  }
}
