import { eq, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Database } from '../../db/client'
import { accessCondition, anyOfRules, readSlice, type AnalyticsResult, type AnalyticsSlice } from '../../db/analytics'

/**
 * The BI assistant's hours (docs/decisions/053): work hours of the time reports by person, team, office and time,
 * within the reports the reader may see (`view time_reports`) and always their own. Whole months from the hours by
 * month (the same person, team and office), the rest from the reports by day. Value: `hours`.
 */
export function hoursAnalytics(database: Database) {
  const { t } = database
  const R = t.timeReports
  const H = t.timeMonthHours
  return async function analytics(ability: AppAbility, userId: string, slice: AnalyticsSlice): Promise<AnalyticsResult> {
    const dayAccess = anyOfRules(
      ability,
      ['time_reports'],
      { sellerId: R.userId, userId: R.userId, teamId: R.teamId, officeId: R.officeId },
      eq(R.userId, userId),
    )!
    const monthAccess = anyOfRules(
      ability,
      ['time_reports'],
      { sellerId: H.userId, userId: H.userId, teamId: H.teamId, officeId: H.officeId },
      eq(H.userId, userId),
    )
    return readSlice(
      database,
      {
        day: {
          table: R,
          grain: 'day',
          date: R.date,
          columns: { seller: R.userId, team: R.teamId, office: R.officeId },
          values: { hours: sql`sum(${R.workHours})` },
          where: accessCondition(dayAccess),
        },
        month: monthAccess && {
          table: H,
          grain: 'month',
          date: H.month,
          columns: { seller: H.userId, team: H.teamId, office: H.officeId },
          values: { hours: sql`sum(${H.workHours})` },
          where: accessCondition(monthAccess),
        },
      },
      slice,
    )
  }
}
