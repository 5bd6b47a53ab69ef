import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Database } from '../../db/client'
import { accessCondition, anyOfRules, readSlice, type AnalyticsResult, type AnalyticsSlice } from '../../db/analytics'

/**
 * The BI assistant's quality (docs/decisions/053): the answered surveys' scores by seller, team, office, provider and
 * the sale's day, within the sales the reader may see (their `view sale_reports` or `view sales` rules, as the
 * quality statistics). Values: `scored` (answered surveys with a score) and `scoreTenthsSum`; the average is theirs.
 */
export function qualityAnalytics(database: Database) {
  const { t } = database
  const S = t.qualitySurveys
  return async function analytics(ability: AppAbility, slice: AnalyticsSlice): Promise<AnalyticsResult> {
    const access = anyOfRules(ability, ['sale_reports', 'sales'], { sellerId: S.sellerId, teamId: S.teamId, officeId: S.officeId })!
    return readSlice(
      database,
      {
        day: {
          table: S,
          grain: 'day',
          date: S.sellDate,
          columns: { seller: S.sellerId, team: S.teamId, office: S.officeId, provider: S.providerId },
          values: { scored: sql`count(*)`, scoreTenthsSum: sql`sum(${S.scoreTenths})` },
          where: and(accessCondition(access), eq(S.status, 'answered'), isNotNull(S.scoreTenths)),
        },
      },
      slice,
    )
  }
}
