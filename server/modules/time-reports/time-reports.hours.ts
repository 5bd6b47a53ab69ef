import { and, eq, sql } from 'drizzle-orm'
import type { Db, Schema } from '../../db/client'

/**
 * Keeps the work hours by month (`time_month_hours`, docs/decisions/051) in the transaction of a time report's change:
 * the difference in work hours is added to the month, person, team and office the report was made in; a row whose
 * hours reach 0 is removed, so the table equals a recount (time-reports.fill.ts).
 */
export async function addMonthHours(
  tx: Db,
  t: Schema,
  report: { date: string; userId: string; teamId: string | null; officeId: string | null },
  delta: number,
): Promise<void> {
  if (delta === 0) return
  const H = t.timeMonthHours
  const key = { month: report.date.slice(0, 7), userId: report.userId, teamId: report.teamId ?? '', officeId: report.officeId ?? '' }
  await tx
    .insert(H)
    .values({ ...key, workHours: delta })
    .onConflictDoUpdate({ target: [H.month, H.userId, H.teamId, H.officeId], set: { workHours: sql`${H.workHours} + excluded.work_hours` } })
  if (delta < 0) {
    await tx.delete(H).where(and(eq(H.month, key.month), eq(H.userId, key.userId), eq(H.teamId, key.teamId), eq(H.officeId, key.officeId), eq(H.workHours, 0)))
  }
}
