import { isNotNull, sql } from 'drizzle-orm'
import type { Database, Db, Schema } from '../../db/client'

/**
 * The satisfaction index by month (docs/decisions/051) counted from the surveys: what the quality area keeps up to
 * date answer by answer, as one SELECT … GROUP BY, the same on both databases. The quality test compares the kept
 * table with it; `fillQualityNki` writes it for surveys written without the service (the seeds' bulk inserts) and
 * migration 0044 for an existing database.
 */
export function qualityNkiRecount(db: Db, t: Schema) {
  const q = t.qualitySurveys
  const month = sql<string>`substr(${q.sellDate}, 1, 7)`
  const team = sql<string>`coalesce(${q.teamId}, '')`
  const office = sql<string>`coalesce(${q.officeId}, '')`
  return db
    .select({
      month: month.as('month'),
      sellerId: q.sellerId,
      teamId: team.as('team_id'),
      officeId: office.as('office_id'),
      answers: sql<number>`count(*)`.mapWith(Number).as('answers'),
      nkiTenthsSum: sql<number>`sum(${q.nkiTenths})`.mapWith(Number).as('nki_tenths_sum'),
    })
    .from(q)
    .where(isNotNull(q.nkiTenths))
    .groupBy(month, q.sellerId, team, office)
}

/** The same by month, provider and office (`quality_month_provider_nki`) counted from the surveys. */
export function qualityProviderNkiRecount(db: Db, t: Schema) {
  const q = t.qualitySurveys
  const month = sql<string>`substr(${q.sellDate}, 1, 7)`
  const office = sql<string>`coalesce(${q.officeId}, '')`
  return db
    .select({
      month: month.as('month'),
      providerId: q.providerId,
      officeId: office.as('office_id'),
      answers: sql<number>`count(*)`.mapWith(Number).as('answers'),
      nkiTenthsSum: sql<number>`sum(${q.nkiTenths})`.mapWith(Number).as('nki_tenths_sum'),
    })
    .from(q)
    .where(isNotNull(q.nkiTenths))
    .groupBy(month, q.providerId, office)
}

/** Both tables written again from the surveys, replacing what was there: in the caller's transaction, or its own. */
export async function fillQualityNki(database: Database, tx?: Db): Promise<void> {
  const { t } = database
  if (!tx) return database.transaction((own) => fillQualityNki(database, own))
  await tx.delete(t.qualityMonthNki)
  await tx.insert(t.qualityMonthNki).select(qualityNkiRecount(tx, t))
  await tx.delete(t.qualityMonthProviderNki)
  await tx.insert(t.qualityMonthProviderNki).select(qualityProviderNkiRecount(tx, t))
}
