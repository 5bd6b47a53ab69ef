import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { addDays, businessDay } from '../../../shared/rules/work'
import type { Competition, CompetitionStanding } from '../../../shared/schemas/game'
import type { PullResult } from '../../../shared/schemas/sync'
import { saleArgs } from '../../test/fixtures'
import { testGame } from '../../test/game'
import { createTestApp, productsIn } from '../../test/harness'
import { activityOf } from '../../platform/activity-log'

/**
 * Competitions of the sales game (issue 20, decision 052): rules checked, a standing from the game's own tables
 * (worked out by hand for a fixed data set), live as sales are approved, seen by players only once published, and
 * finished — frozen, prizes paid, winners told — by its end job, even when the server was down at the end.
 */
const app = await createTestApp()
const { db, t } = app.database
const game = testGame(app)
const admin = await app.login('admin@demo.test')
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id
const today = businessDay(Date.now())

const idOf = async (email: string) => (await db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email)))[0]!.id
const teamOf = async (name: string) => (await db.select({ id: t.teams.id, officeId: t.teams.officeId }).from(t.teams).where(eq(t.teams.name, name)))[0]!
const [anna, erik, leila] = await Promise.all(['anna.lindqvist@demo.test', 'erik.johansson@demo.test', 'leila.haddad@demo.test'].map(idOf))
const [oresund, lund, vast] = await Promise.all(['Team Öresund', 'Team Lund', 'Team Väst'].map(teamOf))

// The demo's game out of the way: this file's sales are its own.
for (const table of [t.gameLedger, t.gameSales, t.gameTotals, t.gameXpDays, t.gameXpMonths, t.gameLevelsReached, t.gameCompetitions]) await db.delete(table)

/** An approved sale as the game keeps it (the game's own view of a sale; its events are tested elsewhere). */
async function approvedSale(sellerId: string, team: { id: string; officeId: string }, day: string, orderValueOre: number, status = 'approved') {
  await db.insert(t.gameSales).values({
    saleId: randomUUID(),
    sellerId,
    teamId: team.id,
    officeId: team.officeId,
    sellDate: day,
    points: 10,
    orderValueOre,
    status: status as 'approved',
    scoreTenths: null,
    lastEventId: 0,
    updatedAt: 0,
  })
}

