import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { periodKey, periodRange } from '../../../shared/rules/game'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { Badge, BadgeField, BadgePeriod, BadgeRule } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'

export const AWARD_JOB = 'game.awardBadges'

/** How many periods back a preview looks ("so far"): 30 days, 12 weeks, 12 months, or all time once. */
export const PREVIEW_PERIODS: Record<BadgePeriod, number> = { day: 30, week: 12, month: 12, all: 1 }

export type Row = typeof import('../../db/schema/sqlite').gameBadges.$inferSelect

/**
 * What the badges' parts share: a rule made into its statement, the periods a badge is awarded for, a badge as
 * answered, and the awarding itself (with its job).
 */
export function gameBadgesContext({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book) {
  const { db, t } = database
  const B = t.gameBadges
  const A = t.gameBadgeAwards

  /** The people who meet a rule over some days (null: all time): one statement, parameterised. */
  function ruleQuery(tx: Db, rule: BadgeRule, range: { from: string; to: string } | null) {
    const G = t.gameSales
    const X = t.gameXpDays
    const sales = tx
      .select({
        userId: sql<string>`${G.sellerId}`.as('user_id'),
        approved: sql<number>`sum(case when ${G.status} = 'approved' then 1 else 0 end)`.as('approved'),
        value: sql<number>`sum(case when ${G.status} = 'approved' then ${G.orderValueOre} else 0 end)`.as('value_ore'),
        decided: sql<number>`sum(case when ${G.status} in ('approved', 'regret') then 1 else 0 end)`.as('decided'),
        regrets: sql<number>`sum(case when ${G.status} = 'regret' then 1 else 0 end)`.as('regrets'),
        scoreSum: sql<number>`sum(${G.scoreTenths})`.as('score_sum'),
        scored: sql<number>`count(${G.scoreTenths})`.as('scored'),
      })
      .from(G)
      .where(range ? and(gte(G.sellDate, range.from), lte(G.sellDate, range.to)) : undefined)
      .groupBy(G.sellerId)
      .as('s')
    const xp = tx
      .select({ userId: sql<string>`${X.userId}`.as('xp_user_id'), xp: sql<number>`sum(${X.xp})`.as('xp') })
      .from(X)
      .where(range ? and(gte(X.day, range.from), lte(X.day, range.to)) : undefined)
      .groupBy(X.userId)
      .as('x')
    const field: Record<BadgeField, SQL> = {
      approved_orders: sql`${sales.approved}`,
      order_value: sql`(${sales.value} / 100.0)`,
      xp: sql`coalesce(${xp.xp}, 0)`,
      regret_rate: sql`(case when ${sales.decided} > 0 then ${sales.regrets} * 100.0 / ${sales.decided} end)`,
      quality_score: sql`(case when ${sales.scored} > 0 then ${sales.scoreSum} / (${sales.scored} * 10.0) end)`,
    }
    // The operator is one of five fixed strings (the schema refuses any other); the value is a bound parameter.
    const OPERATORS = { '>=': '>=', '>': '>', '<=': '<=', '<': '<', '=': '=' } as const
    const tests = rule.conditions.map((c) => sql`${field[c.field]} ${sql.raw(OPERATORS[c.operator])} ${c.value}`)
    const where = sql.join(tests, rule.combine === 'or' ? sql` or ` : sql` and `)
    return tx
      .select({ userId: sales.userId })
      .from(sales)
      .leftJoin(xp, eq(xp.userId, sales.userId))
      .where(sql`(${where})`)
  }

  /** The period a day falls in and the ones before it, newest first (`count` of them). */
  function periodsBack(period: BadgePeriod, day: string, count: number): Array<{ key: string; range: { from: string; to: string } | null }> {
    const out: Array<{ key: string; range: { from: string; to: string } | null }> = []
    let at = day
    for (let i = 0; i < count; i++) {
      const range = periodRange(period, at)
      out.push({ key: periodKey(period, at), range })
      if (!range) break
      at = addDays(range.from, -1)
    }
    return out
  }

  const view = (r: Row): Badge => ({
    id: r.id,
    name: r.name,
    description: r.description,
    period: r.period,
    rule: r.rule,
    coins: r.coins,
    active: r.active,
    version: r.version,
  })
  const columns = (b: { name: string; description?: string; period: BadgePeriod; rule: BadgeRule; coins?: number; active?: boolean }) => ({
    name: b.name,
    description: b.description ?? '',
    period: b.period,
    rule: b.rule,
    coins: b.coins ?? 0,
    active: b.active ?? true,
  })
  /** What the activity log keeps: the columns, the rule as text. */
  const fields = (b: Parameters<typeof columns>[0]) => ({ ...columns(b), rule: JSON.stringify(b.rule) })

  /** Awards a badge for one period to everyone who meets it and has not got it: their coins and their notification. */
  async function awardPeriod(badge: Row, period: { key: string; range: { from: string; to: string } | null }, now: number): Promise<number> {
    return database.transaction(async (tx) => {
      const meet = await ruleQuery(tx, badge.rule, period.range)
      let made = 0
      for (const { userId } of meet) {
        const fresh = await tx
          .insert(A)
          .values({ badgeId: badge.id, userId, periodKey: period.key, at: now })
          .onConflictDoNothing()
          .returning({ userId: A.userId })
        if (fresh.length === 0) continue
        made++
        if (badge.coins > 0)
          await book(tx, {
            userId,
            kind: 'badge',
            amounts: { xp: 0, coins: badge.coins },
            saleId: null,
            refId: badge.id,
            reason: badge.name,
            eventId: null,
            teamId: null,
            officeId: null,
            at: now,
            byUserId: null,
          })
        await events.record(
          tx,
          'game.badgeAwarded',
          { userId, badgeId: badge.id, name: badge.name, periodKey: period.key, coins: badge.coins },
          { actorId: null, at: now },
        )
      }
      return made
    })
  }

  /** Every active badge for the current period and the one just closed (an award made once stays). */
  async function awardDue(now: number): Promise<number> {
    const today = businessDay(now)
    let made = 0
    for (const badge of await db.select().from(B).where(eq(B.active, true))) {
      for (const period of periodsBack(badge.period, today, 2)) made += await awardPeriod(badge, period, now)
    }
    return made
  }

  jobs.define(AWARD_JOB, async () => ({ awarded: await awardDue(Date.now()) }))

  return { database, events, jobs, book, db, t, B, A, ruleQuery, periodsBack, view, columns, fields, awardPeriod, awardDue }
}
export type GameBadgesContext = ReturnType<typeof gameBadgesContext>
