import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import ece from 'http_ece'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

/**
 * Web Push against a local HTTPS push service (no internet): it checks the VAPID JWT (RFC 8292: audience, expiry,
 * ES256 signature by the key the server publishes) and decrypts the aes128gcm payload (RFC 8291) with the
 * subscription's private key, as a browser would.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sk-push-'))
execFileSync(
  'openssl',
  [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${dir}/key.pem`,
    '-out',
    `${dir}/cert.pem`,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
  ],
  { stdio: 'pipe' },
)
type Received = { path: string; headers: Record<string, string | string[] | undefined>; body: Buffer }
const received: Received[] = []
const service = https.createServer({ key: fs.readFileSync(`${dir}/key.pem`), cert: fs.readFileSync(`${dir}/cert.pem`) }, (req, res) => {
  const chunks: Buffer[] = []
  req.on('data', (c: Buffer) => chunks.push(c))
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) })
    res.statusCode = req.url?.startsWith('/push/gone') ? 410 : 201
    res.end()
  })
})
await new Promise<void>((r) => service.listen(0, '127.0.0.1', () => r()))
const port = (service.address() as AddressInfo).port
afterAll(async () => {
  await new Promise((r) => service.close(r))
  fs.rmSync(dir, { recursive: true, force: true })
})

const t = await createTestApp(
  { PUSH_EXTRA_HOSTS: '127.0.0.1', VAPID_SUBJECT: 'mailto:drift@saljkraft.test' },
  { deps: { pushAgent: new https.Agent({ rejectUnauthorized: false }) } },
)

const b64url = (b: Buffer) => b.toString('base64url')
/** A browser's subscription: its own P-256 key pair and auth secret. */
function browserSubscription(pathName: string) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  const auth = randomBytes(16)
  return {
    ecdh,
    auth,
    json: { endpoint: `https://127.0.0.1:${port}${pathName}`, expirationTime: null, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } },
  }
}

/**
 * RFC 8291 decryption as a browser does it, by http_ece — the reference implementation of RFC 8188's aes128gcm by its
 * author (its keyid the sender's ECDH key, the secret from the browser's key pair and auth secret) — checked against
 * RFC 8291's own worked example below before it reads anything the server sent.
 */
function decrypt(body: Buffer, sub: { ecdh: ReturnType<typeof createECDH>; auth: Buffer }): unknown {
  const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: sub.ecdh, authSecret: sub.auth.toString('base64url') }) as Buffer
  return JSON.parse(plain.toString('utf8'))
}

/** RFC 8291 §5 and Appendix A: the example message, the browser's keys and what it decrypts to. */
const RFC8291 = {
  plaintext: 'When I grow up, I want to be a watermelon',
  uaPrivate: 'q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94',
  uaPublic: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  authSecret: 'BTBZMqHH6r4Tts7J_aSIgg',
  body: 'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT signed with ES256 by that key for the push service's origin. */
function checkVapid(header: string, publicKey: string) {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header)
  expect(m).not.toBeNull()
  const [, jwt, k] = m!
  expect(k).toBe(publicKey)
  const [h, p, s] = jwt!.split('.')
  expect(JSON.parse(Buffer.from(h!, 'base64url').toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' })
  const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; exp: number; sub: string }
  expect(claims.aud).toBe(`https://127.0.0.1:${port}`)
  expect(claims.sub).toBe('mailto:drift@saljkraft.test')
  const now = Date.now() / 1000
  expect(claims.exp).toBeGreaterThan(now)
  expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600)
  const point = Buffer.from(k!, 'base64url')
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) }, format: 'jwk' })
  expect(verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))).toBe(true)
}

