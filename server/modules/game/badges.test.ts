import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { periodKey, periodRange } from '../../../shared/rules/game'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { Badge, BadgePreview, PlayerBadge } from '../../../shared/schemas/game'
import { testGame } from '../../test/game'
import { createTestApp } from '../../test/harness'

/**
 * Badges of the sales game (issue 20, decision 052): a rule of catalogue fields, whitelisted operators and numbers
 * becomes one parameterised SELECT the admin sees with what it would award; awards once per person and period, with
 * the badge's coins and a notification. A fixed data set in the game's own tables, answers worked out by hand.
 */
const app = await createTestApp()
const { db, t } = app.database
const game = testGame(app)
const admin = await app.login('admin@demo.test')
const seller = await app.login('seller@demo.test')
const sellerId = seller.answer.userData.id
const now = Date.now()
const today = businessDay(now)
const monday = periodRange('week', today)!.from
const lastWeek = addDays(monday, -3)

const idOf = async (email: string) => (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email)))[0]!.id
const [anna, erik, leila] = await Promise.all(['anna.lindqvist@demo.test', 'erik.johansson@demo.test', 'leila.haddad@demo.test'].map(idOf))
for (const table of [t.gameLedger, t.gameSales, t.gameTotals, t.gameXpDays, t.gameXpMonths, t.gameLevelsReached, t.gameBadges, t.gameBadgeAwards])
  await db.delete(table)

async function sale(userId: string, day: string, status: 'approved' | 'regret', orderValueOre = 100_000, scoreTenths: number | null = null) {
  await db.insert(t.gameSales).values({
    saleId: randomUUID(),
    sellerId: userId,
    teamId: null,
    officeId: null,
    sellDate: day,
    points: 10,
    orderValueOre,
    status,
    scoreTenths,
    lastEventId: 0,
    updatedAt: 0,
  })
}
// This week: Anna 3 approved (no regret); Erik 4 approved and 1 regret (20 %); Sven 2 approved; Leila 2 approved
// graded 90 and 80 (mean 85), order value 6,000 kr each. Last week: Sven 5 approved.
for (let i = 0; i < 3; i++) await sale(anna!, today, 'approved')
for (let i = 0; i < 4; i++) await sale(erik!, today, 'approved')
await sale(erik!, today, 'regret')
for (let i = 0; i < 2; i++) await sale(sellerId, today, 'approved')
await sale(leila!, today, 'approved', 600_000, 900)
await sale(leila!, today, 'approved', 600_000, 800)
for (let i = 0; i < 5; i++) await sale(sellerId, lastWeek, 'approved')
await db.insert(t.gameXpDays).values({ day: today, userId: erik!, teamId: '', officeId: '', xp: 400 })

const weekly = {
  combine: 'and',
  conditions: [
    { field: 'approved_orders', operator: '>=', value: 3 },
    { field: 'regret_rate', operator: '<', value: 20 },
  ],
}
const preview = async (period: string, rule: unknown) => {
  const r = await app.request('POST', '/api/game/admin/badges/preview', { cookie: admin.cookie, body: { period, rule } })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as BadgePreview
}

