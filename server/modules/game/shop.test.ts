import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { GamePurchase, GameShop, Reward } from '../../../shared/schemas/game'
import { createTestApp } from '../../test/harness'
import { testGame } from '../../test/game'

/**
 * The rewards shop (issue 20, decision 052): an admin's rewards with variants and stock, a seller's purchase that
 * reserves the coins and the item at once, cancelling, the admin's approval or rejection, coin adjustments, and
 * refusals that change nothing — also when fifty sellers buy the last three at the same moment.
 */
const app = await createTestApp()
const { db, t } = app.database
const game = testGame(app)
const admin = await app.login('admin@demo.test')
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id

const coinsOf = async (userId: string) =>
  (await db.select({ coins: t.gameTotals.coins }).from(t.gameTotals).where(eq(t.gameTotals.userId, userId)))[0]?.coins ?? 0
const ledgerCoins = async (userId: string) =>
  Number(
    (
      await db
        .select({ c: sql<number>`coalesce(sum(${t.gameLedger.coins}), 0)` })
        .from(t.gameLedger)
        .where(eq(t.gameLedger.userId, userId))
    )[0]!.c,
  )
const stockOf = async (variantId: string) =>
  (await db.select({ stock: t.gameRewardVariants.stock }).from(t.gameRewardVariants).where(eq(t.gameRewardVariants.id, variantId)))[0]!.stock

async function newReward(body: Record<string, unknown>) {
  const r = await app.request('POST', '/api/game/admin/rewards', { cookie: admin.cookie, body })
  expect(r.status, r.text).toBe(201)
  return r.json as unknown as Reward
}
async function adjust(userId: string, coins: number, reason = 'Kampanjbonus') {
  const r = await app.request('POST', '/api/game/admin/adjustments', { cookie: admin.cookie, body: { userId, coins, reason } })
  expect(r.status, r.text).toBe(200)
  return r.json as { coins: number }
}
const buy = (variantId: string, id = randomUUID(), cookie = seller.cookie) => app.request('POST', '/api/game/purchases', { cookie, body: { id, variantId } })

