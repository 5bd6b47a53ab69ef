import { randomUUID } from 'node:crypto'
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { GameStanding } from '../../../shared/schemas/game'
import type { DomainEvent } from '../../platform/events'
import { saleArgs } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'
import { testGame } from '../../test/game'

/**
 * The sales game's ledger (docs/decisions/052), fed by the sales and quality areas' events: what an approval, a
 * grade and a regret book, the sums kept beside the ledger, the levels reached, and replays that book nothing new.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id
const push = app.device(seller.cookie).push
const products = await app.products(seller.cookie)
const product = products[0]!
// The demo's game (levels, its seller's earnings, colleagues' XP) out of the way: this file's data set is its own.
for (const table of [t.gameLedger, t.gameSales, t.gameTotals, t.gameXpDays, t.gameXpMonths, t.gameLevelsReached, t.gameLevels]) await db.delete(table)
await db.update(t.products).set({ gamePoints: 30 }).where(eq(t.products.id, product.id))
await db.insert(t.gameLevels).values([
  { id: randomUUID(), number: 1, name: 'Rookie', requiredXp: 0, benefits: '', createdAt: 0, updatedAt: 0 },
  { id: randomUUID(), number: 2, name: 'Closer', requiredXp: 50, benefits: 'Egen parkering', createdAt: 0, updatedAt: 0 },
])

async function newSale(quantity: number) {
  const args = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity }] })
  expect(await push('createSale', args)).toMatchObject({ applied: 1 })
  return args.id
}
async function move(saleId: string, body: Record<string, unknown>) {
  const [sale] = await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, saleId))
  const r = await app.request('POST', `/api/sale-reports/${saleId}/status`, { cookie: backoffice.cookie, body: { version: sale!.v, ...body } })
  expect(r.status, r.text).toBe(200)
}
/** A survey's grade as the quality area records it (its own tests cover how an answer gets there). */
async function graded(saleId: string, scoreTenths: number) {
  await app.database.transaction((tx) =>
    app.events.record(
      tx,
      'quality.graded',
      {
        surveyId: randomUUID(),
        saleId,
        sellerId,
        teamId: null,
        officeId: null,
        providerId: product.providerId,
        grade: 'A',
        scoreTenths,
        nkiTenths: null,
        channel: 'call',
      },
      { actorId: null, at: Date.now() },
    ),
  )
}
const ledgerOf = (saleId: string) =>
  db
    .select({ kind: t.gameLedger.kind, xp: t.gameLedger.xp, coins: t.gameLedger.coins, reason: t.gameLedger.reason })
    .from(t.gameLedger)
    .where(eq(t.gameLedger.saleId, saleId))
    .orderBy(asc(t.gameLedger.at), asc(t.gameLedger.eventId))
const totals = async () => (await db.select().from(t.gameTotals).where(eq(t.gameTotals.userId, sellerId)))[0] ?? { xp: 0, coins: 0 }
const xpMonths = async () =>
  Number(
    (
      await db
        .select({ xp: sql<number>`coalesce(sum(${t.gameXpMonths.xp}), 0)` })
        .from(t.gameXpMonths)
        .where(eq(t.gameXpMonths.userId, sellerId))
    )[0]!.xp,
  )
const xpDays = async () =>
  Number(
    (
      await db
        .select({ xp: sql<number>`coalesce(sum(${t.gameXpDays.xp}), 0)` })
        .from(t.gameXpDays)
        .where(eq(t.gameXpDays.userId, sellerId))
    )[0]!.xp,
  )

