import { and, asc, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm'
import { periodKey, periodRange } from '../../../shared/rules/game'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { Badge, BadgeField, BadgeInput, BadgePeriod, BadgePreview, BadgeRule, PlayerBadge } from '../../../shared/schemas/game'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'
import type { Book } from './game.shop'

export const AWARD_JOB = 'game.awardBadges'

/** How many periods back a preview looks ("so far"): 30 days, 12 weeks, 12 months, or all time once. */
const PREVIEW_PERIODS: Record<BadgePeriod, number> = { day: 30, week: 12, month: 12, all: 1 }

type Row = typeof import('../../db/schema/sqlite').gameBadges.$inferSelect

/**
 * Badges of the sales game (decision 052). A rule is data (shared/schemas/game.ts: catalogue fields, whitelisted
 * operators, numbers): it becomes one read-only SELECT of the game's own tables, its numbers bound as parameters and
 * its operators chosen from the whitelist, so no user text ever becomes SQL. The admin sees that statement and what it
 * would have awarded before saving; a job (hourly and at start) awards each active badge for the current period and
 * the one just closed, once per person and period (the award's key), with its coins in the ledger and a notification.
 */
export function gameBadges({ database, events, jobs }: Pick<Deps, 'database' | 'events' | 'jobs'>, book: Book) {
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

  return {
    awardDue,

    /** The statement a rule runs, what it would award now and over the periods so far (the admin's preview). */
    async preview(period: BadgePeriod, rule: BadgeRule, now: number): Promise<BadgePreview> {
      const periods = periodsBack(period, businessDay(now), PREVIEW_PERIODS[period])
      const statement = ruleQuery(db, rule, periods[0]!.range).toSQL()
      const people = new Set<string>()
      let awards = 0
      let current = 0
      for (const [i, p] of periods.entries()) {
        const meet = await ruleQuery(db, rule, p.range)
        if (i === 0) current = meet.length
        awards += meet.length
        for (const m of meet) people.add(m.userId)
      }
      return { sql: statement.sql, params: statement.params, current, periods: periods.length, awards, people: people.size }
    },

    /** The active badges as a person sees them: how often they earned each and the last period. */
    async mine(userId: string): Promise<PlayerBadge[]> {
      const [badges, awards] = await Promise.all([
        db.select().from(B).where(eq(B.active, true)).orderBy(asc(B.name)),
        db.select({ badgeId: A.badgeId, periodKey: A.periodKey, at: A.at }).from(A).where(eq(A.userId, userId)).orderBy(desc(A.at)),
      ])
      return badges.map((b) => {
        const own = awards.filter((a) => a.badgeId === b.id)
        return { badge: view(b), earned: own.length, lastPeriod: own[0]?.periodKey ?? null }
      })
    },

    async list(): Promise<Badge[]> {
      return (await db.select().from(B).orderBy(asc(B.name))).map(view)
    },

    async create(actorId: string, input: BadgeInput & { rule: BadgeRule }, now: number): Promise<Badge> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        await tx.insert(B).values({ id, ...columns(input), version: 1, createdAt: now, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId, entity: 'game_badge', entityId: id, action: 'created', after: fields(input) })
        await jobs.enqueue(tx, AWARD_JOB, {})
        return view((await tx.select().from(B).where(eq(B.id, id)))[0]!)
      })
    },

    async update(actorId: string, id: string, version: number, input: BadgeInput & { rule: BadgeRule }, now: number): Promise<Badge> {
      return database.transaction(async (tx) => {
        const [before] = await tx.select().from(B).where(eq(B.id, id))
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        await tx
          .update(B)
          .set({ ...columns(input), version: sql`${B.version} + 1`, updatedAt: now })
          .where(eq(B.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'game_badge', entityId: id, action: 'updated', ...changedFields(fields(before), fields(input)) })
        await jobs.enqueue(tx, AWARD_JOB, {})
        return view((await tx.select().from(B).where(eq(B.id, id)))[0]!)
      })
    },
  }
}
