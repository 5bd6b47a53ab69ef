import { and, eq, sql } from 'drizzle-orm'
import type { Db, Schema } from '../../db/client'

/**
 * Keeps the satisfaction index by month (`quality_month_nki` and `quality_month_provider_nki`, docs/decisions/051) in
 * the transaction of an answer: the survey's earlier NKI, if it had one, is taken away and its new one added, under
 * the month of the sale, the seller, and the team and office of the sale; and under the month, the provider and the
 * office. A row whose count reaches 0 is removed, so both tables equal a recount (quality.fill.ts).
 */
export async function changeMonthNki(
  tx: Db,
  t: Schema,
  survey: { sellDate: string; sellerId: string; providerId: string; teamId: string | null; officeId: string | null },
  before: number | null,
  after: number | null,
): Promise<void> {
  if (before === after) return
  const N = t.qualityMonthNki
  const key = { month: survey.sellDate.slice(0, 7), sellerId: survey.sellerId, teamId: survey.teamId ?? '', officeId: survey.officeId ?? '' }
  const answers = (after === null ? 0 : 1) - (before === null ? 0 : 1)
  const tenths = (after ?? 0) - (before ?? 0)
  await tx
    .insert(N)
    .values({ ...key, answers, nkiTenthsSum: tenths })
    .onConflictDoUpdate({
      target: [N.month, N.sellerId, N.teamId, N.officeId],
      set: { answers: sql`${N.answers} + excluded.answers`, nkiTenthsSum: sql`${N.nkiTenthsSum} + excluded.nki_tenths_sum` },
    })
  if (answers < 0) {
    await tx
      .delete(N)
      .where(and(eq(N.month, key.month), eq(N.sellerId, key.sellerId), eq(N.teamId, key.teamId), eq(N.officeId, key.officeId), eq(N.answers, 0)))
  }
  const P = t.qualityMonthProviderNki
  const byProvider = { month: key.month, providerId: survey.providerId, officeId: key.officeId }
  await tx
    .insert(P)
    .values({ ...byProvider, answers, nkiTenthsSum: tenths })
    .onConflictDoUpdate({
      target: [P.month, P.providerId, P.officeId],
      set: { answers: sql`${P.answers} + excluded.answers`, nkiTenthsSum: sql`${P.nkiTenthsSum} + excluded.nki_tenths_sum` },
    })
  if (answers < 0) {
    await tx.delete(P).where(and(eq(P.month, byProvider.month), eq(P.providerId, byProvider.providerId), eq(P.officeId, byProvider.officeId), eq(P.answers, 0)))
  }
}
