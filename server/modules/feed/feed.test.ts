import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { FeedComment, FeedItem, FeedPage } from '../../../shared/schemas/feed'
import { saleMoves } from '../../test/fixtures'
import { createTestApp } from '../../test/harness'

/**
 * The team feed (issue 76, docs/decisions/102): the moments of one's office (a sale once approved, and gone again on
 * a regret), managers' posts to the office or a team, reactions and comments with their alerts, removal by the
 * author, the person and the office's moderators, and each person's choice to hide their own moments.
 */
const app = await createTestApp()
const { db, t } = app.database
const seller = await app.login('seller@demo.test')
const manager = await app.login('manager@demo.test')
const backoffice = await app.login('backoffice@demo.test')
const sellerId = seller.answer.userData.id
const sellerName = seller.answer.userData.fullName
const office = seller.answer.userData.officeId!
expect(manager.answer.userData.officeId).toBe(office)
const product = (await app.products(seller.cookie))[0]!

/** A colleague in the seller's team, and a seller of another office, each signed in. */
const colleague = await app.newSeller({ firstName: 'Kollega', lastName: 'Flödesson' })
const [elsewhere] = await db
  .select({ email: t.users.email })
  .from(t.users)
  .innerJoin(t.teams, eq(t.teams.id, t.users.teamId))
  .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
  .where(sql`${t.teams.officeId} <> ${office} and ${t.roles.key} = 'seller' and ${t.users.active} = ${app.database.dialect === 'pg' ? sql`true` : sql`1`}`)
  .limit(1)
const stranger = await app.login(elsewhere!.email)

const pageOf = async (cookie: string, before?: string) => {
  const r = await app.request('GET', `/api/feed${before ? `?before=${before}` : ''}`, { cookie })
  expect(r.status, r.text).toBe(200)
  return r.json as unknown as FeedPage
}
const idsIn = async (cookie: string) => (await pageOf(cookie)).items.map((i) => i.id)
const sales = saleMoves(app, { seller: seller.cookie, backoffice: backoffice.cookie }, product)
const { move } = sales
const approvedSale = sales.approved
const itemOfSale = async (saleId: string) =>
  (
    await db
      .select()
      .from(t.feedItems)
      .where(eq(t.feedItems.sourceKey, `sale:${saleId}`))
  )[0]
const post = (cookie: string, body: Record<string, unknown>) => app.request('POST', '/api/feed/posts', { cookie, body })
const bellOf = async (userId: string, type: string) =>
  db
    .select()
    .from(t.notifications)
    .where(sql`${t.notifications.userId} = ${userId} and ${t.notifications.type} = ${type}`)

describe('the moments of an office', () => {
  it('shows a sale once back office approves it, to the office and not to another; a regret takes it out', async () => {
    const saleId = await sales.entered()
    await app.events.settled()
    expect(await itemOfSale(saleId)).toBeUndefined()
    await move(saleId, 'approved')
    const item = (await itemOfSale(saleId))!
    const seen = (await pageOf(colleague.cookie)).items.find((i) => i.id === item.id)!
    expect(seen).toMatchObject({ kind: 'sale', person: { id: sellerId, name: sellerName }, what: [product.name] })
    expect(await idsIn(stranger.cookie)).not.toContain(item.id)
    expect((await app.request('GET', `/api/feed/${item.id}`, { cookie: stranger.cookie })).status).toBe(404)
    // The event heard again writes nothing new.
    await app.events.settled()
    expect(
      await db
        .select()
        .from(t.feedItems)
        .where(eq(t.feedItems.sourceKey, `sale:${saleId}`)),
    ).toHaveLength(1)
    await move(saleId, 'regret')
    expect(await itemOfSale(saleId)).toBeUndefined()
    expect(await idsIn(colleague.cookie)).not.toContain(item.id)
  })

  it('leaves out the moments of someone who hides their own, except for themselves', async () => {
    const saleId = await approvedSale()
    const item = (await itemOfSale(saleId))!
    const hide = (hideOwn: boolean) => app.request('PUT', '/api/feed/settings', { cookie: seller.cookie, body: { muted: false, hideOwn } })
    expect((await hide(true)).status).toBe(200)
    expect(await idsIn(colleague.cookie)).not.toContain(item.id)
    expect(await idsIn(seller.cookie)).toContain(item.id)
    expect((await pageOf(seller.cookie)).settings).toEqual({ muted: false, hideOwn: true })
    expect((await hide(false)).status).toBe(200)
    expect(await idsIn(colleague.cookie)).toContain(item.id)
  })

  it('pages by time without repeating an item', async () => {
    const start = Date.now() - 365 * 86_400_000
    await db.insert(t.feedItems).values(
      Array.from({ length: 45 }, (_, i) => ({
        id: crypto.randomUUID(),
        kind: 'colleague' as const,
        sourceKey: `test:${i}`,
        officeId: office,
        teamId: null,
        subjectId: sellerId,
        authorId: null,
        what: [],
        at: start + Math.floor(i / 3) * 1000,
      })),
    )
    const seen: string[] = []
    let before: string | undefined
    for (let i = 0; i < 20; i++) {
      const page = await pageOf(colleague.cookie, before)
      seen.push(...page.items.map((x) => x.id))
      if (!page.next) break
      before = page.next
    }
    expect(new Set(seen).size).toBe(seen.length)
    const ours = await db
      .select({ id: t.feedItems.id })
      .from(t.feedItems)
      .where(sql`${t.feedItems.sourceKey} like 'test:%'`)
    for (const r of ours) expect(seen).toContain(r.id)
  })
})

