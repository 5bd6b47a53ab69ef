import { and, eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { openSickOccasion } from '../../../shared/rules/checkout'
import { sickNoticeDay } from '../../../shared/rules/pay'
import type { checkoutInputSchema, sickNoticeInputSchema, TimeReportData } from '../../../shared/schemas/time-reports'
import type { Db } from '../../db/client'
import { Rejection, type MutatorContext } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import { type TimeReportsContext } from './time-reports.context'

/** The key under which a push keeps the day's checkouts it read (Database.reuse). */
const CHECKOUTS_OF_DAY = 'timeReports.checkoutsOfDay:'

/** What the seller's device sends: a day's time report, the daily checkout, a sick notice; and a day's checkouts. */
export function timeReportsFromDevice(ctx: TimeReportsContext) {
  const { database, events, ports, t, read, monthAttested, writeDay, fillSickDaysBefore } = ctx
  return {
    /** A seller's checkouts of a day (the sales area's checkout rule asks). */
    async checkoutsOfDay(tx: Db, userId: string, date: string) {
      // Asked for every sale a device pushes: prepared once, and read once per push (a checkout in it forgets it).
      return database.reuse(`${CHECKOUTS_OF_DAY}${userId}:${date}`, () =>
        read.rows(
          tx,
          'timeReports.checkoutsOfDay',
          (db) =>
            db
              .select({ date: t.checkouts.date, checkedOutAt: t.checkouts.checkedOutAt })
              .from(t.checkouts)
              .where(and(eq(t.checkouts.userId, sql.placeholder('userId')), eq(t.checkouts.date, sql.placeholder('date')))),
          { userId, date },
        ),
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
      // A sale later in the same push is checked against this checkout.
      database.forget(CHECKOUTS_OF_DAY)
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
