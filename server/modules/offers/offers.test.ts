import { and, desc, eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import type { OfferRule, OfferView, PublicOffer, SaleOffers } from '../../../shared/schemas/offers'
import { saleArgs } from '../../test/fixtures'
import { fake46elks } from '../../test/fake-46elks'
import { createTestApp, productsIn } from '../../test/harness'

/**
 * Written offers after a telesales call (issue 75, docs/decisions/094): where a provider's rule applies, a sale cannot
 * be approved without the customer's written acceptance of the offer sent after the call — answered on the very
 * document sent, which must still be the sale. A decline or an expiry leaves no contract: the sale is a regret.
 * SMS go to a stand-in of 46elks that checks every request against 46elks's own API description.
 */
const gateway = await fake46elks({ user: 'u46', password: 'p46' })
afterAll(() => gateway.close())
const app = await createTestApp({ SMS_URL: gateway.url, SMS_USER: 'u46', SMS_PASSWORD: 'p46', SMS_FROM: 'Saljkraft' })
const { db, t } = app.database

const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')
const seller = await app.login('seller@demo.test')
const westSeller = await app.login('sara.nystrom@demo.test')
const phone = app.device(seller.cookie)
const products = productsIn(await phone.pull())
const alarm = products.find((p) => p.name === 'Hemlarm Standard')!
const smoke = products.find((p) => p.name === 'Brandvarnare (st)')!
const other = products.find((p) => p.providerId !== alarm.providerId)!

const HOUR = 3_600_000
const rule = {
  providerId: alarm.providerId,
  country: 'SE',
  terms: { sv: 'Ångerrätt 14 dagar. Betalning mot faktura.', en: '', fi: '' },
  bindingMonths: 24,
  reminderAfterHours: 48,
  expiresAfterDays: 14,
  active: true,
}
const created = await app.request('POST', '/api/offer-rules', { cookie: backoffice.cookie, body: rule })

async function newSale(productId = alarm.id, providerId = alarm.providerId, quantity = 1) {
  const args = saleArgs({ providerId, products: [{ productId, quantity }] }, { phone: '070-123 45 67' })
  expect(await phone.push('createSale', args)).toMatchObject({ applied: 1 })
  await app.events.settled()
  return args.id
}
const offersOf = async (saleId: string, cookie = backoffice.cookie) =>
  (await app.request('GET', `/api/offers/sales/${saleId}`, { cookie })).json as unknown as SaleOffers
const send = (saleId: string, body: Record<string, unknown>, cookie = seller.cookie) => app.request('POST', `/api/offers/sales/${saleId}`, { cookie, body })
const goodSend = (callEndedAt = Date.now() - 60_000) => ({ callEndedAt, language: 'sv', email: true, sms: true })
const versionOf = async (id: string) => (await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, id)))[0]!.v
const approve = async (id: string) =>
  app.request('POST', `/api/sale-reports/${id}/status`, { cookie: backoffice.cookie, body: { status: 'approved', version: await versionOf(id) } })
