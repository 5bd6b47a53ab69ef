import { and, eq, gte, sql } from 'drizzle-orm'
import type { GamePurchase, GamePurchaseStatus, PurchaseDecision } from '../../../shared/schemas/game'
import type {} from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import type { GameShopContext } from './game.shop-context'

/** The purchases as an admin handles them: handing out or refusing, the list, and adjusting a player's coins. */
export function shopPurchases(ctx: GameShopContext) {
  const { database, book, names, db, t, P, purchasesWhere, purchaseOf, refund } = ctx
  return {
    /** An admin hands the item out (approve) or refuses it with a reason (reject: the item and coins come back). */
    async decide(actorId: string, id: string, input: PurchaseDecision, now: number): Promise<GamePurchase> {
      return database.transaction(async (tx) => {
        const [p] = await tx.select().from(P).where(eq(P.id, id))
        if (!p) throw new ApiError(404, 'not_found')
        if (p.status !== 'requested') throw new ApiError(409, 'already_decided', { params: { state: p.status } })
        if (p.version !== input.version) throw new ApiError(409, 'changed_elsewhere')
        const reason = input.reason?.trim() || null
        if (input.decision === 'reject') await refund(tx, p, 'rejected', actorId, reason, now)
        else {
          const moved = await tx
            .update(P)
            .set({ status: 'approved', reason, decidedById: actorId, decidedAt: now, version: sql`${P.version} + 1`, updatedAt: now })
            .where(and(eq(P.id, id), eq(P.version, p.version), eq(P.status, 'requested')))
            .returning({ id: P.id })
          if (moved.length === 0) throw new ApiError(409, 'changed_elsewhere')
        }
        const status = input.decision === 'reject' ? 'rejected' : 'approved'
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'game_purchase',
          entityId: id,
          action: status,
          before: { status: 'requested' },
          after: { status },
          reason,
        })
        return purchaseOf(tx, id)
      })
    },

    /**
     * An admin's adjustment of a person's coins with a reason (shown in their history, kept in the activity log). A
     * deduction never takes the balance below zero.
     */
    async adjust(actorId: string, input: { userId: string; coins: number; reason: string }, now: number): Promise<{ coins: number }> {
      return database.transaction(async (tx) => {
        if (!(await names(tx, [input.userId])).has(input.userId)) throw new ApiError(404, 'not_found')
        const T = t.gameTotals
        let totalsTaken = false
        if (input.coins < 0) {
          const taken = await tx
            .update(T)
            .set({ coins: sql`${T.coins} + ${input.coins}`, updatedAt: now })
            .where(and(eq(T.userId, input.userId), gte(T.coins, -input.coins)))
            .returning({ coins: T.coins })
          if (taken.length === 0) {
            const [have] = await tx.select({ coins: T.coins }).from(T).where(eq(T.userId, input.userId))
            throw new ApiError(409, 'too_few_coins', { params: { price: -input.coins, coins: Math.max(0, have?.coins ?? 0) } })
          }
          totalsTaken = true
        }
        await book(tx, {
          userId: input.userId,
          kind: 'adjustment',
          amounts: { xp: 0, coins: input.coins },
          saleId: null,
          refId: null,
          reason: input.reason,
          eventId: null,
          teamId: null,
          officeId: null,
          at: now,
          byUserId: actorId,
          totalsTaken,
        })
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'game_coins',
          entityId: input.userId,
          action: 'adjusted',
          after: { coins: input.coins },
          reason: input.reason,
        })
        const [after] = await tx.select({ coins: T.coins }).from(T).where(eq(T.userId, input.userId))
        return { coins: after?.coins ?? 0 }
      })
    },

    /** Purchases for the admin, newest first (those waiting for a decision when asked). */
    async purchases(status: GamePurchaseStatus | undefined): Promise<GamePurchase[]> {
      return purchasesWhere(db, and(status ? eq(P.status, status) : undefined), 200)
    },
  }
}
