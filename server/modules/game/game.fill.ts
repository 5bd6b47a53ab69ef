import { and, asc, eq, gt, gte, sql } from 'drizzle-orm'
import { DEFAULT_QUALITY_STEPS, UNSURVEYED_WEIGHT_PERCENT } from '../../../shared/rules/game'
import type { Database, Db } from '../../db/client'

/**
 * The sales game's tables written from sales made without the game's service (the large data set's bulk inserts,
 * docs/decisions/052): the game's view of each sale since `since`, a ledger row for each sale that was approved
 * (XP weighted by its survey's score as the game's rule does) and one taking it back for each regretted after its
 * approval, the sums kept beside the ledger (totals, XP per day and month) and the levels reached. A sale's row is
 * booked on its sell date. As SELECTs, the same on both databases.
 */
export async function fillGame(database: Database, opts: { since: string; now: number }, tx?: Db): Promise<void> {
  if (!tx) return database.transaction((own) => fillGame(database, opts, own))
  const { t } = database
  const s = t.sales
  const g = t.gameSales
  const L = t.gameLedger

  // Correlated subqueries name their columns with the table (drizzle leaves them bare inside a select); double quotes
  // quote an identifier on both databases.
  const points = sql<number>`coalesce((select sum(sl."quantity" * pr."game_points") from "sale_lines" sl join "products" pr on pr."id" = sl."product_id" where sl."sale_id" = "sales"."id"), 0)`
  const score = sql<number | null>`(select max(qs."score_tenths") from "quality_surveys" qs where qs."sale_id" = "sales"."id" and qs."status" = 'answered')`
  await tx.insert(g).select(
    tx
      .select({
        saleId: s.id,
        sellerId: s.sellerId,
        teamId: s.teamId,
        officeId: s.officeId,
        sellDate: s.sellDate,
        points: points.as('points'),
        orderValueOre: s.orderValueOre,
        status: s.status,
        scoreTenths: score.as('score_tenths'),
        lastEventId: sql<number>`0`.as('last_event_id'),
        updatedAt: sql<number>`${opts.now}`.as('updated_at'),
      })
      .from(s)
      .where(gte(s.sellDate, opts.since)),
  )

  // XP = points × the quality weight of the survey's score (tenths), rounded half up; unsurveyed ×1. The numbers are
  // written into the statement: a bound number is a real on SQLite, and the division must be an integer's.
  const steps = [...DEFAULT_QUALITY_STEPS].sort((a, b) => b.minScore - a.minScore)
  const weight = sql.join(
    [
      sql`case when ${g.scoreTenths} is null then ${sql.raw(String(UNSURVEYED_WEIGHT_PERCENT))}`,
      ...steps.map(
        (st) => sql`when ${g.scoreTenths} >= ${sql.raw(String(Math.trunc(st.minScore * 10)))} then ${sql.raw(String(Math.trunc(st.weightPercent)))}`,
      ),
      sql`else ${sql.raw(String(UNSURVEYED_WEIGHT_PERCENT))} end`,
    ],
    sql` `,
  )
  const xp = sql<number>`(${g.points} * ${weight} + 50) / 100`
  const approvedOnce = sql`exists (select 1 from "sale_status_history" hh where hh."sale_id" = "game_sales"."sale_id" and hh."status" = 'approved')`
  const row = (kind: 'sale' | 'regret', sign: 1 | -1, reason: ReturnType<typeof sql>, offsetMs: number) =>
    tx
      .select({
        id: sql<string>`${'seed:'} || ${g.saleId} || ${`:${kind}`}`.as('id'),
        userId: g.sellerId,
        kind: sql<string>`${kind}`.as('kind'),
        xp: sql<number>`${sql.raw(String(sign))} * ${xp}`.as('xp'),
        coins: sql<number>`${sql.raw(String(sign))} * ${g.points}`.as('coins'),
        saleId: g.saleId,
        refId: sql<string | null>`null`.as('ref_id'),
        reason: reason.as('reason'),
        eventId: sql<number | null>`null`.as('event_id'),
        teamId: g.teamId,
        officeId: g.officeId,
        day: g.sellDate,
        at: sql<number>`${s.soldAt} + ${sql.raw(String(offsetMs))}`.as('at'),
        byUserId: sql<string | null>`null`.as('by_user_id'),
      })
      .from(g)
      .innerJoin(s, eq(s.id, g.saleId))
  await tx
    .insert(L)
    .select(row('sale', 1, sql`null`, 0).where(and(gt(g.points, 0), sql`(${g.status} = 'approved' or (${g.status} = 'regret' and ${approvedOnce}))`)))
  const regretNote = sql`(select hh."note" from "sale_status_history" hh where hh."sale_id" = "game_sales"."sale_id" and hh."status" = 'regret' order by hh."at" desc limit 1)`
  await tx.insert(L).select(row('regret', -1, regretNote, 1).where(and(gt(g.points, 0), eq(g.status, 'regret'), approvedOnce)))

  // The sums kept beside the ledger.
  await tx.insert(t.gameTotals).select(
    tx
      .select({
        userId: L.userId,
        xp: sql<number>`sum(${L.xp})`.as('xp'),
        coins: sql<number>`sum(${L.coins})`.as('coins'),
        updatedAt: sql<number>`${opts.now}`.as('updated_at'),
      })
      .from(L)
      .groupBy(L.userId),
  )
  const team = sql<string>`coalesce(${L.teamId}, '')`
  const office = sql<string>`coalesce(${L.officeId}, '')`
  await tx.insert(t.gameXpDays).select(
    tx
      .select({ day: L.day, userId: L.userId, teamId: team.as('team_id'), officeId: office.as('office_id'), xp: sql<number>`sum(${L.xp})`.as('xp') })
      .from(L)
      .groupBy(L.day, L.userId, team, office)
      .having(sql`sum(${L.xp}) <> 0`),
  )
  const month = sql<string>`substr(${L.day}, 1, 7)`
  await tx.insert(t.gameXpMonths).select(
    tx
      .select({
        month: month.as('month'),
        userId: L.userId,
        teamId: team.as('team_id'),
        officeId: office.as('office_id'),
        xp: sql<number>`sum(${L.xp})`.as('xp'),
      })
      .from(L)
      .groupBy(month, L.userId, team, office)
      .having(sql`sum(${L.xp}) <> 0`),
  )
  // The levels each person's XP holds now, as reached.
  const levels = await tx.select({ id: t.gameLevels.id, requiredXp: t.gameLevels.requiredXp }).from(t.gameLevels).orderBy(asc(t.gameLevels.requiredXp))
  for (const level of levels.filter((x) => x.requiredXp > 0))
    await tx.insert(t.gameLevelsReached).select(
      tx
        .select({ userId: t.gameTotals.userId, levelId: sql<string>`${level.id}`.as('level_id'), at: sql<number>`${opts.now}`.as('at') })
        .from(t.gameTotals)
        .where(gte(t.gameTotals.xp, level.requiredXp)),
    )
}
