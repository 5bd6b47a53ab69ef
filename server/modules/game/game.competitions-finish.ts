import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { addDays, businessDay } from '../../../shared/rules/work'
import { logActivity } from '../../platform/activity-log'
import { type GameCompetitionsBase } from './game.competitions-base'

/**
 * The end of a competition: the standing frozen, the coin prizes paid into the ledger, the winners told; idempotent,
 * and the sweep of those past their end.
 */
export function gameCompetitionsFinish(ctx: GameCompetitionsBase) {
  const { database, row, compute, C, t, book, events, db } = ctx

  async function finish(id: string, now: number): Promise<boolean> {
    return database.transaction(async (tx) => {
      const c = await row(tx, id)
      const today = businessDay(now)
      // Not over yet (its end moved later), or over and done: nothing to do.
      if (c.state === 'finished' || c.state === 'draft' || today <= c.toDay) return false
      const standing = await compute(tx, c, c.toDay)
      const moved = await tx
        .update(C)
        .set({ state: 'finished', standing, finishedAt: now, version: sql`${C.version} + 1`, updatedAt: now })
        .where(and(eq(C.id, id), eq(C.version, c.version)))
        .returning({ id: C.id })
      if (moved.length === 0) return false
      await logActivity(tx, t, {
        at: now,
        actorId: null,
        entity: 'game_competition',
        entityId: id,
        action: 'finished',
        after: {
          winners: standing
            .filter((r) => r.rank <= 3)
            .map((r) => `${r.rank}. ${r.name}`)
            .join(', '),
        },
      })
      // A hidden competition was a test: frozen, but no prizes and nobody told.
      if (c.state !== 'published') return true
      const winners: Array<{ rank: number; id: string; name: string; coins: number | null; text: string }> = []
      for (const prize of c.prizes) {
        for (const r of standing.filter((s) => s.rank === prize.rank)) {
          winners.push({ rank: r.rank, id: r.id, name: r.name, coins: prize.coins, text: prize.text })
          if (prize.coins && c.kind === 'sellers')
            await book(tx, {
              userId: r.id,
              kind: 'prize',
              amounts: { xp: 0, coins: prize.coins },
              saleId: null,
              refId: id,
              reason: c.name,
              eventId: null,
              teamId: null,
              officeId: null,
              at: now,
              byUserId: null,
            })
        }
      }
      await events.record(tx, 'game.competitionFinished', { competitionId: id, name: c.name, kind: c.kind, winners }, { actorId: null, at: now })
      return true
    })
  }

  /**
   * Every competition running or hidden whose last day is past: finished now (at start, hourly, and by each end job).
   */
  async function finishDue(now: number): Promise<number> {
    const due = await db
      .select({ id: C.id })
      .from(C)
      .where(and(inArray(C.state, ['hidden', 'published']), lte(C.toDay, addDays(businessDay(now), -1))))
    let done = 0
    for (const c of due) if (await finish(c.id, now)) done++
    return done
  }

  return { finish, finishDue }
}
export type GameCompetitionsFinish = ReturnType<typeof gameCompetitionsFinish>
