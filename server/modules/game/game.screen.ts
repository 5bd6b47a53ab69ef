import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { periodRange } from '../../../shared/rules/game'
import { addDays, businessDay, businessDayStart } from '../../../shared/rules/work'
import type { CompetitionStandingRow } from '../../../shared/schemas/game'
import type { DisplayCompetition } from '../../../shared/schemas/displays'
import type { Db } from '../../db/client'
import { reused } from '../../lib/reused'
import type { GameContext } from './game.context'

/** The office screen's place: an office, or some of its teams. */
export type ScreenPlace = { officeId: string; teamIds: string[] }

/** How many rows of a board or a competition a screen shows. */
const SCREEN_ROWS = 10
/** A competition's standing is computed once in this long for every screen that shows it (every office's). */
const STANDING_REUSE_MS = 10_000

/**
 * The game as an office screen shows it (issue 76, docs/decisions/101): the day's and the month's XP of an office or
 * some of its teams, and its running competitions, each without the people who chose to be hidden from others. A
 * screen is nobody: it has no rank of its own, and nobody is shown to it as "me".
 */
export function gameScreen(ctx: GameContext) {
  const { db, t, competitions } = ctx
  const standings = reused<string, CompetitionStandingRow[]>(STANDING_REUSE_MS, 200)
  /** A running competition's rows, as any screen asks for them (computed once per 10 s for every office's screens). */
  const standingOf = (id: string, now: number) =>
    standings(id, now, () => competitions.reads.standing({ id: '', teamIds: [], officeId: null, regionId: null }, false, id, now).then((s) => s.rows))

  /** Which of these people chose to be hidden from others' leaderboards. */
  async function hiddenAmong(on: Db, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set()
    const rows = await on
      .select({ userId: t.gamePlayers.userId })
      .from(t.gamePlayers)
      .where(and(eq(t.gamePlayers.ranked, false), inArray(t.gamePlayers.userId, [...new Set(userIds)])))
    return new Set(rows.map((r) => r.userId))
  }

  /** The people with most XP in the place today or this month, hidden ones left out: at most ten more than shown. */
  async function board(place: ScreenPlace, period: 'day' | 'month', now: number): Promise<Array<{ userId: string; xp: number }>> {
    const range = periodRange(period, businessDay(now))!
    const table = period === 'day' ? t.gameXpDays : t.gameXpMonths
    const where = place.teamIds.length > 0 ? inArray(table.teamId, place.teamIds) : eq(table.officeId, place.officeId)
    const when = period === 'day' ? eq(t.gameXpDays.day, range.from) : eq(t.gameXpMonths.month, range.from.slice(0, 7))
    const hidden = t.gamePlayers
    const xp = sql<number>`sum(${table.xp})`.mapWith(Number)
    // The hidden are left out in the query, so a place where many hide still fills its ten rows.
    return db
      .select({ userId: table.userId, xp })
      .from(table)
      .leftJoin(hidden, eq(hidden.userId, table.userId))
      .where(and(where, when, or(isNull(hidden.ranked), eq(hidden.ranked, true))))
      .groupBy(table.userId)
      .having(gt(sql`sum(${table.xp})`, 0))
      .orderBy(desc(sql`sum(${table.xp})`), asc(table.userId))
      .limit(SCREEN_ROWS)
  }

  return {
    hiddenAmong,
    board,

    /**
     * The competitions running now that the office takes part in (its own, or the whole organisation's), each with
     * its top rows; a sellers' competition without the people hidden from others (the others keep their ranks).
     */
    async competitionsOf(place: ScreenPlace, now: number): Promise<DisplayCompetition[]> {
      const player = { id: '', teamIds: place.teamIds, officeId: place.officeId, regionId: null }
      const running = (await competitions.reads.list(player, false, now)).filter((c) => c.phase === 'ongoing').slice(0, 5)
      const out: DisplayCompetition[] = []
      for (const c of running) {
        let rows = await standingOf(c.id, now)
        if (c.kind === 'sellers') {
          const hidden = await hiddenAmong(
            db,
            rows.map((r) => r.id),
          )
          rows = rows.filter((r) => !hidden.has(r.id))
        }
        out.push({
          id: c.id,
          name: c.name,
          metric: c.metric,
          kind: c.kind,
          from: c.from,
          to: c.to,
          endsAt: businessDayStart(addDays(c.to, 1)),
          rows: rows.slice(0, SCREEN_ROWS).map((r) => ({ rank: r.rank, name: r.name, value: r.value })),
        })
      }
      return out
    },
  }
}
export type GameScreen = ReturnType<typeof gameScreen>
