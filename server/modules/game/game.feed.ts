import { eq } from 'drizzle-orm'
import { GAME_EARNING_STATUSES, earned } from '../../../shared/rules/game'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/events'
import type { GameContext } from './game.context'

/** What the sales and quality areas' events earn: a new sale, a status move, a graded survey. */
export function gameFeed(ctx: GameContext) {
  const { G } = ctx
  const { register, settle, gameSale } = ctx.saleRows
  return {
    /** A new sale: the game's row of it (points fixed now), and what it earns if it arrived approved. */
    async fromSaleCreated(tx: Db, e: DomainEvent<'sale.created'>): Promise<void> {
      const p = e.payload
      const { row, created } = await register(
        tx,
        {
          saleId: p.saleId,
          sellerId: p.sellerId,
          teamId: p.teamId,
          officeId: p.officeId,
          sellDate: p.sellDate,
          status: p.status,
          orderValueOre: p.orderValueOre,
          scoreTenths: null,
          lines: p.lines,
          eventId: e.id,
        },
        e.occurredAt,
      )
      // Seen before (a delivery again): it was settled then. A new sale earns only if it arrived approved.
      if (created && earned(row).coins > 0) await settle(tx, row, e, null)
    },
    /** A sale moved: approval books its earning, a regret (or any move away from approved) takes it back. */
    async fromSaleStatus(tx: Db, e: DomainEvent<'sale.statusChanged'>): Promise<void> {
      const sale = await gameSale(tx, e.payload.saleId, e.occurredAt)
      // An event older than the newest applied (delivered again) would move the sale back: it changes nothing.
      if (!sale || e.id <= sale.lastEventId) return
      await tx.update(G).set({ status: e.payload.to, lastEventId: e.id, updatedAt: e.occurredAt }).where(eq(G.saleId, sale.saleId))
      // Between two statuses that earn nothing (finalized → flagged, …) nothing is booked, nor was before.
      const earns = (status: SaleStatus) => GAME_EARNING_STATUSES.includes(status)
      if (!earns(sale.status) && !earns(e.payload.to)) return
      await settle(tx, { ...sale, status: e.payload.to }, e, e.payload.reason)
    },
    /** A sale's survey was graded: its XP is weighted by the score. */
    async fromQualityGraded(tx: Db, e: DomainEvent<'quality.graded'>): Promise<void> {
      const sale = await gameSale(tx, e.payload.saleId, e.occurredAt)
      if (!sale || e.id <= sale.lastEventId) return
      await tx.update(G).set({ scoreTenths: e.payload.scoreTenths, lastEventId: e.id, updatedAt: e.occurredAt }).where(eq(G.saleId, sale.saleId))
      await settle(tx, { ...sale, scoreTenths: e.payload.scoreTenths }, e, null)
    },
  }
}
