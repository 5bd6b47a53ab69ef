import { and, eq, sql } from 'drizzle-orm'
import type { Reward, RewardInput } from '../../../shared/schemas/game'
import type {} from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'

import type { GameShopContext } from './game.shop-context'

/** The rewards as an admin keeps them, with their variants and stock; every change logged. */
export function shopRewards(ctx: GameShopContext) {
  const { database, db, t, R, V, rewardsOf } = ctx
  return {
    /** Every reward, offered or not, for the admin. */
    async allRewards(): Promise<Reward[]> {
      return rewardsOf(db, { activeOnly: false })
    },

    /** A new reward with its variants. */
    async createReward(actorId: string, input: RewardInput & { variants: NonNullable<RewardInput['variants']> }, now: number): Promise<Reward> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        await tx.insert(R).values({
          id,
          name: input.name,
          description: input.description ?? '',
          priceCoins: input.priceCoins,
          active: input.active ?? true,
          version: 1,
          createdAt: now,
          updatedAt: now,
        })
        await tx.insert(V).values(
          input.variants.map((v, i) => ({
            id: crypto.randomUUID(),
            rewardId: id,
            size: v.size ?? null,
            colour: v.colour ?? null,
            stock: v.stock,
            position: i,
            active: v.active ?? true,
            version: 1,
          })),
        )
        const [reward] = await rewardsOf(tx, { activeOnly: false, ids: [id] })
        await logActivity(tx, t, { at: now, actorId, entity: 'game_reward', entityId: id, action: 'created', after: summary(reward!) })
        return reward!
      })
    },

    /**
     * Changes a reward and its variants: the version the admin saw must be the reward's, and each existing variant's
     * (a purchase since then changed its stock: 409, read again). A variant left out is no longer offered (purchases
     * refer to it, so it stays).
     */
    async updateReward(
      actorId: string,
      id: string,
      version: number,
      input: RewardInput & { variants: NonNullable<RewardInput['variants']> },
      now: number,
    ): Promise<Reward> {
      return database.transaction(async (tx) => {
        const [before] = await rewardsOf(tx, { activeOnly: false, ids: [id] })
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        for (const v of input.variants) {
          if (!v.id) continue
          const known = before.variants.find((x) => x.id === v.id)
          if (!known) throw new ApiError(404, 'no_such_variant')
          if (known.version !== v.version) throw new ApiError(409, 'changed_elsewhere')
        }
        await tx
          .update(R)
          .set({
            name: input.name,
            description: input.description ?? '',
            priceCoins: input.priceCoins,
            active: input.active ?? true,
            version: sql`${R.version} + 1`,
            updatedAt: now,
          })
          .where(eq(R.id, id))
        const kept = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])))
        for (const gone of before.variants.filter((v) => !kept.has(v.id) && v.active))
          await tx
            .update(V)
            .set({ active: false, version: sql`${V.version} + 1` })
            .where(eq(V.id, gone.id))
        for (const [i, v] of input.variants.entries()) {
          const fields = { size: v.size ?? null, colour: v.colour ?? null, stock: v.stock, position: i, active: v.active ?? true }
          if (v.id)
            await tx
              .update(V)
              .set({ ...fields, version: sql`${V.version} + 1` })
              .where(and(eq(V.id, v.id), eq(V.version, v.version!)))
          else await tx.insert(V).values({ id: crypto.randomUUID(), rewardId: id, ...fields, version: 1 })
        }
        const [after] = await rewardsOf(tx, { activeOnly: false, ids: [id] })
        await logActivity(tx, t, {
          at: now,
          actorId,
          entity: 'game_reward',
          entityId: id,
          action: 'updated',
          ...changedFields(summary(before), summary(after!)),
        })
        return after!
      })
    },
  }
}

/** What the activity log keeps of a reward: its fields and each offered variant's stock. */
function summary(r: Reward) {
  return {
    name: r.name,
    priceCoins: r.priceCoins,
    active: r.active,
    variants: r.variants
      .filter((v) => v.active)
      .map((v) => `${[v.size, v.colour].filter(Boolean).join(' · ') || '–'}: ${v.stock}`)
      .join(', '),
  }
}
