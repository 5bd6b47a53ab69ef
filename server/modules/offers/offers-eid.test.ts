import { createHash } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OfferEidSettings, OfferView, PublicOffer, SaleOffers } from '../../../shared/schemas/offers'
import { saleArgs } from '../../test/fixtures'
import { createTestApp, ORIGIN, productsIn } from '../../test/harness'
import { startOidcProvider, type TestOidcProvider } from '../../test/oidc-op'
import { followProvider, setCookieOf, SSO_CLIENT } from '../../test/sso-flow'

/**
 * Accepting a written offer through the organisation's eID broker (issue 75, docs/decisions/100), against a real
 * OpenID Provider on loopback configured like a BankID broker (server/test/oidc-op.ts: oidc-provider 9, the certified
 * Node implementation, https://github.com/panva/node-oidc-provider; `acr` and the identity number `ssn` in the ID
 * token as Idura sends them). The customer's browser is played here: the app's way out followed through the
 * provider's pages, and back to the app's callback with the pending cookie.
 */
const app = await createTestApp()
const { db, t } = app.database
const CALLBACK = `${ORIGIN}/api/public/offers/eid/callback`
let op: TestOidcProvider

const backoffice = await app.login('backoffice@demo.test')
const coach = await app.login('coach@demo.test')
const seller = await app.login('seller@demo.test')
const phone = app.device(seller.cookie)
const alarm = productsIn(await phone.pull()).find((p) => p.name === 'Hemlarm Standard')!
const smoke = productsIn(await phone.pull()).find((p) => p.name === 'Brandvarnare (st)')!

beforeAll(async () => {
  op = await startOidcProvider({ ...SSO_CLIENT, redirectUris: [CALLBACK] })
})
afterAll(() => op.close())

const broker = (change: Record<string, unknown> = {}) => ({
  label: 'BankID',
  issuer: op.issuer,
  clientId: SSO_CLIENT.clientId,
  clientSecret: SSO_CLIENT.clientSecret,
  scopes: 'openid profile',
  acrValues: 'urn:grn:authn:se:bankid',
  identityNumberClaim: 'ssn',
  active: true,
  ...change,
})
const rule = (eid: string, version?: number) => ({
  providerId: alarm.providerId,
  country: 'SE',
  terms: { sv: 'Ångerrätt 14 dagar.', en: '', fi: '' },
  bindingMonths: 24,
  reminderAfterHours: 48,
  expiresAfterDays: 14,
  eid,
  active: true,
  ...(version ? { version } : {}),
})

async function newSale() {
  const args = saleArgs({ providerId: alarm.providerId, products: [{ productId: alarm.id, quantity: 1 }] }, { phone: '070-123 45 67' })
  expect(await phone.push('createSale', args)).toMatchObject({ applied: 1 })
  await app.events.settled()
  return args.id
}
/** A sale with its offer sent after the call: the customer's link token and the document's hash. */
async function offered() {
  const id = await newSale()
  const sent = await app.request('POST', `/api/offers/sales/${id}`, {
    cookie: seller.cookie,
    body: { callEndedAt: Date.now() - 60_000, language: 'sv', email: true, sms: false },
  })
  expect(sent.status, sent.text).toBe(201)
  const [mail] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'saleOffer')).orderBy(desc(t.mailOutbox.createdAt)).limit(1)
  const token = /\/offer\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!
  return { id, token, hash: (sent.json as unknown as OfferView).documentHash }
}
const readOffer = async (token: string) => (await app.request('GET', `/api/public/offers/${token}`)).json as unknown as PublicOffer
const offerRow = async (saleId: string) => (await db.select().from(t.offers).where(eq(t.offers.saleId, saleId)))[0]!
const versionOf = async (id: string) => (await db.select({ v: t.sales.version }).from(t.sales).where(eq(t.sales.id, id)))[0]!.v
const approve = async (id: string) =>
  app.request('POST', `/api/sale-reports/${id}/status`, { cookie: backoffice.cookie, body: { status: 'approved', version: await versionOf(id) } })

/** The customer leaves for the broker: the app's answer (to the broker, or back to the page with why not). */
const leave = (token: string, hash: string) => app.request('GET', `/api/public/offers/${token}/eid?documentHash=${hash}`)

/** Back at the app's callback (with the pending cookie, as the browser brings it): where the customer lands. */
async function comeBack(callbackUrl: URL, pending: string | undefined) {
  const r = await app.request('GET', callbackUrl.pathname + callbackUrl.search, {
    cookie: pending,
    headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Testkund' },
    ip: '203.0.113.9',
  })
  expect(r.status, r.text).toBe(303)
  return r.res.headers.get('location')!
}
/** The whole round: out, through the broker as the person the test set, and back. */
async function acceptWithEid(token: string, hash: string) {
  const out = await leave(token, hash)
  expect(out.status, out.text).toBe(302)
  const authorize = new URL(out.res.headers.get('location')!)
  return { authorize, landed: await comeBack(await followProvider(authorize.href), setCookieOf(out.res, 'sk_offer_eid')) }
}

