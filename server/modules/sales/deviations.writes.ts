import { and, eq } from 'drizzle-orm'
import type { DeviationType, SaleStatus } from '../../../shared/rules/sale'
import { searchTextOf } from '../../../shared/rules/deviations'
import type { Db, Schema } from '../../db/client'

type SaleRow = Schema['sales']['$inferSelect']

export function deviationWrites(t: Schema) {
  const pendingOf = (saleId: string) => and(eq(t.saleDeviations.saleId, saleId), eq(t.saleDeviations.pending, 1))
  return {
    /** Back office moved the sale on: its waiting deviation (if any) is resolved by that move. */
    async resolve(tx: Db, saleId: string, resolution: SaleStatus, byUserId: string | null, at: number) {
      await tx.update(t.saleDeviations).set({ state: 'resolved', pending: 0, resolvedAt: at, resolvedById: byUserId, resolution }).where(pendingOf(saleId))
    },
    /** Back office marked the sale as a deviation: a new open one (after resolving any that was waiting). */
    async open(tx: Db, sale: SaleRow, deviation: { type: DeviationType; reason: string }, byUserId: string | null, at: number) {
      await tx.insert(t.saleDeviations).values({
        id: crypto.randomUUID(),
        saleId: sale.id,
        sellerId: sale.sellerId,
        teamId: sale.teamId,
        officeId: sale.officeId,
        providerId: sale.providerId,
        type: deviation.type,
        reason: deviation.reason,
        searchText: searchTextOf(sale),
        state: 'open',
        pending: 1,
        openedAt: at,
        openedById: byUserId,
      })
    },
    /** The seller corrected the sale: back office's turn. The sale's deviations are found by its corrected names. */
    async corrected(tx: Db, sale: SaleRow, note: string | null, at: number) {
      await tx
        .update(t.saleDeviations)
        .set({ state: 'corrected', correctedAt: at, correctionNote: note })
        .where(and(pendingOf(sale.id), eq(t.saleDeviations.state, 'open')))
      await tx
        .update(t.saleDeviations)
        .set({ searchText: searchTextOf(sale) })
        .where(eq(t.saleDeviations.saleId, sale.id))
    },
  }
}
