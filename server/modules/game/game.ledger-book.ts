import { and, eq, sql } from 'drizzle-orm'
import { levelsCrossed, type GameAmounts } from '../../../shared/rules/game'
import { businessDay } from '../../../shared/rules/work'
import type { GameLedgerKind } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import { type GameBase } from './game.context-base'

/** The ledger's one writer: a row, the person's totals and XP per day and month, and the levels it reaches. */
export function gameLedgerBook(ctx: GameBase) {
  const { L, t, standingsMoved, database, events } = ctx

  /** Adds a ledger row's XP and coins to the person's totals and XP per day, and records the levels it reaches. */
  async function book(
    tx: Db,
    row: {
      userId: string
      kind: GameLedgerKind
      amounts: GameAmounts
      saleId: string | null
      refId: string | null
      reason: string | null
      eventId: number | null
      teamId: string | null
      officeId: string | null
      at: number
      byUserId: string | null
      /** the caller moved the coins in the totals already (a purchase's conditional take): only the row is written */
      totalsTaken?: boolean
    },
  ): Promise<void> {
    const day = businessDay(row.at)
    await tx.insert(L).values({
      id: crypto.randomUUID(),
      userId: row.userId,
      kind: row.kind,
      xp: row.amounts.xp,
      coins: row.amounts.coins,
      saleId: row.saleId,
      refId: row.refId,
      reason: row.reason,
      eventId: row.eventId,
      teamId: row.teamId,
      officeId: row.officeId,
      day,
      at: row.at,
      byUserId: row.byUserId,
    })
    if (row.totalsTaken) {
      if (row.amounts.xp !== 0) throw new Error('book: totalsTaken is for coins alone')
      return
    }
    const T = t.gameTotals
    const [before] = await tx.select({ xp: T.xp }).from(T).where(eq(T.userId, row.userId))
    await tx
      .insert(T)
      .values({ userId: row.userId, xp: row.amounts.xp, coins: row.amounts.coins, updatedAt: row.at })
      .onConflictDoUpdate({
        target: T.userId,
        set: { xp: sql`${T.xp} + excluded.xp`, coins: sql`${T.coins} + excluded.coins`, updatedAt: row.at },
      })
    if (row.amounts.xp !== 0) {
      if (standingsMoved) database.afterCommit(standingsMoved)
      const X = t.gameXpDays
      const key = { day, userId: row.userId, teamId: row.teamId ?? '', officeId: row.officeId ?? '' }
      await tx
        .insert(X)
        .values({ ...key, xp: row.amounts.xp })
        .onConflictDoUpdate({ target: [X.day, X.userId, X.teamId, X.officeId], set: { xp: sql`${X.xp} + excluded.xp` } })
      await tx.delete(X).where(and(eq(X.day, key.day), eq(X.userId, key.userId), eq(X.teamId, key.teamId), eq(X.officeId, key.officeId), eq(X.xp, 0)))
      const M = t.gameXpMonths
      const monthKey = { month: day.slice(0, 7), userId: key.userId, teamId: key.teamId, officeId: key.officeId }
      await tx
        .insert(M)
        .values({ ...monthKey, xp: row.amounts.xp })
        .onConflictDoUpdate({ target: [M.month, M.userId, M.teamId, M.officeId], set: { xp: sql`${M.xp} + excluded.xp` } })
      await tx.delete(M).where(and(eq(M.month, monthKey.month), eq(M.userId, key.userId), eq(M.teamId, key.teamId), eq(M.officeId, key.officeId), eq(M.xp, 0)))
    }
    const xpBefore = before?.xp ?? 0
    const xpAfter = xpBefore + row.amounts.xp
    if (xpAfter > xpBefore) {
      const levels = await tx
        .select({ id: t.gameLevels.id, number: t.gameLevels.number, name: t.gameLevels.name, requiredXp: t.gameLevels.requiredXp })
        .from(t.gameLevels)
      for (const level of levelsCrossed(xpBefore, xpAfter, levels)) {
        const reached = await tx
          .insert(t.gameLevelsReached)
          .values({ userId: row.userId, levelId: level.id, at: row.at })
          .onConflictDoNothing()
          .returning({ levelId: t.gameLevelsReached.levelId })
        if (reached.length === 0) continue
        await events.record(
          tx,
          'game.levelReached',
          { userId: row.userId, levelId: level.id, levelNumber: level.number, levelName: level.name, xp: xpAfter },
          { actorId: null, at: row.at },
        )
      }
    }
  }

  return { book }
}
export type GameLedgerBook = ReturnType<typeof gameLedgerBook>
