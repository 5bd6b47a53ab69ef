import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { GameLedgerKind, GamePurchase, GamePurchaseStatus, GameShop, PurchaseDecision, Reward, RewardInput } from '../../../shared/schemas/game'
import type { Database, Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'

export type Book = (
  tx: Db,
  row: {
    userId: string
    kind: GameLedgerKind
    amounts: { xp: number; coins: number }
    saleId: string | null
    refId: string | null
    reason: string | null
    eventId: number | null
    teamId: string | null
    officeId: string | null
    at: number
    byUserId: string | null
    totalsTaken?: boolean
  },
) => Promise<void>

/**
 * The rewards shop of the sales game (decision 052). Buying is one transaction: the variant's stock is taken by a
 * conditional update (stock > 0) and the coins by another (coins ≥ price) on the person's totals, then the ledger's
 * row is written; either refusal rolls both back. On SQLite transactions run one at a time; on PostgreSQL they are
 * serializable and retried, and each conditional update re-reads the row it waits for: neither stock nor coins ever
 * goes below zero, however many buy at once. A cancelled or rejected purchase gives both back.
 */
export function gameShop(database: Database, book: Book, names: (db: Db, ids: string[]) => Promise<Map<string, string>>) {
  const { db, t } = database
  const R = t.gameRewards
  const V = t.gameRewardVariants
  const P = t.gamePurchases

  async function rewardsOf(tx: Db, where: { activeOnly: boolean; ids?: string[] }): Promise<Reward[]> {
    const rewards = await tx
      .select()
      .from(R)
      .where(and(where.activeOnly ? eq(R.active, true) : undefined, where.ids ? inArray(R.id, where.ids) : undefined))
      .orderBy(asc(R.priceCoins), asc(R.name), asc(R.id))
    if (rewards.length === 0) return []
    const variants = await tx
      .select()
      .from(V)
      .where(
        and(
          inArray(
            V.rewardId,
            rewards.map((r) => r.id),
          ),
          where.activeOnly ? eq(V.active, true) : undefined,
        ),
      )
      .orderBy(asc(V.position), asc(V.id))
    return rewards
      .map((r) => ({
        id: r.id,
        name: r.name,
        description: r.description,
        priceCoins: r.priceCoins,
        active: r.active,
        version: r.version,
        variants: variants
          .filter((v) => v.rewardId === r.id)
          .map((v) => ({ id: v.id, size: v.size, colour: v.colour, stock: v.stock, active: v.active, version: v.version })),
      }))
      .filter((r) => !where.activeOnly || r.variants.length > 0)
  }

  async function purchasesWhere(tx: Db, where: ReturnType<typeof and>, limit: number): Promise<GamePurchase[]> {
    const rows = await tx
      .select({
        p: P,
        rewardName: R.name,
        size: V.size,
        colour: V.colour,
      })
      .from(P)
      .innerJoin(R, eq(R.id, P.rewardId))
      .innerJoin(V, eq(V.id, P.variantId))
      .where(where)
      .orderBy(desc(P.createdAt), desc(P.id))
      .limit(limit)
    const people = await names(tx, [...rows.map((r) => r.p.userId), ...rows.flatMap((r) => (r.p.decidedById ? [r.p.decidedById] : []))])
    return rows.map(({ p, rewardName, size, colour }) => ({
      id: p.id,
      userId: p.userId,
      userName: people.get(p.userId) ?? '',
      rewardId: p.rewardId,
      rewardName,
      variant: { size, colour },
      priceCoins: p.priceCoins,
      status: p.status,
      reason: p.reason,
      decidedByName: p.decidedById ? (people.get(p.decidedById) ?? null) : null,
      decidedAt: p.decidedAt,
      createdAt: p.createdAt,
      version: p.version,
    }))
  }

  const purchaseOf = async (tx: Db, id: string) => (await purchasesWhere(tx, and(eq(P.id, id)), 1))[0]!

  /** Gives a purchase's item and coins back (cancelled or rejected), in the caller's transaction. */
  async function refund(tx: Db, p: typeof P.$inferSelect, status: GamePurchaseStatus, by: string, reason: string | null, now: number) {
    const moved = await tx
      .update(P)
      .set({ status, reason, decidedById: by, decidedAt: now, version: sql`${P.version} + 1`, updatedAt: now })
      .where(and(eq(P.id, p.id), eq(P.version, p.version), eq(P.status, 'requested')))
      .returning({ id: P.id })
    if (moved.length === 0) throw new ApiError(409, 'changed_elsewhere')
    await tx
      .update(V)
      .set({ stock: sql`${V.stock} + 1`, version: sql`${V.version} + 1` })
      .where(eq(V.id, p.variantId))
    await book(tx, {
      userId: p.userId,
      kind: 'purchase_refund',
      amounts: { xp: 0, coins: p.priceCoins },
      saleId: null,
      refId: p.id,
      reason,
      eventId: null,
      teamId: null,
      officeId: null,
      at: now,
      byUserId: by,
    })
  }

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
