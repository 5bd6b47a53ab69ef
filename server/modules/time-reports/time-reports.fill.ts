import { sql } from 'drizzle-orm'
import type { Database, Db, Schema } from '../../db/client'

/**
 * The work hours by month (docs/decisions/051) counted from the time reports: what the time reports' write paths
 * keep up to date change by change, as one SELECT … GROUP BY, the same on both databases. The test of the kept table
 * compares it with this; `fillMonthHours` writes it for reports written without those paths (the seeds' bulk
 * inserts) and migration 0042 for an existing database. No team or office is '' as in the table's keys; a month
 * without hours has no row.
 */
export function monthHoursRecount(db: Db, t: Schema) {
  const r = t.timeReports
  const month = sql<string>`substr(${r.date}, 1, 7)`
  const team = sql<string>`coalesce(${r.teamId}, '')`
  const office = sql<string>`coalesce(${r.officeId}, '')`
  return db
    .select({
      month: month.as('month'),
      userId: r.userId,
      teamId: team.as('team_id'),
      officeId: office.as('office_id'),
      workHours: sql<number>`sum(${r.workHours})`.mapWith(Number).as('work_hours'),
    })
    .from(r)
    .groupBy(month, r.userId, team, office)
    .having(sql`sum(${r.workHours}) <> 0`)
}

/** The hours by month written again from the time reports, replacing what was there: in the caller's transaction, or its own. */
export async function fillMonthHours(database: Database, tx?: Db): Promise<void> {
  const { t } = database
  if (!tx) return database.transaction((own) => fillMonthHours(database, own))
  await tx.delete(t.timeMonthHours)
  await tx.insert(t.timeMonthHours).select(monthHoursRecount(tx, t))
}