/** The customer's link, as the newest offer's e-mail carries it. */
async function tokenOf() {
  const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'saleOffer')).orderBy(desc(t.mailOutbox.createdAt)).limit(1)
  return /\/offer\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
}
const readOffer = async (token: string) => (await app.request('GET', `/api/public/offers/${token}`)).json as unknown as PublicOffer
const answer = (token: string, body: Record<string, unknown>) =>
  app.request('POST', `/api/public/offers/${token}`, { body, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Testkund' }, ip: '203.0.113.7' })
const saleRow = async (id: string) => (await db.select().from(t.sales).where(eq(t.sales.id, id)))[0]!
const offerRows = (saleId: string) => db.select().from(t.offers).where(eq(t.offers.saleId, saleId))

describe('the rules per provider and country', () => {
  it('back office adds one; a second for the same provider and country, an unknown provider and a coach are refused', async () => {
    expect(created.status).toBe(201)
    expect(created.json).toMatchObject({ providerName: expect.any(String), country: 'SE', bindingMonths: 24, version: 1 })
    const twin = await app.request('POST', '/api/offer-rules', { cookie: backoffice.cookie, body: rule })
    expect(twin.status).toBe(400)
    expect(twin.json.fieldErrors).toEqual({ country: ['Leverantören har redan en regel för landet'] })
    const unknown = await app.request('POST', '/api/offer-rules', { cookie: backoffice.cookie, body: { ...rule, providerId: 'nope' } })
    expect(Object.keys(unknown.json.fieldErrors as object)).toEqual(['providerId'])
    expect((await app.request('POST', '/api/offer-rules', { cookie: coach.cookie, body: { ...rule, country: 'FI' } })).status).toBe(403)
    const rules = (await app.request('GET', '/api/offer-rules', { cookie: backoffice.cookie })).json.items as OfferRule[]
    expect(rules).toHaveLength(1)
  })

  it('the provider’s call script gains the law’s phrases once, and keeps back office’s wording of them (decision 098)', async () => {
    await app.events.settled()
    type Script = { providerId: string; must: Array<{ id: string; text: string }>; mustNot: Array<{ id: string; text: string }>; version: number }
    const scriptOf = async () =>
      ((await app.request('GET', '/api/transcription-scripts', { cookie: backoffice.cookie })).json.items as Script[]).find(
        (x) => x.providerId === alarm.providerId,
      )!
    const first = await scriptOf()
    // Beside the provider's own phrases (the demo's script).
    expect(first.must.map((p) => p.id)).toEqual(expect.arrayContaining(['law-se-purpose', 'law-se-written']))
    expect(first.mustNot.filter((p) => p.id.startsWith('law-')).map((p) => [p.id, p.text])).toEqual([
      ['law-se-no-deal', 'då är avtalet klart'],
      ['law-se-no-signed', 'du har nu tecknat'],
    ])
    const total = first.must.length + first.mustNot.length
    // Back office rewords one; the rule saved again adds nothing and changes nothing.
    const must = first.must.map((p) => (p.id === 'law-se-purpose' ? { ...p, text: 'jag ringer från Tryggt Hem' } : p))
    expect(
      (
        await app.request('PUT', `/api/transcription-scripts/${alarm.providerId}`, {
          cookie: backoffice.cookie,
          body: { must, mustNot: first.mustNot, version: first.version },
        })
      ).status,
    ).toBe(200)
    const current = (await app.request('GET', '/api/offer-rules', { cookie: backoffice.cookie })).json.items as OfferRule[]
    const again = await app.request('PUT', `/api/offer-rules/${current[0]!.id}`, {
      cookie: backoffice.cookie,
      body: { ...rule, version: current[0]!.version },
    })
    expect(again.status, again.text).toBe(200)
    await app.events.settled()
    const after = await scriptOf()
    expect([after.version, after.must.find((p) => p.id === 'law-se-purpose')!.text, after.must.length + after.mustNot.length]).toEqual([
      first.version + 1,
      'jag ringer från Tryggt Hem',
      total,
    ])
  })
})

describe('approval waits for the written acceptance', () => {
  it('a sale of a provider without a rule needs no offer and is approved as before', async () => {
    const id = await newSale(other.id, other.providerId)
    expect(await offersOf(id)).toMatchObject({ required: false, problem: null, mayPrepare: false, offers: [] })
    expect((await approve(id)).status).toBe(200)
    expect((await send(id, goodSend())).json).toMatchObject({ error: 'offer_not_required' })
  })

  it('a sale under the rule cannot be approved before an offer is accepted, and the refusal says why', async () => {
    const id = await newSale()
    expect(await offersOf(id)).toMatchObject({ required: true, country: 'SE', problem: 'missing', mayPrepare: true, hasEmail: true, hasPhone: true })
    const r = await approve(id)
    expect(r.status).toBe(409)
    expect(r.json).toMatchObject({
      error: 'offer_not_accepted',
      message: 'Försäljningen kan inte godkännas ännu: kunden har inte fått något skriftligt erbjudande',
    })
    expect((await saleRow(id)).status).toBe('finalized')
    // The bulk approval says so per row too.
    const bulk = await app.request('POST', '/api/sale-reports/status', {
      cookie: backoffice.cookie,
      body: { status: 'approved', items: [{ id, version: await versionOf(id) }] },
    })
    expect(bulk.json).toMatchObject({ moved: 0, results: [{ id, ok: false, httpStatus: 409, error: 'offer_not_accepted' }] })
  })

  it('an offer sent before the call ended, with no way to send it, or by another seller is refused and writes nothing', async () => {
    const id = await newSale()
    const early = await send(id, goodSend(Date.now() + 5 * 60_000))
    expect(early.status).toBe(400)
    expect(early.json.fieldErrors).toEqual({ callEndedAt: ['Samtalet har inte slutat vid den tiden: erbjudandet skickas först efter samtalet'] })
    const none = await send(id, { ...goodSend(), email: false, sms: false })
    expect(none.status).toBe(400)
    expect(Object.keys(none.json.fieldErrors as object)).toEqual(['email'])
    expect((await send(id, goodSend(), westSeller.cookie)).status).toBe(404)
    expect(await offerRows(id)).toHaveLength(0)
  })
})

describe('the offer, the customer’s answer and the evidence', () => {
  it('sent by e-mail (the whole document) and SMS (the link, to 46elks as its description asks); accepted on the document shown; then approved', async () => {
    const id = await newSale()
    const callEnded = Date.now() - 2 * 60_000
    const sent = await send(id, goodSend(callEnded))
    expect(sent.status).toBe(201)
    const offer = sent.json as unknown as OfferView
    expect(offer).toMatchObject({ state: 'sent', callEndedAt: callEnded, sentTo: { email: 'k***@example.se', sms: '+46*****4567' } })
    expect(offer.sentAt).toBeGreaterThanOrEqual(callEnded)
    const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'saleOffer')).orderBy(desc(t.mailOutbox.createdAt))
    expect(mail).toMatchObject({ to: 'karin@example.se', subject: expect.stringContaining('Ditt erbjudande från') })
    expect(mail!.text).toContain('1 × Hemlarm Standard')
    expect(mail!.text).toContain('Bindningstid: 24 månader')
    expect(mail!.text).toContain('Ångerrätt 14 dagar. Betalning mot faktura.')
    await app.jobs.settled()
    expect(gateway.violations).toEqual([])
    const sms = gateway.received.at(-1)!
    expect(sms).toMatchObject({ from: 'Saljkraft', to: '+46701234567' })
    const token = await tokenOf()
    expect(sms.message).toContain(`/offer/${token}`)
    expect((await db.select().from(t.smsOutbox).orderBy(desc(t.smsOutbox.createdAt)))[0]).toMatchObject({
      status: 'sent',
      gatewayId: expect.stringMatching(/^s/),
    })

    const shown = await readOffer(token)
    expect(shown).toMatchObject({ state: 'sent', language: 'sv', documentHash: offer.documentHash })
    expect(shown.document).toMatchObject({
      provider: expect.any(String),
      totalOre: alarm.priceOre,
      bindingMonths: 24,
      lines: [{ name: 'Hemlarm Standard', quantity: 1 }],
    })

    const stale = await answer(token, { decision: 'accept', documentHash: '0'.repeat(64) })
    expect(stale.status).toBe(409)
    expect(stale.json).toMatchObject({ error: 'offer_changed' })
    expect((await offerRows(id))[0]).toMatchObject({ state: 'sent', answeredAt: null })

    const ok = await answer(token, { decision: 'accept', documentHash: offer.documentHash })
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ state: 'accepted' })
    expect((await offerRows(id))[0]).toMatchObject({
      state: 'accepted',
      answeredHash: offer.documentHash,
      answerIp: '203.0.113.7',
      answerUserAgent: 'Mozilla/5.0 (iPhone) Testkund',
    })
    expect((await answer(token, { decision: 'decline', documentHash: offer.documentHash })).json).toMatchObject({ error: 'offer_answered' })
    expect(await offersOf(id)).toMatchObject({ problem: null, offers: [{ state: 'accepted', answerIp: '203.0.113.7' }] })
    expect((await approve(id)).status).toBe(200)
  })

  it('an acceptance after the sale changed is refused (the document no longer matches); a new offer supersedes the old', async () => {
    const id = await newSale()
    const first = (await send(id, goodSend())).json as unknown as OfferView
    const token = await tokenOf()
    // Back office finds the order wrong; the seller corrects the products from the phone.
    const deviation = await app.request('POST', `/api/sale-reports/${id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: await versionOf(id), deviationType: 'incorrect_order', reason: 'Fel antal' },
    })
    expect(deviation.status).toBe(200)
    expect(
      await phone.push('correctSale', {
        id,
        comment: null,
        changes: {
          products: [
            { productId: alarm.id, quantity: 1 },
            { productId: smoke.id, quantity: 2 },
          ],
        },
      }),
    ).toMatchObject({
      applied: 1,
    })
    const refused = await answer(token, { decision: 'accept', documentHash: first.documentHash })
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ error: 'offer_changed' })
    expect((await offerRows(id))[0]).toMatchObject({ state: 'sent' })

    const second = (await send(id, goodSend())).json as unknown as OfferView
    expect(second.documentHash).not.toBe(first.documentHash)
    expect((await answer(token, { decision: 'accept', documentHash: first.documentHash })).status).toBe(410)
    const fresh = await tokenOf()
    expect((await readOffer(fresh)).document.totalOre).toBe(alarm.priceOre + 2 * smoke.priceOre)
    expect((await answer(fresh, { decision: 'accept', documentHash: second.documentHash })).status).toBe(200)
    expect((await offersOf(id)).offers.map((o) => o.state)).toEqual(['accepted', 'superseded'])
    expect((await approve(id)).status).toBe(200)
  })

  it('a decline makes the sale a regret with the customer’s reason in its history', async () => {
    const id = await newSale()
    const offer = (await send(id, goodSend())).json as unknown as OfferView
    const r = await answer(await tokenOf(), { decision: 'decline', documentHash: offer.documentHash, reason: 'Har redan larm' })
    expect(r.status).toBe(200)
    expect(await saleRow(id)).toMatchObject({ status: 'regret' })
    const [history] = await db
      .select()
      .from(t.saleStatusHistory)
      .where(and(eq(t.saleStatusHistory.saleId, id), eq(t.saleStatusHistory.status, 'regret')))
    expect(history!.note).toBe('Kunden avböjde det skriftliga erbjudandet: Har redan larm')
    expect((await send(id, goodSend())).json).toMatchObject({ error: 'offer_sale_regretted' })
  })

  it('a sale back office regrets withdraws its open offer: the customer can no longer accept it', async () => {
    const id = await newSale()
    const offer = (await send(id, goodSend())).json as unknown as OfferView
    const token = await tokenOf()
    const r = await app.request('POST', `/api/sale-reports/${id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'regret', version: await versionOf(id), reason: 'Kunden ringde och ångrade sig' },
    })
    expect(r.status).toBe(200)
    expect((await answer(token, { decision: 'accept', documentHash: offer.documentHash })).status).toBe(410)
    await app.events.settled()
    expect((await offerRows(id))[0]).toMatchObject({ state: 'withdrawn' })
  })
})

