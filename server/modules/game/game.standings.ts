import { asc, desc, eq } from 'drizzle-orm'
import { levelOf } from '../../../shared/rules/game'
import type { GameLedgerLine, GameStanding } from '../../../shared/schemas/game'
import type { AppAbility } from '../../../shared/permissions/ability'
import { ApiError } from '../../lib/errors'
import type { GameContext } from './game.context'

/** A person's game: their XP, coins, level and ledger, as they and their coach see it. */
export function gameStandings(ctx: GameContext) {
  const { t, db, ports, L } = ctx
  return {
    /** A person's game as their screens show it: XP, coins, level and the latest rows of their ledger. */
    async me(userId: string): Promise<GameStanding> {
      const R = t.gameLevelsReached
      const [standing, ledger, reached] = await Promise.all([
        this.standing(userId),
        this.ledger(userId, 30),
        db
          .select({ number: t.gameLevels.number, name: t.gameLevels.name, benefits: t.gameLevels.benefits, at: R.at })
          .from(R)
          .innerJoin(t.gameLevels, eq(t.gameLevels.id, R.levelId))
          .where(eq(R.userId, userId))
          .orderBy(desc(R.at), desc(t.gameLevels.number)),
      ])
      return { ...standing, reached: reached.map((r) => r.number).sort((a, b) => a - b), lastReached: reached[0] ?? null, ledger }
    },
    /** A person's XP, coins and level now. */
    async standing(userId: string): Promise<Omit<GameStanding, 'ledger' | 'reached' | 'lastReached'>> {
      const [[totals], levels] = await Promise.all([
        db.select({ xp: t.gameTotals.xp, coins: t.gameTotals.coins }).from(t.gameTotals).where(eq(t.gameTotals.userId, userId)),
        db
          .select({
            id: t.gameLevels.id,
            number: t.gameLevels.number,
            name: t.gameLevels.name,
            requiredXp: t.gameLevels.requiredXp,
            benefits: t.gameLevels.benefits,
          })
          .from(t.gameLevels)
          .orderBy(asc(t.gameLevels.requiredXp)),
      ])
      const xp = totals?.xp ?? 0
      return { xp, coins: totals?.coins ?? 0, ...levelOf(xp, levels), levels }
    },
    /**
     * Another person's game as their coach or manager sees it (the users they may view, decision 052): refused as not
     * found for anyone else. One's own is /api/game/me.
     */
    async playerOf(viewer: { id: string; ability: AppAbility }, userId: string): Promise<GameStanding & { name: string }> {
      const mayOpen = viewer.id === userId || (ports.visiblePeople ? (await ports.visiblePeople(db, viewer.ability, [userId])).has(userId) : false)
      if (!mayOpen) throw new ApiError(404, 'not_found')
      const [game, names] = await Promise.all([this.me(userId), ports.names(db, [userId])])
      return { ...game, name: names.get(userId) ?? '' }
    },
    /** A person's ledger, newest first. */
    async ledger(userId: string, limit = 50): Promise<GameLedgerLine[]> {
      return db
        .select({ id: L.id, kind: L.kind, xp: L.xp, coins: L.coins, saleId: L.saleId, reason: L.reason, day: L.day, at: L.at })
        .from(L)
        .where(eq(L.userId, userId))
        .orderBy(desc(L.at), desc(L.id))
        .limit(limit)
    },
  }
}