describe('the eID broker', () => {
  it('is set up by back office (the secret sealed and never shown again); a coach, an http issuer and a rule before it are refused', async () => {
    const early = await app.request('POST', '/api/offer-rules', { cookie: backoffice.cookie, body: rule('required') })
    expect(early.status).toBe(400)
    expect(early.json.fieldErrors).toEqual({ eid: ['Sätt upp och slå på e-legitimationstjänsten först (fliken Regler)'] })
    expect((await app.request('GET', '/api/offer-eid', { cookie: backoffice.cookie })).json).toEqual({ broker: null })

    expect((await app.request('PUT', '/api/offer-eid', { cookie: coach.cookie, body: broker() })).status).toBe(403)
    const plain = await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker({ issuer: 'http://broker.example.com' }) })
    expect(plain.status).toBe(400)
    expect(Object.keys(plain.json.fieldErrors as object)).toEqual(['issuer'])

    const saved = await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker() })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toEqual({
      label: 'BankID',
      issuer: op.issuer,
      clientId: SSO_CLIENT.clientId,
      hasSecret: true,
      scopes: 'openid profile',
      acrValues: 'urn:grn:authn:se:bankid',
      identityNumberClaim: 'ssn',
      active: true,
      version: 1,
      updatedAt: expect.any(Number),
      redirectUri: CALLBACK,
    } satisfies OfferEidSettings)
    expect(JSON.stringify(saved.json)).not.toContain(SSO_CLIENT.clientSecret)
    const [row] = await db.select().from(t.offerEid)
    expect(row!.clientSecret).not.toContain(SSO_CLIENT.clientSecret)
    // A change without a secret keeps it; a stale version is refused.
    const kept = await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker({ clientSecret: undefined, version: 1 }) })
    expect(kept.json).toMatchObject({ hasSecret: true, version: 2 })
    expect((await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker({ version: 1 }) })).status).toBe(409)
  })

  it('a rule that needs an eID keeps the broker on', async () => {
    const made = await app.request('POST', '/api/offer-rules', { cookie: backoffice.cookie, body: rule('required') })
    expect(made.status, made.text).toBe(201)
    const off = await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker({ active: false, clientSecret: undefined }) })
    expect(off.status).toBe(400)
    expect(off.json.fieldErrors).toEqual({ active: ['En regel kräver e-legitimation: ändra den regeln innan tjänsten stängs av'] })
  })
})

