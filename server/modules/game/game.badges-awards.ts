import { asc, desc, eq } from 'drizzle-orm'
import { businessDay } from '../../../shared/rules/work'
import type { BadgePeriod, BadgePreview, BadgeRule, PlayerBadge } from '../../../shared/schemas/game'
import { PREVIEW_PERIODS } from './game.badges-context'
import type { GameBadgesContext } from './game.badges-context'

/** What a rule would award (the admin's preview) and the badges a person holds. */
export function gameBadgeAwards(ctx: GameBadgesContext) {
  const { periodsBack, ruleQuery, db, B, A, view } = ctx
  return {
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
  }
}
