import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { GamePurchase, GamePurchaseStatus, Reward } from '../../../shared/schemas/game'
import type { Database, Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import type { GameLedgerBook } from './game.ledger-book'

/** The ledger's booking of a row (game.ledger-book.ts): the shop books purchases and refunds through it. */
export type Book = GameLedgerBook['book']

/**
 * What the shop's parts share: the tables, the ledger's booking, people's names, the rewards and purchases as
 * answered, and a refund.
 */
export function gameShopContext(database: Database, book: Book, names: (db: Db, ids: string[]) => Promise<Map<string, string>>) {
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

  return { database, book, names, db, t, R, V, P, rewardsOf, purchasesWhere, purchaseOf, refund }
}
export type GameShopContext = ReturnType<typeof gameShopContext>
