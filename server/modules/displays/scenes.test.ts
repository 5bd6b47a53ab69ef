import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REALTIME_EVENTS, wire } from '../../../shared/realtime'
import { DISPLAY_SCENES } from '../../../shared/rules/displays'
import type { DisplayNewsflash, DisplayPairing, DisplayScenes, DisplayView } from '../../../shared/schemas/displays'
import { businessDay } from '../../../shared/rules/work'
import { saleMoves } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * What a paired office screen shows and hears (issue 76, docs/decisions/101): its office's leaderboards without
 * those hidden from others, the office's day, and a newsflash on its own channel the moment back office approves a
 * sale of its office (never on entry, never for another office); a revocation is told on the channel and closes its
 * socket.
 */
const app = await createTestApp()
const { db, t } = app.database
const admin = await app.login('admin@demo.test')
const seller = await app.login('seller@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id
const sellerName = seller.answer.userData.fullName
const product = (await app.products(seller.cookie))[0]!
await db.update(t.products).set({ gamePoints: 30 }).where(eq(t.products.id, product.id))

const [place] = await db
  .select({ officeId: sql<string>`coalesce(${t.users.officeId}, ${t.teams.officeId})`, teamId: t.users.teamId })
  .from(t.users)
  .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
  .where(eq(t.users.id, sellerId))
const office = place!.officeId
const [other] = await db
  .select({ id: t.offices.id })
  .from(t.offices)
  .where(sql`${t.offices.id} <> ${office}`)
  .limit(1)

/** Everything the realtime channel is asked to send, and the sessions it is asked to end. */
const sent: Array<{ channels: string[]; event: string; data: unknown }> = []
const ended: unknown[] = []
const trigger = app.realtime.trigger.bind(app.realtime)
app.realtime.trigger = async (channels, event, data) => {
  sent.push({ channels, event, data })
  return trigger(channels, event, data)
}
const endSessions = app.realtime.endSessions.bind(app.realtime)
app.realtime.endSessions = (e) => {
  ended.push(e)
  endSessions(e)
}

/** A kiosk paired by the admin to an office (every scene), with the credential it then sends. */
async function screen(officeId: string, teamIds: string[] = []) {
  const k = (await app.request('POST', '/api/public/displays')).json as unknown as DisplayPairing
  const scenes = DISPLAY_SCENES.map((scene) => ({ scene, seconds: 10 }))
  const r = await app.request('POST', '/api/displays/pair', { cookie: admin.cookie, body: { code: k.code, name: 'Skärm', officeId, teamIds, scenes } })
  expect(r.status, r.text).toBe(201)
  return { id: k.id, auth: `Display ${k.id}.${k.secret}`, view: r.json as unknown as DisplayView }
}
const scenesOf = async (auth: string) => {
  const r = await app.request('GET', '/api/display/scenes', { headers: { authorization: auth } })
  return { status: r.status, body: r.json as unknown as DisplayScenes }
}
const sales = saleMoves(app, { seller: seller.cookie, backoffice: backoffice.cookie }, product)
const { move } = sales
const approvedSale = sales.approved
const flashesTo = (id: string) =>
  sent.filter((s) => s.event === REALTIME_EVENTS.displayNewsflash && s.channels.includes(wire.display(id))).map((s) => s.data as DisplayNewsflash)

// Two colleagues of the seller's team with this month's and today's XP: one hidden from others, one not.
const colleagues = await db
  .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName })
  .from(t.users)
  .where(
    sql`${t.users.teamId} = ${place!.teamId} and ${t.users.id} <> ${sellerId} and ${t.users.active} = ${app.database.dialect === 'pg' ? sql`true` : sql`1`}`,
  )
  .limit(2)
const [hidden, shown] = colleagues.map((c) => ({ id: c.id, name: `${c.first} ${c.last}` }))
const today = businessDay(Date.now())
for (const [who, xp] of [
  [hidden!, 90_000],
  [shown!, 80_000],
] as const) {
  const D = t.gameXpDays
  const M = t.gameXpMonths
  await db
    .insert(D)
    .values({ day: today, userId: who.id, teamId: place!.teamId!, officeId: office, xp })
    .onConflictDoUpdate({ target: [D.day, D.userId, D.teamId, D.officeId], set: { xp } })
  await db
    .insert(M)
    .values({ month: today.slice(0, 7), userId: who.id, teamId: place!.teamId!, officeId: office, xp })
    .onConflictDoUpdate({ target: [M.month, M.userId, M.teamId, M.officeId], set: { xp } })
}
await app.request('PUT', '/api/game/me/ranking', { cookie: (await app.login(await emailOf(hidden!.id))).cookie, body: { ranked: false } })
async function emailOf(id: string) {
  const [u] = await db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, id))
  return u!.email
}

const mine = await screen(office)
const theirs = await screen(other!.id)
await approvedSale()

