import { and, asc, desc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm'
import { REALTIME_EVENTS, wire } from '../../../shared/realtime'
import { throttled } from '../../lib/throttled'
import { DEFAULT_QUALITY_STEPS, type QualityStep } from '../../../shared/rules/game'
import type { SaleStatus } from '../../../shared/rules/sale'
import type { LeaderboardPeriod, LeaderboardScope } from '../../../shared/schemas/game'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import { gameLevels } from './game.levels'

/** A sale as the game reads it: who sold it where and when, its status, value and lines. */
export type GameSaleRecord = {
  sellerId: string
  teamId: string | null
  officeId: string | null
  sellDate: string
  status: SaleStatus
  orderValueOre: number
  lines: Array<{ productId: string; quantity: number }>
}

/** What the game asks other areas (answered in server/composition/areas.ts). */
export type GamePorts = {
  /** products' game points by id (the catalog) */
  gamePoints(db: Db, productIds: string[]): Promise<Map<string, number>>
  /** a sale the game hears of only by a move (made before the game existed): the sales area's record of it */
  saleForGame(db: Db, saleId: string): Promise<GameSaleRecord | null>
  /** the offices of a region (the organisation) */
  officesOfRegion(db: Db, regionId: string): Promise<string[]>
  /** names of teams, offices and regions by id (the organisation) */
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[]; regionIds?: string[] }): Promise<Map<string, string>>
  /** people's names by id (the users area) */
  names(db: Db, userIds: string[]): Promise<Map<string, string>>
  /** which of these people the viewer may see (a coach their teams', a manager their office's; decision 052) */
  visiblePeople?: (db: Db, ability: AppAbility, userIds: string[]) => Promise<Set<string>>
}

export const SETTINGS_ID = 'global'

/** The game's tables and ports, the quality steps in force, and the XP ranking of a scope and period. */
export function gameBase({ database, events, jobs, realtime }: Pick<Deps, 'database' | 'events' | 'jobs'> & Partial<Pick<Deps, 'realtime'>>, ports: GamePorts) {
  const { db, t } = database
  // After a commit that moved someone's XP, open competition screens are told to read again: once a second at most.
  const standingsMoved = realtime ? throttled(1000, 'game.standings', () => realtime.trigger([wire.game], REALTIME_EVENTS.gameStandings, {})) : null
  const G = t.gameSales
  const L = t.gameLedger

  async function qualitySteps(tx: Db): Promise<readonly QualityStep[]> {
    const [row] = await tx.select({ steps: t.gameSettings.qualitySteps }).from(t.gameSettings).where(eq(t.gameSettings.id, SETTINGS_ID))
    return row?.steps ?? DEFAULT_QUALITY_STEPS
  }

  /**
   * Everyone with XP in a scope and period, most first (equal XP by id, so the order is stable). A week is read from
   * the days, a month and all time from the months (all time of the organisation from the totals).
   */
  async function xpRanking(
    scope: LeaderboardScope,
    placeId: string | null,
    period: LeaderboardPeriod,
    range: { from: string; to: string } | null,
  ): Promise<Array<{ userId: string; xp: number }>> {
    if (scope === 'organisation' && period === 'all') {
      const T = t.gameTotals
      return db.select({ userId: T.userId, xp: T.xp }).from(T).where(gt(T.xp, 0)).orderBy(desc(T.xp), asc(T.userId))
    }
    const offices = scope === 'region' ? await ports.officesOfRegion(db, placeId!) : []
    if (scope === 'region' && offices.length === 0) return []
    const table = period === 'week' ? t.gameXpDays : t.gameXpMonths
    const place =
      scope === 'team'
        ? eq(table.teamId, placeId!)
        : scope === 'office'
          ? eq(table.officeId, placeId!)
          : scope === 'region'
            ? inArray(table.officeId, offices)
            : undefined
    const when =
      period === 'week'
        ? and(gte(t.gameXpDays.day, range!.from), lte(t.gameXpDays.day, range!.to))
        : period === 'month'
          ? eq(t.gameXpMonths.month, range!.from.slice(0, 7))
          : undefined
    const xp = sql<number>`sum(${table.xp})`.mapWith(Number)
    return db
      .select({ userId: table.userId, xp })
      .from(table)
      .where(and(place, when))
      .groupBy(table.userId)
      .having(gt(sql`sum(${table.xp})`, 0))
      .orderBy(desc(sql`sum(${table.xp})`), asc(table.userId))
  }
  const levels = gameLevels(database)

  return { database, events, jobs, realtime, ports, db, t, standingsMoved, G, L, qualitySteps, xpRanking, levels }
}
export type GameBase = ReturnType<typeof gameBase>