describe('the rewards shop', () => {
  it('an admin adds a reward with variants; bad input is refused with the reason and adds nothing', async () => {
    const before = (await db.select({ n: sql<number>`count(*)` }).from(t.gameRewards))[0]!.n
    for (const [body, field, message] of [
      [{ name: 'Keps', priceCoins: 0, variants: [{ stock: 1 }] }, 'priceCoins', 'Priset är minst 1 Key Coin'],
      [{ name: 'Keps', priceCoins: 10, variants: [] }, 'variants', 'En belöning har minst en variant'],
      [
        {
          name: 'Keps',
          priceCoins: 10,
          variants: [
            { size: 'M', stock: 1 },
            { size: 'm', stock: 2 },
          ],
        },
        'variants',
        'Samma storlek och färg finns två gånger',
      ],
      [{ name: 'Keps', priceCoins: 10, variants: [{ stock: -1 }] }, 'variants.0.stock', 'Lagret kan inte vara negativt'],
      [{ name: '  ', priceCoins: 10, variants: [{ stock: 1 }] }, 'name', null],
    ] as const) {
      const r = await app.request('POST', '/api/game/admin/rewards', { cookie: admin.cookie, body })
      expect(r.status, JSON.stringify(body)).toBe(400)
      const errors = (r.json as { fieldErrors: Record<string, string[]> }).fieldErrors
      expect(Object.keys(errors)).toContain(field)
      if (message) expect(errors[field]).toContain(message)
    }
    expect((await db.select({ n: sql<number>`count(*)` }).from(t.gameRewards))[0]!.n).toBe(before)

    const tee = await newReward({
      name: 'T-shirt',
      description: 'Säljkrafts t-shirt i ekologisk bomull.',
      priceCoins: 100,
      variants: [
        { size: 'M', colour: 'Svart', stock: 2 },
        { size: 'L', colour: 'Svart', stock: 0 },
      ],
    })
    expect(tee).toMatchObject({ name: 'T-shirt', priceCoins: 100, active: true, version: 1 })
    expect(tee.variants.map((v) => [v.size, v.colour, v.stock])).toEqual([
      ['M', 'Svart', 2],
      ['L', 'Svart', 0],
    ])
    // Not the admin's: refused.
    expect(
      (await app.request('POST', '/api/game/admin/rewards', { cookie: seller.cookie, body: { name: 'X', priceCoins: 1, variants: [{ stock: 1 }] } })).status,
    ).toBe(403)
    expect((await app.request('GET', '/api/game/admin/purchases', { cookie: seller.cookie })).status).toBe(403)
    expect((await app.request('GET', '/api/game/shop', { cookie: backoffice.cookie })).status).toBe(403)
  })

  it('buying reserves the coins and the item at once; a repeated request buys once; refusals say why and change nothing', async () => {
    const cap = await newReward({ name: 'Keps', priceCoins: 60, variants: [{ colour: 'Röd', stock: 1 }] })
    const variantId = cap.variants[0]!.id
    const start = await coinsOf(sellerId)
    await adjust(sellerId, 100 - start, 'Startkapital')
    expect(await coinsOf(sellerId)).toBe(100)

    const id = randomUUID()
    const first = await buy(variantId, id)
    expect(first.status, first.text).toBe(201)
    expect(first.json).toMatchObject({ id, status: 'requested', priceCoins: 60, rewardName: 'Keps', variant: { colour: 'Röd' }, userName: 'Sven Säljare' })
    expect(await coinsOf(sellerId)).toBe(40)
    expect(await ledgerCoins(sellerId)).toBe(40)
    expect(await stockOf(variantId)).toBe(0)
    // The phone sent it again (its answer was lost): the same purchase, nothing more taken.
    const again = await buy(variantId, id)
    expect(again.status).toBe(200)
    expect((again.json as GamePurchase).id).toBe(id)
    expect(await coinsOf(sellerId)).toBe(40)

    // Out of stock; a variant that does not exist; too few coins: each refused with its reason, nothing moved.
    const out = await buy(variantId)
    expect(out.status).toBe(409)
    expect(out.json).toMatchObject({ error: 'out_of_stock', message: 'Keps är slut i den varianten just nu.' })
    const none = await buy(randomUUID())
    expect(none.status).toBe(404)
    expect(none.json).toMatchObject({ error: 'no_such_variant' })
    const dear = await newReward({ name: 'Hörlurar', priceCoins: 500, variants: [{ stock: 5 }] })
    const poor = await buy(dear.variants[0]!.id)
    expect(poor.status).toBe(409)
    expect(poor.json).toMatchObject({ error: 'too_few_coins', message: 'Du har 40 Key Coins, och det här kostar 500.' })
    expect(await stockOf(dear.variants[0]!.id)).toBe(5)
    expect(await coinsOf(sellerId)).toBe(40)
    expect(await ledgerCoins(sellerId)).toBe(40)

    // The shop as the seller sees it: their coins, the rewards, their purchase.
    const shop = (await app.request('GET', '/api/game/shop', { cookie: seller.cookie })).json as unknown as GameShop
    expect(shop.coins).toBe(40)
    expect(shop.rewards.map((r) => r.name)).toEqual(expect.arrayContaining(['Keps', 'Hörlurar', 'T-shirt']))
    expect(shop.purchases[0]).toMatchObject({ id, status: 'requested' })
    // The ledger names what was bought.
    const [row] = await db
      .select()
      .from(t.gameLedger)
      .where(and(eq(t.gameLedger.userId, sellerId), eq(t.gameLedger.refId, id)))
    expect(row).toMatchObject({ kind: 'purchase', coins: -60, xp: 0, reason: 'Keps · Röd' })
  })

  it('the buyer cancels before the decision; the admin approves or rejects with a reason; each decided once', async () => {
    const mug = await newReward({ name: 'Mugg', priceCoins: 10, variants: [{ stock: 3 }] })
    const variantId = mug.variants[0]!.id
    await adjust(sellerId, 30)
    const coins = await coinsOf(sellerId)
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()]
    for (const id of [a, b, c]) expect((await buy(variantId, id)).status).toBe(201)
    expect(await coinsOf(sellerId)).toBe(coins - 30)
    expect(await stockOf(variantId)).toBe(0)

    const cancelled = await app.request('POST', `/api/game/purchases/${a}/cancel`, { cookie: seller.cookie, body: { version: 1 } })
    expect(cancelled.status, cancelled.text).toBe(200)
    expect(cancelled.json).toMatchObject({ status: 'cancelled', version: 2 })
    expect(await coinsOf(sellerId)).toBe(coins - 20)
    expect(await stockOf(variantId)).toBe(1)
    const twice = await app.request('POST', `/api/game/purchases/${a}/cancel`, { cookie: seller.cookie, body: { version: 2 } })
    expect(twice.status).toBe(409)
    expect(twice.json).toMatchObject({ error: 'already_decided' })

    // The admin's list of what waits; approve one.
    const waiting = (await app.request('GET', '/api/game/admin/purchases?status=requested', { cookie: admin.cookie })).json as { items: GamePurchase[] }
    expect(waiting.items.map((p) => p.id)).toEqual(expect.arrayContaining([b, c]))
    const stale = await app.request('POST', `/api/game/admin/purchases/${b}/decision`, { cookie: admin.cookie, body: { version: 7, decision: 'approve' } })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ error: 'changed_elsewhere' })
    const approved = await app.request('POST', `/api/game/admin/purchases/${b}/decision`, { cookie: admin.cookie, body: { version: 1, decision: 'approve' } })
    expect(approved.status, approved.text).toBe(200)
    expect(approved.json).toMatchObject({ status: 'approved', decidedByName: 'Astrid Admin' })
    // The seller cannot take back what is handed out.
    expect((await app.request('POST', `/api/game/purchases/${b}/cancel`, { cookie: seller.cookie, body: { version: 2 } })).status).toBe(409)

    // A rejection needs its reason, gives the coins and the item back, and the seller reads why.
    const bare = await app.request('POST', `/api/game/admin/purchases/${c}/decision`, { cookie: admin.cookie, body: { version: 1, decision: 'reject' } })
    expect(bare.status).toBe(400)
    const rejected = await app.request('POST', `/api/game/admin/purchases/${c}/decision`, {
      cookie: admin.cookie,
      body: { version: 1, decision: 'reject', reason: 'Muggarna är slut på kontoret.' },
    })
    expect(rejected.status, rejected.text).toBe(200)
    expect(rejected.json).toMatchObject({ status: 'rejected', reason: 'Muggarna är slut på kontoret.' })
    expect(await coinsOf(sellerId)).toBe(coins - 10)
    expect(await ledgerCoins(sellerId)).toBe(await coinsOf(sellerId))
    expect(await stockOf(variantId)).toBe(2)
    // Another seller's purchase is not theirs to cancel.
    const other = await app.login('anna.lindqvist@demo.test')
    expect((await app.request('POST', `/api/game/purchases/${b}/cancel`, { cookie: other.cookie, body: { version: 2 } })).status).toBe(404)

    // Every step is in the activity log.
    const log = await db
      .select({ action: t.activityLog.action })
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entity, 'game_purchase'), eq(t.activityLog.entityId, c)))
    expect(log.map((l) => l.action).sort()).toEqual(['created', 'rejected'])
  })

  it('an admin adjusts coins with a reason; a deduction never takes the balance below zero', async () => {
    const coins = await coinsOf(sellerId)
    const r = await app.request('POST', '/api/game/admin/adjustments', {
      cookie: admin.cookie,
      body: { userId: sellerId, coins: -(coins + 1), reason: 'Rättelse' },
    })
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({ error: 'too_few_coins' })
    expect(await coinsOf(sellerId)).toBe(coins)
    expect((await app.request('POST', '/api/game/admin/adjustments', { cookie: admin.cookie, body: { userId: sellerId, coins: 5, reason: ' ' } })).status).toBe(
      400,
    )
    expect(
      (await app.request('POST', '/api/game/admin/adjustments', { cookie: admin.cookie, body: { userId: randomUUID(), coins: 5, reason: 'X' } })).status,
    ).toBe(404)
    expect(
      (await app.request('POST', '/api/game/admin/adjustments', { cookie: seller.cookie, body: { userId: sellerId, coins: 500, reason: 'X' } })).status,
    ).toBe(403)
    expect(await adjust(sellerId, -coins, 'Rättelse av dubbel bonus')).toEqual({ coins: 0 })
    const [row] = await db
      .select()
      .from(t.gameLedger)
      .where(eq(t.gameLedger.userId, sellerId))
      .orderBy(sql`${t.gameLedger.at} desc`)
      .limit(1)
    expect(row).toMatchObject({ kind: 'adjustment', coins: -coins, reason: 'Rättelse av dubbel bonus' })
  })

  it('an admin changes a reward; a purchase since they read it is a conflict, not a lost sale', async () => {
    const bag = await newReward({ name: 'Väska', priceCoins: 5, variants: [{ colour: 'Blå', stock: 2 }] })
    await adjust(sellerId, 5)
    expect((await buy(bag.variants[0]!.id)).status).toBe(201)
    const body = (stock: number, variantVersion: number) => ({
      version: 1,
      reward: {
        name: 'Väska',
        priceCoins: 8,
        variants: [
          { id: bag.variants[0]!.id, version: variantVersion, colour: 'Blå', stock },
          { colour: 'Grön', stock: 4 },
        ],
      },
    })
    const stale = await app.request('PUT', `/api/game/admin/rewards/${bag.id}`, { cookie: admin.cookie, body: body(10, 1) })
    expect(stale.status).toBe(409)
    expect(await stockOf(bag.variants[0]!.id)).toBe(1)
    const ok = await app.request('PUT', `/api/game/admin/rewards/${bag.id}`, { cookie: admin.cookie, body: body(10, 2) })
    expect(ok.status, ok.text).toBe(200)
    expect((ok.json as Reward).variants.map((v) => [v.colour, v.stock])).toEqual([
      ['Blå', 10],
      ['Grön', 4],
    ])
    expect(ok.json).toMatchObject({ priceCoins: 8, version: 2 })
  })

  it('fifty sellers buying the last three at the same moment: three get one, the stock ends at 0 and nobody pays for nothing', async () => {
    const hoodie = await newReward({ name: 'Huvtröja', priceCoins: 50, variants: [{ size: 'M', stock: 3 }] })
    const variantId = hoodie.variants[0]!.id
    const buyers = Array.from({ length: 50 }, () => randomUUID())
    await db.insert(t.gameTotals).values(buyers.map((userId) => ({ userId, xp: 0, coins: 50, updatedAt: 0 })))
    const results = await Promise.allSettled(buyers.map((userId) => game.shop.players.buy(userId, { id: randomUUID(), variantId }, Date.now())))
    const won = results.filter((r) => r.status === 'fulfilled')
    expect(won).toHaveLength(3)
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code, String(r.reason)).toBe('out_of_stock')
    expect(await stockOf(variantId)).toBe(0)
    const totals = await db
      .select({ coins: t.gameTotals.coins })
      .from(t.gameTotals)
      .where(sql`${t.gameTotals.userId} in ${buyers}`)
    expect(totals.filter((x) => x.coins === 0)).toHaveLength(3)
    expect(totals.filter((x) => x.coins === 50)).toHaveLength(47)
    const purchases = await db
      .select({ n: sql<number>`count(*)` })
      .from(t.gamePurchases)
      .where(eq(t.gamePurchases.variantId, variantId))
    expect(Number(purchases[0]!.n)).toBe(3)
  })

  it('one seller buying ten at once with coins for two: two are bought, the balance ends at zero', async () => {
    const pin = await newReward({ name: 'Pin', priceCoins: 20, variants: [{ stock: 100 }] })
    const userId = randomUUID()
    await db.insert(t.gameTotals).values({ userId, xp: 0, coins: 40, updatedAt: 0 })
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => game.shop.players.buy(userId, { id: randomUUID(), variantId: pin.variants[0]!.id }, Date.now())),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2)
    for (const r of results) if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('too_few_coins')
    expect(await coinsOf(userId)).toBe(0)
    expect(await stockOf(pin.variants[0]!.id)).toBe(98)
  })
})
