import { eq } from 'drizzle-orm'
import { neighbourhood, periodRange, rankOf } from '../../../shared/rules/game'
import { businessDay } from '../../../shared/rules/work'
import type { Leaderboard, LeaderboardPeriod, LeaderboardRow, LeaderboardScope } from '../../../shared/schemas/game'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { GamePlayer } from './game.types'
import type { GameContext } from './game.context'

/** The leaderboards, and whether others see a person in them. */
export function gameLeaderboard(ctx: GameContext) {
  const { ports, db, t, xpRanking } = ctx
  return {
    /**
     * A leaderboard (decision 052): the people with XP in the scope and period, ranked by it (equal XP, equal rank);
     * the top ten, and the five above and below the person's own rank. Those who opted out are left out of it,
     * except the person themselves, who always sees their own rank.
     */
    async leaderboard(
      player: GamePlayer,
      query: { scope: LeaderboardScope; period: LeaderboardPeriod; teamId?: string },
      now: number,
      ability?: AppAbility,
    ): Promise<Leaderboard> {
      const range = query.period === 'all' ? null : periodRange(query.period, businessDay(now))!
      const teamNames = await ports.placeNames(db, { teamIds: player.teamIds })
      const teams = player.teamIds.filter((id) => teamNames.has(id)).map((id) => ({ id, name: teamNames.get(id)! }))
      teams.sort((a, b) => a.name.localeCompare(b.name, 'sv'))
      const teamId = query.teamId && player.teamIds.includes(query.teamId) ? query.teamId : teams[0]?.id
      const placeId = query.scope === 'team' ? teamId : query.scope === 'office' ? player.officeId : query.scope === 'region' ? player.regionId : null
      const base = { scope: query.scope, period: query.period, from: range?.from ?? null, to: range?.to ?? null, teams }
      const [prefs] = await db.select({ ranked: t.gamePlayers.ranked }).from(t.gamePlayers).where(eq(t.gamePlayers.userId, player.id))
      const ranked = prefs?.ranked ?? true
      if (query.scope !== 'organisation' && !placeId) return { ...base, place: null, total: 0, top: [], around: [], me: { rank: null, xp: 0, ranked } }
      const [placeName, rows, hidden] = await Promise.all([
        placeId ? ports.placeNames(db, { [`${query.scope}Ids`]: [placeId] }).then((m) => m.get(placeId) ?? '') : Promise.resolve(''),
        xpRanking(query.scope, placeId ?? null, query.period, range),
        db
          .select({ userId: t.gamePlayers.userId })
          .from(t.gamePlayers)
          .where(eq(t.gamePlayers.ranked, false))
          .then((r) => new Set(r.map((x) => x.userId).filter((id) => id !== player.id))),
      ])
      const board = rows.filter((r) => !hidden.has(r.userId))
      const ranks = rankOf(board)
      const position = board.findIndex((r) => r.userId === player.id)
      const window = neighbourhood(position < 0 ? null : position + 1, board.length)
      const shown = [
        ...board.slice(0, 10).map((r, i) => ({ r, i })),
        ...(window ? board.slice(window.from - 1, window.to).map((r, i) => ({ r, i: window.from - 1 + i })) : []),
      ]
      const names = await ports.names(
        db,
        shown.map((x) => x.r.userId),
      )
      const open =
        ability && ports.visiblePeople
          ? await ports.visiblePeople(
              db,
              ability,
              shown.map((x) => x.r.userId),
            )
          : new Set<string>()
      const line = ({ r, i }: { r: { userId: string; xp: number }; i: number }): LeaderboardRow => ({
        rank: ranks[i]!,
        userId: r.userId,
        name: names.get(r.userId) ?? '',
        xp: r.xp,
        me: r.userId === player.id,
        open: r.userId === player.id || open.has(r.userId),
      })
      return {
        ...base,
        place: placeId ? { id: placeId, name: placeName } : null,
        total: board.length,
        top: shown.slice(0, Math.min(10, board.length)).map(line),
        around: shown.slice(Math.min(10, board.length)).map(line),
        me: { rank: position < 0 ? null : ranks[position]!, xp: position < 0 ? 0 : board[position]!.xp, ranked },
      }
    },
    /** Whether others see the person in leaderboards (they always see their own rank). */
    async setRanked(userId: string, ranked: boolean, now: number): Promise<{ ranked: boolean }> {
      await db
        .insert(t.gamePlayers)
        .values({ userId, ranked, updatedAt: now })
        .onConflictDoUpdate({ target: t.gamePlayers.userId, set: { ranked, updatedAt: now } })
      return { ranked }
    },
  }
}
