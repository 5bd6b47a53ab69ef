import { and, asc, desc, eq, gt, gte, inArray, lte, sql, sum } from 'drizzle-orm'
import { REALTIME_EVENTS, wire } from '../../../shared/realtime'
import { throttled } from '../../lib/throttled'
import {
  DEFAULT_QUALITY_STEPS,
  difference,
  GAME_EARNING_STATUSES,
  earned,
  levelOf,
  levelsCrossed,
  neighbourhood,
  periodRange,
  rankOf,
  salePoints,
  type GameAmounts,
  type QualityStep,
} from '../../../shared/rules/game'
import type { SaleStatus } from '../../../shared/rules/sale'
import { businessDay } from '../../../shared/rules/work'
import type {
  GameLedgerKind,
  GameLedgerLine,
  GameStanding,
  Leaderboard,
  LeaderboardPeriod,
  LeaderboardRow,
  LeaderboardScope,
} from '../../../shared/schemas/game'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { DomainEvent } from '../../platform/events'
import { gameBadges } from './game.badges'
import { gameCompetitions } from './game.competitions'
import { gameLevels } from './game.levels'
import { gameShop } from './game.shop'
import type { GamePlayer } from './game.types'
import { ApiError } from '../../lib/errors'

/** What the game asks other areas (answered in server/composition/areas.ts). */
export type GamePorts = {
  /** products' game points by id (the catalog) */
  gamePoints(db: Db, productIds: string[]): Promise<Map<string, number>>
  /** a sale the game hears of only by a move (made before the game existed): the sales area's record of it */
  saleForGame(
    db: Db,
    saleId: string,
  ): Promise<{
    sellerId: string
    teamId: string | null
    officeId: string | null
    sellDate: string
    status: SaleStatus
    orderValueOre: number
    lines: Array<{ productId: string; quantity: number }>
  } | null>
  /** the offices of a region (the organisation) */
  officesOfRegion(db: Db, regionId: string): Promise<string[]>
  /** names of teams, offices and regions by id (the organisation) */
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[]; regionIds?: string[] }): Promise<Map<string, string>>
  /** people's names by id (the users area) */
  names(db: Db, userIds: string[]): Promise<Map<string, string>>
  /** which of these people the viewer may see (a coach their teams', a manager their office's; decision 052) */
  visiblePeople?: (db: Db, ability: AppAbility, userIds: string[]) => Promise<Set<string>>
}

const SETTINGS_ID = 'global'

/**
 * The sales game (issue 20, docs/decisions/052). The game's own view of each sale from the sales and quality areas'
 * events, and the ledger of XP and Key Coins: for a sale it books the difference between what the sale earns now
 * and what its rows already sum to, so a replayed or repeated event books nothing. The sums the screens read (a
 * person's totals, XP per day) and the levels reached are kept in the same transaction.
 */