describe('Web Push', () => {
  it('the browser side decrypts RFC 8291’s own example message (the reference the server’s pushes are read with)', () => {
    const ecdh = createECDH('prime256v1')
    ecdh.setPrivateKey(Buffer.from(RFC8291.uaPrivate, 'base64url'))
    expect(ecdh.getPublicKey().toString('base64url')).toBe(RFC8291.uaPublic)
    const plain = ece.decrypt(Buffer.from(RFC8291.body, 'base64url'), { version: 'aes128gcm', privateKey: ecdh, authSecret: RFC8291.authSecret }) as Buffer
    expect(plain.toString('utf8')).toBe(RFC8291.plaintext)
  })

  it('a deviation reaches the seller’s subscribed browser: signed with VAPID, encrypted with aes128gcm, with TTL, urgency and topic', async () => {
    const seller = await t.login('seller@demo.test')
    const backoffice = await t.login('backoffice@demo.test')
    const sub = browserSubscription('/push/seller-phone')
    const saved = await t.request('POST', '/api/push/subscriptions', { cookie: seller.cookie, body: sub.json })
    expect(saved.status).toBe(201)
    expect(saved.json).toMatchObject({ publicKey: t.push.publicKey, subscriptions: 1, thisDevice: true })
    const status = await t.request('GET', `/api/push/status?endpoint=${encodeURIComponent(sub.json.endpoint)}`, { cookie: seller.cookie })
    expect(status.json).toMatchObject({ thisDevice: true, subscriptions: 1 })

    const { db, t: tables } = t.database
    const [sale] = await db
      .select({ id: tables.sales.id, version: tables.sales.version })
      .from(tables.sales)
      .where(and(eq(tables.sales.sellerId, seller.answer.userData.id), eq(tables.sales.status, 'finalized')))
      .limit(1)
    const r = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'deviation', version: sale!.version, deviationType: 'incorrect_ssn', reason: 'Fel personnummer' },
    })
    expect(r.status).toBe(200)
    await t.events.settled()
    const got = received.filter((x) => x.path === '/push/seller-phone')
    expect(got).toHaveLength(1)
    const push = got[0]!
    expect(push.headers['content-encoding']).toBe('aes128gcm')
    expect(push.headers.ttl).toBe(String(3 * 24 * 3600))
    expect(push.headers.urgency).toBe('high')
    expect(push.headers.topic).toMatch(/^[0-9a-f]{32}$/)
    checkVapid(push.headers.authorization as string, t.push.publicKey)
    expect(decrypt(push.body, sub)).toMatchObject({ title: 'Avvikelse på din försäljning', link: `/sales/${sale!.id}`, type: 'deviation' })
    const [row] = await db.select().from(tables.pushSubscriptions).where(eq(tables.pushSubscriptions.endpoint, sub.json.endpoint))
    expect(row!.lastSuccessAt).not.toBeNull()
  })

  it('a push service answering 410 removes the subscription; a test push reaches the devices that remain', async () => {
    const coach = await t.login('coach@demo.test')
    const gone = browserSubscription('/push/gone')
    const kept = browserSubscription('/push/coach-laptop')
    for (const s of [gone, kept]) expect((await t.request('POST', '/api/push/subscriptions', { cookie: coach.cookie, body: s.json })).status).toBe(201)
    const test = await t.request('POST', '/api/push/test', { cookie: coach.cookie })
    expect(test.status).toBe(202)
    expect(test.json).toEqual({ devices: 2 })
    await t.events.settled()
    const { db, t: tables } = t.database
    const left = await db
      .select({ endpoint: tables.pushSubscriptions.endpoint })
      .from(tables.pushSubscriptions)
      .where(eq(tables.pushSubscriptions.userId, coach.answer.userData.id))
    expect(left.map((x) => x.endpoint)).toEqual([kept.json.endpoint])
    const laptop = received.filter((x) => x.path === '/push/coach-laptop')
    expect(decrypt(laptop.at(-1)!.body, kept)).toMatchObject({ title: 'Push fungerar', link: '/users/profile?tab=notifications' })
    // The test push is not kept in the bell.
    const bell = await t.request('GET', '/api/notifications?kind=general', { cookie: coach.cookie })
    expect((bell.json.items as Array<{ title: string }>).map((n) => n.title)).not.toContain('Push fungerar')
  })

  it('refuses an endpoint that is not https or not a push service, and a test with no device', async () => {
    const manager = await t.login('manager@demo.test')
    const sub = browserSubscription('/x')
    const internal = await t.request('POST', '/api/push/subscriptions', { cookie: manager.cookie, body: { ...sub.json, endpoint: 'https://10.0.0.5/admin' } })
    expect(internal.status).toBe(400)
    expect((internal.json.fieldErrors as Record<string, string[]>).endpoint).toEqual(['Adressen hör inte till någon känd push-tjänst'])
    expect((await t.request('POST', '/api/push/subscriptions', { cookie: manager.cookie, body: { ...sub.json, endpoint: 'http://127.0.0.1/x' } })).status).toBe(
      400,
    )
    expect(
      (await t.request('POST', '/api/push/subscriptions', { cookie: manager.cookie, body: { ...sub.json, keys: { p256dh: 'short', auth: 'x' } } })).status,
    ).toBe(400)
    const none = await t.request('POST', '/api/push/test', { cookie: manager.cookie })
    expect(none.status).toBe(409)
    expect(none.json.error).toBe('no_push_device')
    expect((await t.request('DELETE', '/api/push/subscriptions', { cookie: manager.cookie, body: { endpoint: sub.json.endpoint } })).status).toBe(204)
  })
})