describe('reminders and expiry', () => {
  it('reminded once after the rule’s hours (two sweeps at once send one), expired at its end: the sale is a regret', async () => {
    const id = await newSale()
    await send(id, goodSend())
    const token = await tokenOf()
    await app.jobs.settled()
    const smsBefore = gateway.received.length
    // 49 hours pass.
    const [row] = await offerRows(id)
    await db
      .update(t.offers)
      .set({ sentAt: row!.sentAt - 49 * HOUR, callEndedAt: row!.callEndedAt - 49 * HOUR })
      .where(eq(t.offers.id, row!.id))
    await Promise.all([app.jobs.enqueue(db, 'offers.sweep', {}, { uniqueKey: 'sweep-a' }), app.jobs.enqueue(db, 'offers.sweep', {}, { uniqueKey: 'sweep-b' })])
    await app.jobs.settled()
    expect((await offerRows(id))[0]!.remindedAt).not.toBeNull()
    const reminders = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'saleOfferReminder'))
    expect(reminders.filter((m) => m.text.includes(token))).toHaveLength(1)
    expect(gateway.received.slice(smsBefore).filter((s) => s.message.includes(token))).toHaveLength(1)
    expect(gateway.violations).toEqual([])

    // Its 14 days pass.
    await db
      .update(t.offers)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(t.offers.id, row!.id))
    expect((await readOffer(token)).state).toBe('expired')
    await app.jobs.enqueue(db, 'offers.sweep', {}, { uniqueKey: 'sweep-c' })
    await app.jobs.settled()
    expect((await offerRows(id))[0]).toMatchObject({ state: 'expired' })
    expect(await saleRow(id)).toMatchObject({ status: 'regret' })
    expect((await answer(token, { decision: 'accept', documentHash: row!.documentHash })).status).toBe(410)
  })
})