describe('what a paired screen shows', () => {
  it("shows its office's leaderboards without those hidden from others, and the office's day", async () => {
    const { status, body } = await scenesOf(mine.auth)
    expect(status).toBe(200)
    expect(body.office).toEqual({ id: office, name: expect.any(String) })
    expect(body.teams.map((x) => x.id)).toContain(place!.teamId)
    for (const board of [body.leaderboards.day, body.leaderboards.month]) {
      const names = board.map((r) => r.name)
      expect(names[0]).toBe(shown!.name)
      expect(board[0]).toMatchObject({ rank: 1, xp: 80_000 })
      expect(names).toContain(sellerName)
      expect(names).not.toContain(hidden!.name)
      expect(board.length).toBeLessThanOrEqual(10)
    }
    expect(body.leaderboards.day.find((r) => r.name === sellerName)!.initials).toMatch(/^\p{Lu}{2,}$/u)
    // The approved sale counts in the office's day, under the seller's team.
    expect(body.officeDay.sales).toBeGreaterThanOrEqual(1)
    expect(body.officeDay.teams.find((x) => x.id === place!.teamId)!.sales).toBeGreaterThanOrEqual(1)
    expect(body.budgets.month).toBe(today.slice(0, 7))
    expect(body.budgets.elapsed).toBeGreaterThan(0)
  })

  it('shows another office nothing of this one', async () => {
    const { status, body } = await scenesOf(theirs.auth)
    expect(status).toBe(200)
    expect(body.office.id).toBe(other!.id)
    const names = [...body.leaderboards.day, ...body.leaderboards.month].map((r) => r.name)
    expect(names).not.toContain(sellerName)
    expect(names).not.toContain(shown!.name)
    expect(body.teams.map((x) => x.id)).not.toContain(place!.teamId)
  })

  it('answers nothing without a paired credential', async () => {
    const k = (await app.request('POST', '/api/public/displays')).json as unknown as DisplayPairing
    expect((await scenesOf(`Display ${k.id}.${k.secret}`)).status).toBe(409)
    expect((await scenesOf('')).status).toBe(401)
    // Nor does a person's session reach it.
    expect((await app.request('GET', '/api/display/scenes', { cookie: admin.cookie })).status).toBe(401)
  })
})

describe('the newsflash', () => {
  it("flashes on the seller's office's screens when back office approves a sale, naming the seller and what was sold", async () => {
    sent.length = 0
    const saleId = await approvedSale()
    const [flash, ...more] = flashesTo(mine.id)
    expect(more).toEqual([])
    expect(flash).toMatchObject({ kind: 'sale', name: sellerName, teamId: place!.teamId, what: [product.name] })
    const [sale] = await db.select({ value: t.sales.orderValueOre }).from(t.sales).where(eq(t.sales.id, saleId))
    expect(flash!.orderValueOre).toBe(sale!.value)
    expect(flashesTo(theirs.id)).toEqual([])
    // A regret of the approved sale, and a new sale that is only entered, are never cheered.
    sent.length = 0
    await move(saleId, 'regret')
    await sales.entered()
    await app.events.settled()
    expect(flashesTo(mine.id)).toEqual([])
  })

  it('names nobody when the seller chose to be hidden from others', async () => {
    await app.request('PUT', '/api/game/me/ranking', { cookie: seller.cookie, body: { ranked: false } })
    sent.length = 0
    await approvedSale()
    await app.request('PUT', '/api/game/me/ranking', { cookie: seller.cookie, body: { ranked: true } })
    expect(flashesTo(mine.id)).toEqual([expect.objectContaining({ kind: 'sale', name: null, initials: null, teamId: place!.teamId })])
  })
})

describe("the screen's own channel", () => {
  const authOf = (auth: string, channel: string) =>
    app.request('POST', '/api/display/broadcasting/auth', {
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ socket_id: '1234.5678', channel_name: channel }).toString(),
    })

  it("is reached with the app's realtime settings and the screen's own auth endpoint", async () => {
    const r = await app.request('GET', '/api/display/realtime', { headers: { authorization: mine.auth } })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ key: expect.any(String), authEndpoint: '/api/display/broadcasting/auth' })
    expect((await app.request('GET', '/api/display/realtime', { cookie: admin.cookie })).status).toBe(401)
  })

  it('is signed for the screen alone', async () => {
    const own = await authOf(mine.auth, wire.display(mine.id))
    expect(own.status, own.text).toBe(200)
    expect((own.json as { auth: string }).auth).toMatch(/^[0-9a-f]+:[0-9a-f]{64}$/)
    expect((await authOf(mine.auth, wire.display(theirs.id))).status).toBe(403)
    expect((await authOf(mine.auth, wire.office(office))).status).toBe(403)
    expect((await authOf('', wire.display(mine.id))).status).toBe(401)
  })

  it('hears of its revocation at once, and its socket is closed', async () => {
    const s = await screen(office)
    sent.length = 0
    ended.length = 0
    const r = await app.request('POST', `/api/displays/${s.id}/revoke`, { cookie: admin.cookie, body: { version: s.view.version } })
    expect(r.status, r.text).toBe(200)
    await app.events.settled()
    expect(sent).toContainEqual({ channels: [wire.display(s.id)], event: REALTIME_EVENTS.displayChanged, data: { state: 'revoked' } })
    expect(ended).toContainEqual({ sessionIds: [`display:${s.id}`] })
    expect((await authOf(s.auth, wire.display(s.id))).status).toBe(403)
  })
})