describe("a manager's post", () => {
  it('reaches the office (and, to a team, only that team), tells them in the bell, and is refused to a seller', async () => {
    const r = await post(manager.cookie, { text: 'Fredagsfika kl 15!', officeId: office })
    expect(r.status, r.text).toBe(201)
    const item = r.json as unknown as FeedItem
    expect(item).toMatchObject({ kind: 'post', text: 'Fredagsfika kl 15!', person: { id: manager.answer.userData.id } })
    expect(await idsIn(colleague.cookie)).toContain(item.id)
    expect(await idsIn(stranger.cookie)).not.toContain(item.id)
    await app.events.settled()
    expect((await bellOf(colleague.answer.userData.id, 'feedPost')).map((n) => n.message)).toContain('Fredagsfika kl 15!')

    // To a team of the office: its people, and those who may post there.
    const [otherTeam] = await db
      .select({ id: t.teams.id })
      .from(t.teams)
      .where(sql`${t.teams.officeId} = ${office} and ${t.teams.id} <> ${seller.answer.userData.teamIds[0]!}`)
      .limit(1)
    const toTeam = (await post(manager.cookie, { text: 'Bara för er', officeId: office, teamId: otherTeam!.id })).json as unknown as FeedItem
    expect(await idsIn(colleague.cookie)).not.toContain(toTeam.id)
    expect(await idsIn(manager.cookie)).toContain(toTeam.id)

    expect((await post(seller.cookie, { text: 'Hej', officeId: office })).status).toBe(403)
    const other = await post(manager.cookie, { text: 'Hej', officeId: stranger.answer.userData.officeId })
    expect(other.status).toBe(400)
    expect(other.json.fieldErrors).toEqual({ officeId: ['Du får inte skriva inlägg till det kontoret'] })
    const badTeam = await post(manager.cookie, { text: 'Hej', officeId: office, teamId: stranger.answer.userData.teamIds[0] })
    expect(badTeam.json.fieldErrors).toEqual({ teamId: ['Välj ett team på kontoret'] })
    expect((await post(manager.cookie, { text: ' ', officeId: office })).status).toBe(400)
  })

  it('tells nothing to whoever muted the feed, though they still read it', async () => {
    const quiet = await app.newSeller({ firstName: 'Tyst', lastName: 'Flödesson' })
    expect((await app.request('PUT', '/api/feed/settings', { cookie: quiet.cookie, body: { muted: true, hideOwn: false } })).status).toBe(200)
    const item = (await post(manager.cookie, { text: 'Tyst inlägg', officeId: office })).json as unknown as FeedItem
    await app.events.settled()
    expect((await bellOf(quiet.answer.userData.id, 'feedPost')).map((n) => n.message)).not.toContain('Tyst inlägg')
    expect((await bellOf(colleague.answer.userData.id, 'feedPost')).map((n) => n.message)).toContain('Tyst inlägg')
    expect(await idsIn(quiet.cookie)).toContain(item.id)
    expect((await pageOf(quiet.cookie)).settings.muted).toBe(true)
  })

  it('shows its image to whoever sees the post, and to no one else', async () => {
    // A 1×1 PNG.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')
    const up = await app.request('POST', '/api/feed/images', { cookie: manager.cookie, body: new Uint8Array(png), headers: { 'content-type': 'image/png' } })
    expect(up.status, up.text).toBe(201)
    const imageId = up.json.id as string
    // Bytes that are no image are refused by their content, whatever they claim to be.
    const notImage = await app.request('POST', '/api/feed/images', {
      cookie: manager.cookie,
      body: new TextEncoder().encode('not an image'),
      headers: { 'content-type': 'image/png' },
    })
    expect(notImage.status).toBe(415)
    expect(notImage.json.message).toEqual(expect.any(String))
    const item = (await post(manager.cookie, { text: 'Kolla vår nya skylt', officeId: office, imageId })).json as unknown as FeedItem
    expect(item.image).toBe(`/api/files/${imageId}`)
    expect((await app.request('GET', `/api/files/${imageId}`, { cookie: colleague.cookie })).status).toBe(200)
    expect((await app.request('GET', `/api/files/${imageId}`, { cookie: stranger.cookie })).status).toBe(404)
    // Another's image is not theirs to post.
    const again = await post(manager.cookie, { text: 'Igen', officeId: office, imageId: crypto.randomUUID() })
    expect(again.json.fieldErrors).toEqual({ imageId: ['Bilden finns inte, ladda upp den igen'] })
  })
})