describe('an offer only an eID accepts', () => {
  it('is not accepted by the link; the customer signs in at the broker, the acceptance keeps who it was, and the sale is approved', async () => {
    const { id, token, hash } = await offered()
    const shown = await readOffer(token)
    expect(shown).toMatchObject({ state: 'sent', eid: { mode: 'required', label: 'BankID' }, answeredWithEid: false })
    const byLink = await app.request('POST', `/api/public/offers/${token}`, { body: { decision: 'accept', documentHash: hash } })
    expect(byLink.status).toBe(409)
    expect(byLink.json).toMatchObject({ error: 'offer_eid_required' })
    expect((await approve(id)).json).toMatchObject({ error: 'offer_not_accepted' })

    const name = shown.document.customer.name
    op.person = { sub: 'bankid-kund-1', claims: { name, ssn: '19900101-1234' } }
    const { authorize, landed } = await acceptWithEid(token, hash)
    // Authorization code with PKCE, a state and a nonce, the broker's method, and a sign-in now (not a remembered one).
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: SSO_CLIENT.clientId,
      redirect_uri: CALLBACK,
      scope: 'openid profile',
      code_challenge_method: 'S256',
      acr_values: 'urn:grn:authn:se:bankid',
      prompt: 'login',
      max_age: '0',
      state: expect.any(String),
      nonce: expect.any(String),
    })
    expect(landed).toBe(`/offer/${token}?eid=accepted`)
    const row = await offerRow(id)
    expect(row).toMatchObject({
      state: 'accepted',
      answeredHash: hash,
      answerIp: '203.0.113.9',
      eidIssuer: op.issuer,
      eidSubject: 'bankid-kund-1',
      eidName: name,
      // The number only as its fingerprint, whichever way it was written.
      eidNumberHash: createHash('sha256').update('199001011234').digest('hex'),
      eidAcr: 'urn:grn:authn:se:bankid',
    })
    expect(row.eidAuthAt).toBeGreaterThan(Date.now() - 60_000)
    expect(await readOffer(token)).toMatchObject({ state: 'accepted', answeredWithEid: true })
    const side = (await app.request('GET', `/api/offers/sales/${id}`, { cookie: backoffice.cookie })).json as unknown as SaleOffers
    expect(side.offers[0]!.eidAcceptance).toEqual({
      issuer: op.issuer,
      subject: 'bankid-kund-1',
      name,
      nameMatches: true,
      hasIdentityNumber: true,
      acr: 'urn:grn:authn:se:bankid',
      at: row.eidAuthAt,
    })
    expect((await approve(id)).status).toBe(200)
  })

  it('a cancel at the broker, a forged ID token and a lost pending cookie accept nothing, and the page says why', async () => {
    const { id, token, hash } = await offered()
    // Cancelled: the broker answers access_denied.
    op.person = null
    expect((await acceptWithEid(token, hash)).landed).toBe(`/offer/${token}?eid=cancelled`)
    // An ID token for another client (signed by the broker's own key): openid-client refuses it.
    op.person = { sub: 'bankid-kund-2', claims: { name: 'Karin Kund' } }
    op.tamper = (payload) => ({ ...payload, aud: 'another-client' })
    try {
      expect((await acceptWithEid(token, hash)).landed).toBe(`/offer/${token}?eid=failed`)
    } finally {
      op.tamper = null
    }
    // Back without the cookie the way out set (another browser): nothing to take it for.
    const out = await leave(token, hash)
    expect(await comeBack(await followProvider(out.res.headers.get('location')!), undefined)).toBe('/offer/-?eid=expired')
    // The same pending acceptance twice: the code is used once.
    const again = await leave(token, hash)
    const back = await followProvider(again.res.headers.get('location')!)
    const pending = setCookieOf(again.res, 'sk_offer_eid')
    expect(await comeBack(back, pending)).toBe(`/offer/${token}?eid=accepted`)
    expect(await comeBack(back, pending)).toBe(`/offer/${token}?eid=answered`)
    expect(await offerRow(id)).toMatchObject({ state: 'accepted', eidSubject: 'bankid-kund-2' })
  })

  it('an offer whose sale changed while the customer was at the broker is not accepted', async () => {
    const { id, token, hash } = await offered()
    op.person = { sub: 'bankid-kund-3', claims: { name: 'Någon Annan' } }
    const out = await leave(token, hash)
    const back = await followProvider(out.res.headers.get('location')!)
    // Meanwhile back office finds the order wrong and the seller corrects it.
    const deviation = await app.request('POST', `/api/sale-reports/${id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: await versionOf(id), deviationType: 'incorrect_order', reason: 'Fel antal' },
    })
    expect(deviation.status).toBe(200)
    const corrected = await phone.push('correctSale', {
      id,
      comment: null,
      changes: {
        products: [
          { productId: alarm.id, quantity: 1 },
          { productId: smoke.id, quantity: 2 },
        ],
      },
    })
    expect(corrected).toMatchObject({ applied: 1 })
    expect(await comeBack(back, setCookieOf(out.res, 'sk_offer_eid'))).toBe(`/offer/${token}?eid=changed`)
    expect(await offerRow(id)).toMatchObject({ state: 'sent', eidSubject: null, answeredAt: null })
    // Leaving with a document the offer no longer is goes nowhere.
    expect((await leave(token, '0'.repeat(64))).res.headers.get('location')).toBe(`/offer/${token}?eid=changed`)
  })
})

describe('an offer an eID may accept', () => {
  it('is accepted by the link or the eID; the name by the eID that is not the customer’s is flagged; a decline needs none', async () => {
    const [current] = (await app.request('GET', '/api/offer-rules', { cookie: backoffice.cookie })).json.items as Array<{ id: string; version: number }>
    const changed = await app.request('PUT', `/api/offer-rules/${current!.id}`, { cookie: backoffice.cookie, body: rule('optional', current!.version) })
    expect(changed.status, changed.text).toBe(200)

    const byLink = await offered()
    expect(await readOffer(byLink.token)).toMatchObject({ eid: { mode: 'optional', label: 'BankID' } })
    const ok = await app.request('POST', `/api/public/offers/${byLink.token}`, { body: { decision: 'accept', documentHash: byLink.hash } })
    expect(ok.json).toMatchObject({ state: 'accepted', answeredWithEid: false })
    expect((await approve(byLink.id)).status).toBe(200)

    const byEid = await offered()
    op.person = { sub: 'bankid-kund-4', claims: { given_name: 'Per', family_name: 'Persson' } }
    expect((await acceptWithEid(byEid.token, byEid.hash)).landed).toBe(`/offer/${byEid.token}?eid=accepted`)
    const side = (await app.request('GET', `/api/offers/sales/${byEid.id}`, { cookie: backoffice.cookie })).json as unknown as SaleOffers
    expect(side.offers[0]!.eidAcceptance).toMatchObject({ name: 'Per Persson', nameMatches: false, hasIdentityNumber: false })

    const declined = await offered()
    const no = await app.request('POST', `/api/public/offers/${declined.token}`, { body: { decision: 'decline', documentHash: declined.hash } })
    expect(no.json).toMatchObject({ state: 'declined' })
  })

  it('with the broker switched off, the page offers the link alone and the way out says it is unavailable', async () => {
    const off = await app.request('PUT', '/api/offer-eid', { cookie: backoffice.cookie, body: broker({ active: false, clientSecret: undefined }) })
    expect(off.status, off.text).toBe(200)
    const { token, hash } = await offered()
    expect(await readOffer(token)).toMatchObject({ eid: null })
    expect((await leave(token, hash)).res.headers.get('location')).toBe(`/offer/${token}?eid=unavailable`)
  })
})