describe('badges', () => {
  it('previews a rule: its parameterised statement, who meets it this period and what it would have awarded so far', async () => {
    const p = await preview('week', weekly)
    // This week Anna alone (Erik's regret rate is 20 %, not under it); last week Sven: two awards, two people.
    expect(p).toMatchObject({ current: 1, awards: 2, people: 2, periods: 12 })
    expect(p.sql).toMatch(/game_sales/)
    // The numbers are parameters (PostgreSQL numbers its placeholders: $3 is not a 3).
    expect(p.sql.replace(/\$\d+/g, '?')).not.toMatch(/\b3\b|\b20\b/)
    expect(p.params).toEqual(expect.arrayContaining([3, 20, monday, periodRange('week', today)!.to]))
    // Either condition: Erik and Sven (this week and last) too.
    expect(await preview('week', { ...weekly, combine: 'or' })).toMatchObject({ current: 4 })
    expect(await preview('week', { conditions: [{ field: 'quality_score', operator: '>=', value: 85 }] })).toMatchObject({ current: 1 })
    expect(await preview('week', { conditions: [{ field: 'order_value', operator: '>', value: 10_000 }] })).toMatchObject({ current: 1 })
    expect(await preview('day', { conditions: [{ field: 'xp', operator: '=', value: 400 }] })).toMatchObject({ current: 1 })
    expect(await preview('all', { conditions: [{ field: 'approved_orders', operator: '>=', value: 7 }] })).toMatchObject({ current: 1, periods: 1 })
  })

  it('accepts only catalogue fields, the five operators and numbers: anything else is refused and saves nothing', async () => {
    for (const rule of [
      { conditions: [{ field: 'password', operator: '>=', value: 1 }] },
      { conditions: [{ field: 'xp', operator: '>= 0; drop table users; --', value: 1 }] },
      { conditions: [{ field: 'xp', operator: '>=', value: '1 or 1=1' }] },
      { conditions: [] },
      { combine: 'xor', conditions: [{ field: 'xp', operator: '>=', value: 1 }] },
    ]) {
      const r = await app.request('POST', '/api/game/admin/badges', { cookie: admin.cookie, body: { name: 'Hack', period: 'week', rule } })
      expect(r.status, JSON.stringify(rule)).toBe(400)
    }
    expect(await db.select().from(t.gameBadges)).toEqual([])
    expect((await app.request('POST', '/api/game/admin/badges/preview', { cookie: seller.cookie, body: { period: 'week', rule: weekly } })).status).toBe(403)
  })

  it('awards a badge once per person and period, with its coins and a notification; the seller sees what they earned', async () => {
    const r = await app.request('POST', '/api/game/admin/badges', {
      cookie: admin.cookie,
      body: { name: 'Veckans stjärna', description: 'Minst tre godkända ordrar och under 20 % ånger.', period: 'week', rule: weekly, coins: 50 },
    })
    expect(r.status, r.text).toBe(201)
    const badge = r.json as unknown as Badge
    // Saving enqueues the award job: this week's and last week's periods.
    await app.jobs.settled()
    await app.events.settled()
    const awards = await db.select({ userId: t.gameBadgeAwards.userId, key: t.gameBadgeAwards.periodKey }).from(t.gameBadgeAwards)
    expect(awards.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { userId: sellerId, key: periodKey('week', lastWeek) },
      { userId: anna, key: periodKey('week', today) },
    ])
    const coins = await db
      .select({ userId: t.gameLedger.userId, coins: t.gameLedger.coins })
      .from(t.gameLedger)
      .where(and(eq(t.gameLedger.kind, 'badge'), eq(t.gameLedger.refId, badge.id)))
    expect(coins).toHaveLength(2)
    expect(coins.every((c) => c.coins === 50)).toBe(true)
    const told = await db
      .select({ title: t.notifications.title })
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, anna!), eq(t.notifications.link, '/sales-flow/badges')))
    expect(told).toEqual([{ title: 'Nytt märke: Veckans stjärna' }])
    // Again (the hourly job): nothing new.
    expect(await game.badges.awardDue(now)).toBe(0)
    expect(await db.select().from(t.gameBadgeAwards)).toHaveLength(2)

    const mine = (await app.request('GET', '/api/game/badges', { cookie: seller.cookie })).json as { items: PlayerBadge[] }
    expect(mine.items).toEqual([
      expect.objectContaining({ badge: expect.objectContaining({ name: 'Veckans stjärna' }), earned: 1, lastPeriod: periodKey('week', lastWeek) }),
    ])
    // A stale edit is refused; a current one is saved.
    const stale = await app.request('PUT', `/api/game/admin/badges/${badge.id}`, {
      cookie: admin.cookie,
      body: { version: 5, badge: { name: 'X', period: 'week', rule: weekly } },
    })
    expect(stale.status).toBe(409)
    const ok = await app.request('PUT', `/api/game/admin/badges/${badge.id}`, {
      cookie: admin.cookie,
      body: { version: 1, badge: { name: 'Veckans stjärna', period: 'week', rule: weekly, coins: 75 } },
    })
    expect(ok.status, ok.text).toBe(200)
    expect(ok.json).toMatchObject({ coins: 75, version: 2 })
  })
})