describe('who sees what', () => {
  it('the list and figures within the reader’s rules: back office all, a coach their teams’, another seller none of these', async () => {
    const all = (await app.request('GET', '/api/offers?itemsPerPage=100&orderBy=desc', { cookie: backoffice.cookie })).json
    expect(all.total).toBeGreaterThanOrEqual(6)
    const accepted = (await app.request('GET', '/api/offers?state=accepted&itemsPerPage=100', { cookie: backoffice.cookie })).json
    expect((accepted.items as Array<{ state: string }>).every((i: { state: string }) => i.state === 'accepted')).toBe(true)
    expect((await app.request('GET', '/api/offers?itemsPerPage=100', { cookie: coach.cookie })).json.total).toBe(all.total)
    expect((await app.request('GET', '/api/offers?itemsPerPage=100', { cookie: westSeller.cookie })).json.total).toBe(0)
    // Searched by the customer's name.
    expect((await app.request('GET', '/api/offers?itemsPerPage=100&q=KARIN', { cookie: backoffice.cookie })).json.total).toBe(all.total)
    expect((await app.request('GET', '/api/offers?itemsPerPage=100&q=nobody', { cookie: backoffice.cookie })).json.total).toBe(0)
    const today = new Date().toISOString().slice(0, 10)
    const stats = (await app.request('GET', `/api/offers/stats?from=${today}&to=${today}`, { cookie: backoffice.cookie })).json.providers as Array<{
      providerId: string
      accepted: number
      declined: number
      expired: number
      acceptanceRate: number
      medianAcceptMs: number
    }>
    const mine = stats.find((s) => s.providerId === alarm.providerId)!
    expect(mine).toMatchObject({ accepted: 2, declined: 1, expired: 0 })
    expect(mine.acceptanceRate).toBeCloseTo(2 / 3)
    expect(mine.medianAcceptMs).toBeGreaterThanOrEqual(0)
    const long = await app.request('GET', '/api/offers/stats?from=2024-01-01&to=2026-01-01', { cookie: backoffice.cookie })
    expect(long.status).toBe(400)
  })
})