describe('reactions, comments and removal', () => {
  it('counts reactions, takes one back, tells the person whose moment it is, and removes a comment by its writer', async () => {
    const item = (await itemOfSale(await approvedSale()))!
    const react = (cookie: string, emoji: string) => app.request('POST', `/api/feed/${item.id}/reactions`, { cookie, body: { emoji } })
    expect((await react(colleague.cookie, '🔥')).json.reactions).toEqual([{ emoji: '🔥', count: 1, mine: true }])
    expect((await react(manager.cookie, '🔥')).json.reactions).toEqual([{ emoji: '🔥', count: 2, mine: true }])
    expect((await react(colleague.cookie, '🔥')).json.reactions).toEqual([{ emoji: '🔥', count: 1, mine: false }])
    expect((await react(colleague.cookie, '💩')).status).toBe(400)
    expect((await react(stranger.cookie, '🔥')).status).toBe(404)
    await app.events.settled()
    expect((await bellOf(sellerId, 'feedMine')).some((n) => n.title.includes('🔥'))).toBe(true)

    const said = await app.request('POST', `/api/feed/${item.id}/comments`, { cookie: colleague.cookie, body: { text: 'Snyggt jobbat!' } })
    expect(said.status, said.text).toBe(201)
    const comment = said.json as unknown as FeedComment
    expect(comment).toMatchObject({ text: 'Snyggt jobbat!', userId: colleague.answer.userData.id, mayRemove: true })
    expect((await app.request('POST', `/api/feed/${item.id}/comments`, { cookie: colleague.cookie, body: { text: 'x'.repeat(501) } })).status).toBe(400)
    const shown = (await pageOf(seller.cookie)).items.find((i) => i.id === item.id)!
    expect(shown.commentCount).toBe(1)
    expect(shown.comments[0]!.text).toBe('Snyggt jobbat!')
    // Another seller may not remove it; its writer may.
    const other = await app.newSeller({ firstName: 'Annan', lastName: 'Flödesson' })
    expect((await app.request('DELETE', `/api/feed/${item.id}/comments/${comment.id}`, { cookie: other.cookie })).status).toBe(403)
    expect((await app.request('DELETE', `/api/feed/${item.id}/comments/${comment.id}`, { cookie: colleague.cookie })).status).toBe(204)
    expect(((await app.request('GET', `/api/feed/${item.id}`, { cookie: seller.cookie })).json as unknown as FeedItem).comments).toEqual([])
  })

  it('is removed by its author or the office’s moderators, for everyone, and not by others', async () => {
    const item = (await post(manager.cookie, { text: 'Ta bort mig', officeId: office })).json as unknown as FeedItem
    expect((await app.request('DELETE', `/api/feed/${item.id}`, { cookie: colleague.cookie })).status).toBe(403)
    expect((await app.request('DELETE', `/api/feed/${item.id}`, { cookie: manager.cookie })).status).toBe(204)
    expect(await idsIn(colleague.cookie)).not.toContain(item.id)
    expect((await app.request('GET', `/api/feed/${item.id}`, { cookie: manager.cookie })).status).toBe(404)
    // A moment is removed by the person it is about too.
    const moment = (await itemOfSale(await approvedSale()))!
    expect((await app.request('DELETE', `/api/feed/${moment.id}`, { cookie: seller.cookie })).status).toBe(204)
    expect(await idsIn(colleague.cookie)).not.toContain(moment.id)
  })
})
