import { and, desc, eq, gte, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { openSickOccasion } from '../../../shared/rules/checkout'
import { sickDaysUntilReturn, sickNoticeDay, wholeSickDay } from '../../../shared/rules/pay'
import type { checkoutInputSchema, sickNoticeInputSchema, TimeReportData } from '../../../shared/schemas/time-reports'
import type { Db, Schema } from '../../db/client'
import { preparedWrites } from '../../db/prepared'
import { Rejection, type MutatorContext } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import { addMonthHours } from './time-reports.hours'
import type { Deps } from '../../platform/deps'

/** What the time-reports area asks other areas (wired in server/composition/areas.ts). */
export type TimeReportsPorts = {
  /** the sales area: a seller's sales of a business day */
  salesOfDay(tx: Db, sellerId: string, date: string): Promise<{ salesCount: number; orderValueOre: number }>
}

/**
 * The time-reports area's one write path: time reports, daily checkouts and sick notices, from a seller's
 * device today and from back office next. Each write runs in the caller's transaction with its activity-log
 * line and its event.
 */
export function timeReportsService({ database, events }: Pick<Deps, 'database' | 'events'>, ports: TimeReportsPorts) {
  const { t } = database
  const read = preparedWrites(database)
  type Row = Schema['timeReports']['$inferSelect']
  type DayValues = Omit<TimeReportData, 'id' | 'date'>

  async function monthAttested(tx: Db, userId: string, date: string) {
    const [attested] = await tx
      .select({ at: t.timeAttestations.attestedAt })
      .from(t.timeAttestations)
      .where(and(eq(t.timeAttestations.userId, userId), eq(t.timeAttestations.month, date.slice(0, 7))))
    return !!attested?.at
  }

  /** Writes the acting seller's report of a day (replacing the one they had), with its hours, log line and event. */
  async function writeDay(ctx: MutatorContext, sameDay: Row | null, newId: string, date: string, input: DayValues) {
    const { tx, actor } = ctx
    const version = await ctx.version()
    const values = {
      present: input.present,
      workHours: input.workHours,
      absenceHours: input.absenceHours,
      absenceType: input.absenceType,
      allowanceType: input.allowanceType,
      travelLocation: input.travelLocation,
      comment: input.comment ?? null,
    }
    const reportId = sameDay?.id ?? newId
    if (sameDay) {
      await tx
        .update(t.timeReports)
        .set({ ...values, version, updatedAt: ctx.now })
        .where(eq(t.timeReports.id, sameDay.id))
    } else {
      await tx.insert(t.timeReports).values({
        id: newId,
        userId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        date,
        ...values,
        version,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      })
    }
    await addMonthHours(
      tx,
      t,
      sameDay ?? { date, userId: actor.id, teamId: actor.teamId, officeId: actor.officeId },
      values.workHours - (sameDay?.workHours ?? 0),
    )
    const before = sameDay
      ? {
          present: sameDay.present,
          workHours: sameDay.workHours,
          absenceHours: sameDay.absenceHours,
          absenceType: sameDay.absenceType,
          allowanceType: sameDay.allowanceType,
          travelLocation: sameDay.travelLocation,
          comment: sameDay.comment,
        }
      : null
    await logActivity(tx, t, {
      at: ctx.now,
      actorId: actor.id,
      entity: 'time_report',
      entityId: reportId,
      action: sameDay ? 'updated' : 'created',
      before,
      after: { date, ...values },
    })
    await events.record(
      tx,
      'timeReport.saved',
      {
        reportId,
        userId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        date,
        present: values.present,
        workHours: values.workHours,
        absenceHours: values.absenceHours,
        absenceType: values.absenceType,
      },
      { actorId: actor.id, at: ctx.now },
    )
  }

  /** The sick days a return to work closes: weekdays after the open notice, before `date`, with no report. */
  async function fillSickDaysBefore(ctx: MutatorContext, date: string) {
    const { tx, actor } = ctx
    const [notice] = await tx
      .select({ date: t.sickNotices.date })
      .from(t.sickNotices)
      .where(and(eq(t.sickNotices.userId, actor.id), lt(t.sickNotices.date, date)))
      .orderBy(desc(t.sickNotices.date))
      .limit(1)
    if (!notice) return
    // Open until this return: no day at work between the notice and it.
    const between = await tx
      .select({ date: t.timeReports.date, present: t.timeReports.present })
      .from(t.timeReports)
      .where(and(eq(t.timeReports.userId, actor.id), gte(t.timeReports.date, notice.date), lt(t.timeReports.date, date)))
    if (between.some((r) => r.present === true && r.date > notice.date)) return
    const days = sickDaysUntilReturn(notice, date, new Set(between.map((r) => r.date)))
    for (const day of days) {
      if (await monthAttested(tx, actor.id, day)) continue
      await writeDay(ctx, null, crypto.randomUUID(), day, { ...wholeSickDay(), comment: null })
    }
  }

  return {
    /** A seller's checkouts of a day (the sales area's checkout rule asks). */
    async checkoutsOfDay(tx: Db, userId: string, date: string) {
      // Asked for every sale a device pushes: prepared once.
      return read.rows(
        tx,
        'timeReports.checkoutsOfDay',
        (db) =>
          db
            .select({ date: t.checkouts.date, checkedOutAt: t.checkouts.checkedOutAt })
            .from(t.checkouts)
            .where(and(eq(t.checkouts.userId, sql.placeholder('userId') as never), eq(t.checkouts.date, sql.placeholder('date') as never))),
        { userId, date },
      )
    },

    /** One report per seller and day: saving again (from this device or another) replaces that day's report. */
    async saveFromDevice(ctx: MutatorContext, report: TimeReportData): Promise<void> {
      const { tx, actor } = ctx
      const [byId] = await tx.select({ userId: t.timeReports.userId, date: t.timeReports.date }).from(t.timeReports).where(eq(t.timeReports.id, report.id))
      if (byId && (byId.userId !== actor.id || byId.date !== report.date)) throw new Rejection('conflict')
      // An attested month is locked (docs/decisions/029): the device knew it too, unless it had not synced since.
      if (await monthAttested(tx, actor.id, report.date)) throw new Rejection('month_attested', {}, { month: report.date.slice(0, 7) })
      const [sameDay] = await tx
        .select()
        .from(t.timeReports)
        .where(and(eq(t.timeReports.userId, actor.id), eq(t.timeReports.date, report.date)))
      const { id: _id, date: _date, ...values } = report
      await writeDay(ctx, sameDay ?? null, report.id, report.date, values)
      // Back at work after a sick notice: the weekdays between that have no report are sick days (decision 060),
      // so the time report, the sick list and every export agree on them.
      if (report.present === true) await fillSickDaysBefore(ctx, report.date)
    },

    /** The day's checkout, once per seller and day; the same checkout again changes nothing. */
    async checkoutFromDevice(ctx: MutatorContext, input: z.output<typeof checkoutInputSchema>): Promise<void> {
      const { tx, actor } = ctx
      const [existing] = await tx
        .select({ id: t.checkouts.id })
        .from(t.checkouts)
        .where(and(eq(t.checkouts.userId, actor.id), eq(t.checkouts.date, input.date)))
      if (existing) {
        if (existing.id === input.id) return
        throw new Rejection('already_checked_out', {}, { date: input.date })
      }
      const [byId] = await tx.select({ id: t.checkouts.id }).from(t.checkouts).where(eq(t.checkouts.id, input.id))
      if (byId) throw new Rejection('conflict')
      const summary = await ports.salesOfDay(tx, actor.id, input.date)
      const [report] = await tx
        .select({ workHours: t.timeReports.workHours })
        .from(t.timeReports)
        .where(and(eq(t.timeReports.userId, actor.id), eq(t.timeReports.date, input.date)))
      const row = {
        id: input.id,
        userId: actor.id,
        date: input.date,
        checkedOutAt: input.checkedOutAt,
        salesCount: summary.salesCount,
        orderValueOre: summary.orderValueOre,
        workHours: report?.workHours ?? 0,
        comment: input.comment,
      }
      await tx.insert(t.checkouts).values({ ...row, version: await ctx.version(), createdAt: ctx.now })
      await logActivity(tx, t, { at: ctx.now, actorId: actor.id, entity: 'checkout', entityId: input.id, action: 'created', after: row })
      await events.record(
        tx,
        'checkout.done',
        { checkoutId: input.id, userId: actor.id, date: input.date, salesCount: row.salesCount, orderValueOre: row.orderValueOre, workHours: row.workHours },
        { actorId: actor.id, at: ctx.now },
      )
    },

    /** A sick notice, one per sick occasion; the same notice again changes nothing. */
    async sickNoticeFromDevice(ctx: MutatorContext, input: z.output<typeof sickNoticeInputSchema>): Promise<void> {
      const { tx, actor } = ctx
      const [byId] = await tx.select({ userId: t.sickNotices.userId }).from(t.sickNotices).where(eq(t.sickNotices.id, input.id))
      if (byId) {
        if (byId.userId === actor.id) return
        throw new Rejection('conflict')
      }
      const notices = await tx.select({ date: t.sickNotices.date, sentAt: t.sickNotices.sentAt }).from(t.sickNotices).where(eq(t.sickNotices.userId, actor.id))
      const reports = await tx
        .select({ date: t.timeReports.date, present: t.timeReports.present })
        .from(t.timeReports)
        .where(eq(t.timeReports.userId, actor.id))
      const open = openSickOccasion(notices, reports)
      if (open) throw new Rejection('already_sick', {}, { date: open.date })
      await tx.insert(t.sickNotices).values({
        id: input.id,
        userId: actor.id,
        teamId: actor.teamId,
        officeId: actor.officeId,
        date: input.date,
        message: input.message,
        sentAt: input.sentAt,
        version: await ctx.version(),
        createdAt: ctx.now,
      })
      // The notice's day becomes sick in the time report too, as the seller said (decision 060); an attested
      // month stays as it is and back office sees the conflict.
      if (!(await monthAttested(tx, actor.id, input.date))) {
        const [day] = await tx
          .select()
          .from(t.timeReports)
          .where(and(eq(t.timeReports.userId, actor.id), eq(t.timeReports.date, input.date)))
        const next = sickNoticeDay(day ?? null, input.sameDay ?? null)
        if (next) await writeDay(ctx, day ?? null, crypto.randomUUID(), input.date, { ...next, comment: day?.comment ?? null })
      }
      await logActivity(tx, t, { at: ctx.now, actorId: actor.id, entity: 'sick_notice', entityId: input.id, action: 'created', after: { date: input.date } })
      await events.record(
        tx,
        'sickNotice.created',
        { noticeId: input.id, userId: actor.id, teamId: actor.teamId, officeId: actor.officeId, date: input.date },
        { actorId: actor.id, at: ctx.now },
      )
    },
  }
}
export type TimeReportsService = ReturnType<typeof timeReportsService>