describe('the ledger of a sale (decision 052)', () => {
  it('an approval books the points as coins and XP, a grade weights the XP, a regret takes both back with its reason', async () => {
    const saleId = await newSale(2)
    await app.events.settled()
    // Waiting for approval: known to the game with its points, nothing earned.
    expect((await db.select().from(t.gameSales).where(eq(t.gameSales.saleId, saleId)))[0]).toMatchObject({ points: 60, status: 'finalized' })
    expect(await ledgerOf(saleId)).toEqual([])

    await move(saleId, { status: 'approved' })
    await app.events.settled()
    expect(await ledgerOf(saleId)).toEqual([{ kind: 'sale', xp: 60, coins: 60, reason: null }])
    expect(await totals()).toMatchObject({ xp: 60, coins: 60 })
    // 60 XP passes the second level's 50 (the first needs none: everyone holds it): reached, with its event for the
    // notification.
    const reached = await db.select().from(t.gameLevelsReached).where(eq(t.gameLevelsReached.userId, sellerId))
    expect(reached).toHaveLength(1)
    const raised = await db.select({ payload: t.domainEvents.payload }).from(t.domainEvents).where(eq(t.domainEvents.name, 'game.levelReached'))
    expect(raised.map((r) => r.payload)).toEqual([expect.objectContaining({ userId: sellerId, levelNumber: 2, levelName: 'Closer', xp: 60 })])
    // … and the seller is told, in their language, with a link to the levels.
    const told = await db
      .select({ type: t.notifications.type, title: t.notifications.title, link: t.notifications.link })
      .from(t.notifications)
      .where(and(eq(t.notifications.userId, sellerId), eq(t.notifications.link, '/sales-flow/level')))
    expect(told).toEqual([{ type: 'competition', title: 'Grattis! Du har nått nivå 2: Closer', link: '/sales-flow/level' }])

    // Graded 90: ×1.5 XP, the coins stay.
    await graded(saleId, 900)
    await app.events.settled()
    expect((await ledgerOf(saleId)).at(-1)).toEqual({ kind: 'quality', xp: 30, coins: 0, reason: null })
    expect(await totals()).toMatchObject({ xp: 90, coins: 60 })

    await move(saleId, { status: 'regret', reason: 'Kunden ångrade sig.' })
    await app.events.settled()
    expect((await ledgerOf(saleId)).at(-1)).toEqual({ kind: 'regret', xp: -90, coins: -60, reason: 'Kunden ångrade sig.' })
    expect(await totals()).toMatchObject({ xp: 0, coins: 0 })
    // The XP per day equals the ledger; no level is reached twice.
    expect(await xpDays()).toBe(0)
    expect(await db.select().from(t.gameLevelsReached).where(eq(t.gameLevelsReached.userId, sellerId))).toHaveLength(1)
  })

  it('GET /api/game/me: one’s own XP, coins, level with the way to the next, and the latest ledger rows', async () => {
    const saleId = await newSale(1)
    await move(saleId, { status: 'approved' })
    await app.events.settled()
    const r = await app.request('GET', '/api/game/me', { cookie: seller.cookie })
    expect(r.status).toBe(200)
    const me = r.json as unknown as GameStanding
    const own = await totals()
    expect(me).toMatchObject({ xp: own.xp, coins: own.coins })
    expect(me.levels.map((l) => [l.number, l.name, l.requiredXp])).toEqual([
      [1, 'Rookie', 0],
      [2, 'Closer', 50],
    ])
    // 30 XP: the first level, 20 XP to the second.
    expect(me).toMatchObject({ current: { number: 1 }, next: { number: 2, benefits: 'Egen parkering' }, xpToNext: 50 - own.xp })
    expect(me.ledger[0]).toMatchObject({ kind: 'sale', xp: 30, coins: 30, saleId })
    // The second level was reached before the regret of the first test: kept, and the one to celebrate.
    expect(me.reached).toEqual([2])
    expect(me.lastReached).toMatchObject({ number: 2, name: 'Closer', benefits: 'Egen parkering' })
    // Without the game's permission (back office plays no game), or signed out: refused.
    expect((await app.request('GET', '/api/game/me', { cookie: backoffice.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/game/me')).status).toBe(401)
  })

  it('replaying every event of the period twice books nothing new, and a game rebuilt from the events books the same', async () => {
    const a = await newSale(1)
    const b = await newSale(3)
    const c = await newSale(1)
    await move(a, { status: 'approved' })
    await move(b, { status: 'approved' })
    await graded(b, 450)
    await move(c, { status: 'approved' })
    await move(c, { status: 'regret', reason: 'Ångerrätt' })
    await app.events.settled()

    const snapshot = async () => ({
      rows: (await db.select({ n: sql<number>`count(*)` }).from(t.gameLedger))[0]!.n,
      bySale: await db
        .select({
          saleId: t.gameLedger.saleId,
          xp: sql<number>`sum(${t.gameLedger.xp})`.mapWith(Number),
          coins: sql<number>`sum(${t.gameLedger.coins})`.mapWith(Number),
        })
        .from(t.gameLedger)
        .groupBy(t.gameLedger.saleId)
        .orderBy(t.gameLedger.saleId),
      totals: await db.select({ userId: t.gameTotals.userId, xp: t.gameTotals.xp, coins: t.gameTotals.coins }).from(t.gameTotals).orderBy(t.gameTotals.userId),
      xpDays: await xpDays(),
      xpMonths: await xpMonths(),
    })
    const before = await snapshot()
    expect(before.bySale.find((r) => r.saleId === a)).toEqual({ saleId: a, xp: 30, coins: 30 })
    // 90 points graded 45: ×0.5.
    expect(before.bySale.find((r) => r.saleId === b)).toEqual({ saleId: b, xp: 45, coins: 90 })
    expect(before.bySale.find((r) => r.saleId === c)).toEqual({ saleId: c, xp: 0, coins: 0 })
    expect(before.xpDays).toBe(before.totals.find((r) => r.userId === sellerId)!.xp)
    expect(before.xpMonths).toBe(before.xpDays)

    const game = testGame(app)
    const stored = await db
      .select()
      .from(t.domainEvents)
      .where(inArray(t.domainEvents.name, ['sale.created', 'sale.statusChanged', 'quality.graded']))
      .orderBy(asc(t.domainEvents.id))
    const replay = () =>
      app.database.transaction(async (tx) => {
        for (const row of stored) {
          const e = { id: row.id, name: row.name, payload: row.payload, actorId: row.actorId, occurredAt: row.occurredAt } as DomainEvent
          if (e.name === 'sale.created') await game.feed.fromSaleCreated(tx, e)
          else if (e.name === 'sale.statusChanged') await game.feed.fromSaleStatus(tx, e)
          else if (e.name === 'quality.graded') await game.feed.fromQualityGraded(tx, e)
        }
      })
    await replay()
    await replay()
    expect(await snapshot()).toEqual(before)

    // From nothing: the game's tables emptied and every event applied twice gives the same sums per sale and person.
    await app.database.transaction(async (tx) => {
      for (const table of [t.gameLedger, t.gameSales, t.gameTotals, t.gameXpDays, t.gameXpMonths, t.gameLevelsReached]) await tx.delete(table)
    })
    await replay()
    await replay()
    const rebuilt = await snapshot()
    expect(rebuilt.bySale).toEqual(before.bySale)
    expect(rebuilt.totals).toEqual(before.totals)
    expect(rebuilt.xpDays).toBe(before.xpDays)
    expect(rebuilt.xpMonths).toBe(before.xpDays)
  })
})