export function gameService(
  { database, events, jobs, realtime }: Pick<Deps, 'database' | 'events' | 'jobs'> & Partial<Pick<Deps, 'realtime'>>,
  ports: GamePorts,
) {
  const { db, t } = database
  // After a commit that moved someone's XP, open competition screens are told to read again: once a second at most.
  const standingsMoved = realtime ? throttled(1000, 'game.standings', () => realtime.trigger([wire.game], REALTIME_EVENTS.gameStandings, {})) : null
  const G = t.gameSales
  const L = t.gameLedger

  async function qualitySteps(tx: Db): Promise<readonly QualityStep[]> {
    const [row] = await tx.select({ steps: t.gameSettings.qualitySteps }).from(t.gameSettings).where(eq(t.gameSettings.id, SETTINGS_ID))
    return row?.steps ?? DEFAULT_QUALITY_STEPS
  }

  /** The game's row of a sale, made from the sales area's record when the game has not seen the sale yet. */
  async function gameSale(tx: Db, saleId: string, now: number) {
    const [known] = await tx.select().from(G).where(eq(G.saleId, saleId))
    if (known) return known
    const sale = await ports.saleForGame(tx, saleId)
    if (!sale) return null
    return (await register(tx, { saleId, ...sale, scoreTenths: null, eventId: 0 }, now)).row
  }

  async function register(
    tx: Db,
    sale: {
      saleId: string
      sellerId: string
      teamId: string | null
      officeId: string | null
      sellDate: string
      status: SaleStatus
      orderValueOre: number
      scoreTenths: number | null
      lines: Array<{ productId: string; quantity: number }>
      /** the event it is made from (0: from the sales area's record, before any event the game applies) */
      eventId: number
    },
    now: number,
  ) {
    const points = await ports.gamePoints(tx, [...new Set(sale.lines.map((l) => l.productId))])
    const row = {
      saleId: sale.saleId,
      sellerId: sale.sellerId,
      teamId: sale.teamId,
      officeId: sale.officeId,
      sellDate: sale.sellDate,
      points: salePoints(sale.lines, (id) => points.get(id) ?? 0),
      orderValueOre: sale.orderValueOre,
      status: sale.status,
      scoreTenths: sale.scoreTenths,
      lastEventId: sale.eventId,
      updatedAt: now,
    }
    const [inserted] = await tx.insert(G).values(row).onConflictDoNothing().returning()
    if (inserted) return { row: inserted, created: true }
    const [stored] = await tx.select().from(G).where(eq(G.saleId, sale.saleId))
    return { row: stored!, created: false }
  }

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

  /**
   * Books what a sale earns now less what is booked for it: one row or none. The kind says why it moved: a regret
   * taking back (with its reason), a quality grade changing the XP, or the sale's earning.
   */
  async function settle(tx: Db, sale: typeof G.$inferSelect, e: DomainEvent, reason: string | null): Promise<void> {
    const [booked] = await tx
      .select({ xp: sum(L.xp).mapWith(Number), coins: sum(L.coins).mapWith(Number) })
      .from(L)
      .where(eq(L.saleId, sale.saleId))
    const target = earned({ status: sale.status, points: sale.points, scoreTenths: sale.scoreTenths }, await qualitySteps(tx))
    const move = difference(target, { xp: booked?.xp ?? 0, coins: booked?.coins ?? 0 })
    if (!move) return
    // Coins move only when the sale starts or stops earning; XP alone when its quality weight changes.
    const kind: GameLedgerKind = move.coins === 0 ? 'quality' : sale.status === 'regret' ? 'regret' : 'sale'
    await book(tx, {
      userId: sale.sellerId,
      kind,
      amounts: move,
      saleId: sale.saleId,
      refId: null,
      reason,
      eventId: e.id,
      teamId: sale.teamId,
      officeId: sale.officeId,
      at: e.occurredAt,
      byUserId: e.actorId,
    })
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

  const shop = gameShop(database, book, ports.names)
  const levels = gameLevels(database)
  const badges = gameBadges({ database, events, jobs }, book)
  const competitions = gameCompetitions({ database, events, jobs }, book, { names: ports.names, placeNames: ports.placeNames })

  return {
    /** The rewards shop (decision 052): buying, cancelling, an admin's decisions, the rewards and their stock. */
    shop,
    /** The levels as an admin keeps them. */
    levels,
    /** Competitions: rules, live standings, the end. */
    competitions,
    /** Badges: rules, their preview, awards. */
    badges,

    /** A new sale: the game's row of it (points fixed now), and what it earns if it arrived approved. */
    async fromSaleCreated(tx: Db, e: DomainEvent<'sale.created'>): Promise<void> {
      const p = e.payload
      const { row, created } = await register(
        tx,
        {
          saleId: p.saleId,
          sellerId: p.sellerId,
          teamId: p.teamId,
          officeId: p.officeId,
          sellDate: p.sellDate,
          status: p.status,
          orderValueOre: p.orderValueOre,
          scoreTenths: null,
          lines: p.lines,
          eventId: e.id,
        },
        e.occurredAt,
      )
      // Seen before (a delivery again): it was settled then. A new sale earns only if it arrived approved.
      if (created && earned(row).coins > 0) await settle(tx, row, e, null)
    },

    /** A sale moved: approval books its earning, a regret (or any move away from approved) takes it back. */
    async fromSaleStatus(tx: Db, e: DomainEvent<'sale.statusChanged'>): Promise<void> {
      const sale = await gameSale(tx, e.payload.saleId, e.occurredAt)
      // An event older than the newest applied (delivered again) would move the sale back: it changes nothing.
      if (!sale || e.id <= sale.lastEventId) return
      await tx.update(G).set({ status: e.payload.to, lastEventId: e.id, updatedAt: e.occurredAt }).where(eq(G.saleId, sale.saleId))
      // Between two statuses that earn nothing (finalized → flagged, …) nothing is booked, nor was before.
      const earns = (status: SaleStatus) => GAME_EARNING_STATUSES.includes(status)
      if (!earns(sale.status) && !earns(e.payload.to)) return
      await settle(tx, { ...sale, status: e.payload.to }, e, e.payload.reason)
    },

    /** A sale's survey was graded: its XP is weighted by the score. */
    async fromQualityGraded(tx: Db, e: DomainEvent<'quality.graded'>): Promise<void> {
      const sale = await gameSale(tx, e.payload.saleId, e.occurredAt)
      if (!sale || e.id <= sale.lastEventId) return
      await tx.update(G).set({ scoreTenths: e.payload.scoreTenths, lastEventId: e.id, updatedAt: e.occurredAt }).where(eq(G.saleId, sale.saleId))
      await settle(tx, { ...sale, scoreTenths: e.payload.scoreTenths }, e, null)
    },

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
export type GameService = ReturnType<typeof gameService>
export type { GamePlayer } from './game.types'
