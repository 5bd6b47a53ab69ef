import { and, desc, eq, gte, lt } from 'drizzle-orm'
import { sickDaysUntilReturn, wholeSickDay } from '../../../shared/rules/pay'
import type { TimeReportData } from '../../../shared/schemas/time-reports'
import type { Db, Schema } from '../../db/client'
import { preparedWrites } from '../../db/prepared'
import { type MutatorContext } from '../../lib/sync-contract'
import { logActivity } from '../../platform/activity-log'
import { addMonthHours } from './time-reports.hours'
import type { Deps } from '../../platform/deps'

/** What the time-reports area asks other areas (wired in server/composition/areas.ts). */
export type TimeReportsPorts = {
  /** the sales area: a seller's sales of a business day */
  salesOfDay(tx: Db, sellerId: string, date: string): Promise<{ salesCount: number; orderValueOre: number }>
}

/** What the device's time reports share: the tables, whether a month is attested, writing a day, and filling sick days before a notice. */
export function timeReportsContext({ database, events }: Pick<Deps, 'database' | 'events'>, ports: TimeReportsPorts) {
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

  return { database, events, ports, t, read, monthAttested, writeDay, fillSickDaysBefore }
}
export type TimeReportsContext = ReturnType<typeof timeReportsContext>