async function create(body: Record<string, unknown>) {
  const r = await app.request('POST', '/api/game/admin/competitions', { cookie: admin.cookie, body })
  expect(r.status, r.text).toBe(201)
  return r.json as unknown as Competition
}
const standingOf = async (id: string, cookie = seller.cookie) => {
  const r = await app.request('GET', `/api/game/competitions/${id}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as CompetitionStanding
}
const period = { from: addDays(today, -3), to: addDays(today, 3) }

// Three days ago to today: Anna 3 approved (order value 3 × 1,000 kr), Sven 2 (5,000 kr), Erik 2 (2,000 kr), Leila
// (Lund) 1 (9,000 kr); Sara's (Väst, Göteborg) 4 are in another office; one of Erik's is a regret (not counted) and one
// of Anna's is from before the period.
for (let i = 0; i < 3; i++) await approvedSale(anna!, oresund!, addDays(today, -i), 100_000)
await approvedSale(anna!, oresund!, addDays(today, -10), 100_000)
await approvedSale(sellerId, oresund!, today, 250_000)
await approvedSale(sellerId, oresund!, addDays(today, -1), 250_000)
await approvedSale(erik!, oresund!, today, 100_000)
await approvedSale(erik!, oresund!, addDays(today, -2), 100_000)
await approvedSale(erik!, oresund!, today, 500_000, 'regret')
await approvedSale(leila!, lund!, addDays(today, -1), 900_000)
for (let i = 0; i < 4; i++) await approvedSale(await idOf('sara.nystrom@demo.test'), vast!, today, 10_000)

describe('competitions', () => {
  it('refuses rules that cannot hold, with the reason, and adds nothing', async () => {
    const base = { name: 'Veckans race', metric: 'approved_sales', kind: 'sellers', ...period }
    for (const [body, field] of [
      [{ ...base, from: period.to, to: period.from }, 'to'],
      [{ ...base, kind: 'teams', prizes: [{ rank: 1, coins: 100 }] }, 'prizes'],
      [
        {
          ...base,
          prizes: [
            { rank: 1, text: 'Middag' },
            { rank: 1, text: 'Lunch' },
          ],
        },
        'prizes',
      ],
      [{ ...base, prizes: [{ rank: 2 }] }, 'prizes'],
      [{ ...base, metric: 'vibes' }, 'metric'],
    ] as const) {
      const r = await app.request('POST', '/api/game/admin/competitions', { cookie: admin.cookie, body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys((r.json as { fieldErrors: object }).fieldErrors)).toContain(field)
    }
    expect(await db.select().from(t.gameCompetitions)).toEqual([])
    expect((await app.request('POST', '/api/game/admin/competitions', { cookie: seller.cookie, body: base })).status).toBe(403)
  })

  it('ranks sellers, teams and offices by approved sales, order value or XP over the period, in the offices chosen', async () => {
    const malmo = oresund!.officeId
    const race = await create({ name: 'Flest affärer', metric: 'approved_sales', kind: 'sellers', officeIds: [malmo], ...period, state: 'published' })
    const standing = await standingOf(race.id)
    expect(standing.rows.map((r) => [r.name, r.rank, r.value])).toEqual([
      ['Anna Lindqvist', 1, 3],
      ...[
        ['Erik Johansson', 2, 2],
        ['Sven Säljare', 2, 2],
      ].sort((a, b) => ((a[0] === 'Erik Johansson' ? erik! : sellerId) < (b[0] === 'Erik Johansson' ? erik! : sellerId) ? -1 : 1)),
      ['Leila Haddad', 4, 1],
    ])
    expect(standing).toMatchObject({ total: 4, frozen: false, mine: { name: 'Sven Säljare', rank: 2, value: 2 } })
    expect(standing.competition).toMatchObject({ phase: 'ongoing', state: 'published' })

    const value = await create({ name: 'Störst ordervärde', metric: 'order_value', kind: 'sellers', ...period, state: 'published' })
    expect((await standingOf(value.id)).rows.slice(0, 2).map((r) => [r.name, r.value])).toEqual([
      ['Leila Haddad', 900_000],
      ['Sven Säljare', 500_000],
    ])
    const teams = await create({ name: 'Lagkampen', metric: 'approved_sales', kind: 'teams', ...period, state: 'published' })
    expect((await standingOf(teams.id)).rows.map((r) => [r.name, r.value])).toEqual([
      ['Team Öresund', 7],
      ['Team Väst', 4],
      ['Team Lund', 1],
    ])
    expect((await standingOf(teams.id)).mine).toMatchObject({ name: 'Team Öresund', rank: 1 })
    const offices = await create({ name: 'Kontorskampen', metric: 'approved_sales', kind: 'offices', ...period, state: 'published' })
    expect((await standingOf(offices.id)).rows.map((r) => [r.name, r.value])).toEqual([
      ['Malmö', 8],
      ['Göteborg', 4],
    ])
    await db.insert(t.gameXpDays).values([
      { day: today, userId: erik!, teamId: oresund!.id, officeId: malmo, xp: 500 },
      { day: addDays(today, -20), userId: anna!, teamId: oresund!.id, officeId: malmo, xp: 900 },
    ])
    const xp = await create({ name: 'XP-jakten', metric: 'xp', kind: 'sellers', ...period, state: 'published' })
    expect((await standingOf(xp.id)).rows.map((r) => [r.name, r.value])).toEqual([['Erik Johansson', 500]])
  })

  it('moves live as a teammate’s sale is approved', async () => {
    const push = app.device(seller.cookie).push
    const pulled = (await app.request('POST', '/api/sync/pull', { cookie: seller.cookie, body: { clientId: randomUUID(), cookie: null } }))
      .json as unknown as PullResult
    const product = productsIn(pulled)[0]!
    const race = await create({ name: 'Dagens', metric: 'approved_sales', kind: 'sellers', ...period, state: 'published' })
    const before = (await standingOf(race.id)).mine!.value
    const args = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] })
    expect(await push('createSale', args)).toMatchObject({ applied: 1 })
    const [sale] = await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, args.id))
    const r = await app.request('POST', `/api/sale-reports/${args.id}/status`, { cookie: backoffice.cookie, body: { version: sale!.v, status: 'approved' } })
    expect(r.status, r.text).toBe(200)
    await app.events.settled()
    expect((await standingOf(race.id)).mine!.value).toBe(before + 1)
  })

  it('shows players only what is published; a hidden one runs for admins alone', async () => {
    const hidden = await create({ name: 'Testtävling', metric: 'approved_sales', kind: 'sellers', ...period, state: 'hidden' })
    const draft = await create({ name: 'Utkast', metric: 'approved_sales', kind: 'sellers', ...period })
    const seen = ((await app.request('GET', '/api/game/competitions', { cookie: seller.cookie })).json as { items: Competition[] }).items.map((c) => c.name)
    expect(seen).not.toContain('Testtävling')
    expect(seen).not.toContain('Utkast')
    expect(seen).toContain('Flest affärer')
    expect((await app.request('GET', `/api/game/competitions/${hidden.id}`, { cookie: seller.cookie })).status).toBe(404)
    expect((await standingOf(hidden.id, admin.cookie)).rows.length).toBeGreaterThan(0)
    // Published after the test: players see it; an edit with a stale version is refused.
    const stale = await app.request('PUT', `/api/game/admin/competitions/${draft.id}`, {
      cookie: admin.cookie,
      body: { version: 9, competition: { name: 'Utkast', metric: 'approved_sales', kind: 'sellers', ...period, state: 'published' } },
    })
    expect(stale.status).toBe(409)
    const published = await app.request('PUT', `/api/game/admin/competitions/${hidden.id}`, {
      cookie: admin.cookie,
      body: { version: 1, competition: { name: 'Testtävling', metric: 'approved_sales', kind: 'sellers', ...period, state: 'published' } },
    })
    expect(published.status, published.text).toBe(200)
    // The log holds what the admin did: the creation whole, the edit as the one field it changed.
    const log = await activityOf(app.database, 'game_competition', hidden.id)
    expect(log.map((l) => l.action)).toEqual(['updated', 'created'])
    expect(log[0]).toMatchObject({ before: { state: 'hidden' }, after: { state: 'published' } })
    expect(log[1]!.after).toMatchObject({
      name: 'Testtävling',
      metric: 'approved_sales',
      kind: 'sellers',
      officeIds: '',
      from: period.from,
      to: period.to,
      prizes: '[]',
    })
    expect(
      ((await app.request('GET', '/api/game/competitions', { cookie: seller.cookie })).json as { items: Competition[] }).items.map((c) => c.name),
    ).toContain('Testtävling')
  })

  it('ends by its job even when the server was down at its end: frozen, prizes paid once, winners told', async () => {
    // A competition whose last day was yesterday: its end job is due at once, as after a restart.
    const ended = await create({
      name: 'Förra veckan',
      metric: 'approved_sales',
      kind: 'sellers',
      from: addDays(today, -10),
      to: addDays(today, -1),
      prizes: [
        { rank: 1, coins: 500, text: 'Middag för två' },
        { rank: 2, coins: 200 },
      ],
      state: 'published',
    })
    await app.jobs.settled()
    await app.events.settled()
    const standing = await standingOf(ended.id)
    expect(standing.frozen).toBe(true)
    expect(standing.competition.state).toBe('finished')
    // Before today: Anna 3 (two in the last days, one ten days ago), Sven 1, Erik 1, Leila 1.
    expect(standing.rows[0]).toMatchObject({ name: 'Anna Lindqvist', rank: 1, value: 3 })
    const prizes = await db
      .select({ userId: t.gameLedger.userId, coins: t.gameLedger.coins })
      .from(t.gameLedger)
      .where(and(eq(t.gameLedger.kind, 'prize'), eq(t.gameLedger.refId, ended.id)))
    expect(prizes.find((p) => p.userId === anna)).toEqual({ userId: anna, coins: 500 })
    // Rank 2 is shared by three: each gets the prize.
    expect(prizes.filter((p) => p.coins === 200)).toHaveLength(3)
    const told = await db
      .select({ title: t.notifications.title, message: t.notifications.message })
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, anna!), eq(t.notifications.link, '/sales-flow/competitions')))
    expect(told).toEqual([{ title: 'Grattis! Du kom på plats 1 i Förra veckan', message: 'Du har fått 500 Key Coins. Middag för två' }])
    // Finishing again (the hourly sweep, a job run twice) changes nothing; a sale approved now does not move it.
    await game.competitions.finishDue(Date.now())
    expect(await game.competitions.finish(ended.id, Date.now())).toBe(false)
    expect(
      await db
        .select({ coins: t.gameLedger.coins })
        .from(t.gameLedger)
        .where(and(eq(t.gameLedger.kind, 'prize'), eq(t.gameLedger.refId, ended.id))),
    ).toHaveLength(4)
    expect(
      (
        await app.request('PUT', `/api/game/admin/competitions/${ended.id}`, {
          cookie: admin.cookie,
          body: { version: 2, competition: { name: 'X', metric: 'xp', kind: 'sellers', ...period } },
        })
      ).status,
    ).toBe(409)
  })
})
