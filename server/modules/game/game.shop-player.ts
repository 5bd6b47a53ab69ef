import { and, eq, gte, sql } from 'drizzle-orm'
import type { GamePurchase, GameShop } from '../../../shared/schemas/game'
import type {} from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import type { GameShopContext } from './game.shop-context'

/**
 * The shop as a player uses it: what is on offer with their coins, buying, and taking back a purchase still waiting.
 */
export function shopForPlayers(ctx: GameShopContext) {
  const { database, book, db, t, R, V, P, rewardsOf, purchasesWhere, purchaseOf, refund } = ctx
  return {
    /** The shop as a player sees it: their coins, what is on offer (in stock or not), their latest purchases. */
    async shopOf(userId: string): Promise<GameShop> {
      const [[totals], rewards, purchases] = await Promise.all([
        db.select({ coins: t.gameTotals.coins }).from(t.gameTotals).where(eq(t.gameTotals.userId, userId)),
        rewardsOf(db, { activeOnly: true }),
        purchasesWhere(db, and(eq(P.userId, userId)), 50),
      ])
      return { coins: totals?.coins ?? 0, rewards, purchases }
    },

    /**
     * Buys one of a variant for the person: refused with the reason, changing nothing, when the variant does not exist
     * (or is not offered), is out of stock, or the person's coins do not cover the price. A request repeated with the
     * same purchase id answers the purchase it made.
     */
    async buy(userId: string, input: { id: string; variantId: string }, now: number): Promise<{ purchase: GamePurchase; created: boolean }> {
      return database.transaction(async (tx) => {
        const [earlier] = await tx.select().from(P).where(eq(P.id, input.id))
        if (earlier) {
          if (earlier.userId !== userId || earlier.variantId !== input.variantId) throw new ApiError(409, 'conflict')
          return { purchase: await purchaseOf(tx, earlier.id), created: false }
        }
        const [offer] = await tx
          .select({ rewardId: R.id, price: R.priceCoins, name: R.name, size: V.size, colour: V.colour })
          .from(V)
          .innerJoin(R, eq(R.id, V.rewardId))
          .where(and(eq(V.id, input.variantId), eq(V.active, true), eq(R.active, true)))
        if (!offer) throw new ApiError(404, 'no_such_variant')
        const taken = await tx
          .update(V)
          .set({ stock: sql`${V.stock} - 1`, version: sql`${V.version} + 1` })
          .where(and(eq(V.id, input.variantId), gte(V.stock, 1)))
          .returning({ stock: V.stock })
        if (taken.length === 0) throw new ApiError(409, 'out_of_stock', { params: { name: offer.name } })
        const T = t.gameTotals
        const paid = await tx
          .update(T)
          .set({ coins: sql`${T.coins} - ${offer.price}`, updatedAt: now })
          .where(and(eq(T.userId, userId), gte(T.coins, offer.price)))
          .returning({ coins: T.coins })
        if (paid.length === 0) {
          const [have] = await tx.select({ coins: T.coins }).from(T).where(eq(T.userId, userId))
          throw new ApiError(409, 'too_few_coins', { params: { price: offer.price, coins: Math.max(0, have?.coins ?? 0) } })
        }
        await tx.insert(P).values({
          id: input.id,
          userId,
          rewardId: offer.rewardId,
          variantId: input.variantId,
          priceCoins: offer.price,
          status: 'requested',
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        await book(tx, {
          userId,
          kind: 'purchase',
          amounts: { xp: 0, coins: -offer.price },
          saleId: null,
          refId: input.id,
          reason: [offer.name, offer.size, offer.colour].filter(Boolean).join(' · '),
          eventId: null,
          teamId: null,
          officeId: null,
          at: now,
          byUserId: userId,
          totalsTaken: true,
        })
        await logActivity(tx, t, {
          at: now,
          actorId: userId,
          entity: 'game_purchase',
          entityId: input.id,
          action: 'created',
          after: { reward: offer.name, size: offer.size, colour: offer.colour, priceCoins: offer.price, status: 'requested' },
        })
        return { purchase: await purchaseOf(tx, input.id), created: true }
      })
    },

    /** The buyer takes back a purchase still waiting for a decision: the item and the coins come back. */
    async cancel(userId: string, id: string, version: number, now: number): Promise<GamePurchase> {
      return database.transaction(async (tx) => {
        const [p] = await tx
          .select()
          .from(P)
          .where(and(eq(P.id, id), eq(P.userId, userId)))
        if (!p) throw new ApiError(404, 'not_found')
        if (p.status !== 'requested') throw new ApiError(409, 'already_decided', { params: { state: p.status } })
        if (p.version !== version) throw new ApiError(409, 'changed_elsewhere')
        await refund(tx, p, 'cancelled', userId, null, now)
        await logActivity(tx, t, {
          at: now,
          actorId: userId,
          entity: 'game_purchase',
          entityId: id,
          action: 'cancelled',
          before: { status: 'requested' },
          after: { status: 'cancelled' },
        })
        return purchaseOf(tx, id)
      })
    },
  }
}
