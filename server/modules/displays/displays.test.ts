import { and, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DISPLAY_CODE_ALPHABET, formatDisplayCode } from '../../../shared/rules/displays'
import type { DisplayPairing, DisplayStatus, DisplayView } from '../../../shared/schemas/displays'
import { createTestApp } from '../../test/harness'

/**
 * The office screen's pairing and credential (issue 76, docs/decisions/101): a kiosk asks for a code and keeps a
 * secret; an admin or a manager pairs it by the code to what it shows, within their offices; the credential reaches
 * nothing but the screen's own routes, renews itself once a day, and stops working within seconds of a revocation.
 */
const app = await createTestApp()
const { db, t } = app.database

const admin = await app.login('admin@demo.test')
const manager = await app.login('manager@demo.test')
const seller = await app.login('seller@demo.test')

/** The manager's office (theirs, or their team's), another office, and a team of each. */
const [mine] = await db
  .select({ officeId: sql<string>`coalesce(${t.users.officeId}, ${t.teams.officeId})` })
  .from(t.users)
  .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
  .where(eq(t.users.email, 'manager@demo.test'))
const myOffice = mine!.officeId
const [other] = await db
  .select({ id: t.offices.id })
  .from(t.offices)
  .where(sql`${t.offices.id} <> ${myOffice}`)
  .limit(1)
const otherOffice = other!.id
const [myTeam] = await db.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.officeId, myOffice)).limit(1)
const [otherTeam] = await db.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.officeId, otherOffice)).limit(1)

const scenes = [
  { scene: 'leaderboard_day', seconds: 20 },
  { scene: 'competitions', seconds: 15 },
]

/** A kiosk browser asking to be paired: its code, and the credential it sends from then on. */
async function kiosk() {
  const r = await app.request('POST', '/api/public/displays')
  expect(r.status).toBe(201)
  const pairing = r.json as unknown as DisplayPairing
  return { ...pairing, auth: `Display ${pairing.id}.${pairing.secret}` }
}
const statusOf = async (auth: string) => {
  const r = await app.request('GET', '/api/display/status', { headers: { authorization: auth } })
  return { status: r.status, body: r.json as unknown as DisplayStatus }
}
const pair = (cookie: string, body: Record<string, unknown>) => app.request('POST', '/api/displays/pair', { cookie, body })
const rowOf = async (id: string) => (await db.select().from(t.displays).where(eq(t.displays.id, id)))[0]!

describe('a kiosk asking to be paired', () => {
  it('gets a code of eight easily read characters, valid ten minutes, and a secret it keeps; it waits', async () => {
    const before = Date.now()
    const k = await kiosk()
    expect(k.code).toHaveLength(8)
    for (const ch of k.code) expect(DISPLAY_CODE_ALPHABET).toContain(ch)
    expect(k.secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(k.expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000)
    expect(await statusOf(k.auth)).toEqual({ status: 200, body: { state: 'pending', expiresAt: k.expiresAt } })
    // Only the secret's fingerprint is kept.
    expect((await rowOf(k.id)).secretHash).not.toContain(k.secret)
  })

  it('is refused without its credential, with another secret, or with the credential in another form', async () => {
    const k = await kiosk()
    const wrong = `Display ${k.id}.${'A'.repeat(43)}`
    for (const auth of ['', wrong, `Bearer ${k.id}.${k.secret}`, `Display ${k.id}`]) expect((await statusOf(auth)).status).toBe(401)
  })
})

describe('pairing by the code', () => {
  it('pairs the waiting screen to what the admin chose, the code typed as the screen shows it', async () => {
    const k = await kiosk()
    const r = await pair(admin.cookie, { code: formatDisplayCode(k.code).toLowerCase(), name: 'Lund entré', officeId: myOffice, teamIds: [myTeam!.id], scenes })
    expect(r.status).toBe(201)
    const view = r.json as unknown as DisplayView
    expect(view).toMatchObject({ id: k.id, name: 'Lund entré', state: 'paired', officeId: myOffice, teamIds: [myTeam!.id], scenes })
    expect(view.officeName).toBeTruthy()
    expect(view.pairedByName).toBeTruthy()
    expect(await statusOf(k.auth)).toEqual({
      status: 200,
      body: { state: 'paired', display: { name: 'Lund entré', officeId: myOffice, teamIds: [myTeam!.id], scenes } },
    })
    // The code is spent: entering it again pairs nothing.
    const again = await pair(admin.cookie, { code: k.code, name: 'Någon annan', officeId: otherOffice, scenes })
    expect(again.status).toBe(400)
    expect(again.json.fieldErrors).toEqual({ code: ['Ingen skärm väntar med den koden: kontrollera den mot skärmen'] })
    expect(await rowOf(k.id)).toMatchObject({ name: 'Lund entré', officeId: myOffice, version: 2 })
    const [logged] = await db
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entity, 'display'), eq(t.activityLog.entityId, k.id)))
    expect(logged).toMatchObject({ action: 'created' })
  })

  it('refuses a malformed code, no scenes, a team of another office and an expired code, each on its field, pairing nothing', async () => {
    const k = await kiosk()
    const cases: Array<[Record<string, unknown>, Record<string, string[]>]> = [
      [{ code: 'ABC', name: 'X', officeId: myOffice, scenes }, { code: ['Koden är åtta tecken, som den står på skärmen (t.ex. ACDE 2347)'] }],
      [{ code: 'OOOO1111', name: 'X', officeId: myOffice, scenes }, { code: ['Koden är åtta tecken, som den står på skärmen (t.ex. ACDE 2347)'] }],
      [{ code: k.code, name: 'X', officeId: myOffice, scenes: [] }, { scenes: ['Välj minst en vy som skärmen ska visa'] }],
      [{ code: k.code, name: 'X', officeId: myOffice, teamIds: [otherTeam!.id], scenes }, { teamIds: ['Välj team på skärmens kontor'] }],
    ]
    for (const [body, fieldErrors] of cases) {
      const r = await pair(admin.cookie, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json.fieldErrors).toMatchObject(fieldErrors)
    }
    await db
      .update(t.displays)
      .set({ codeExpiresAt: Date.now() - 1 })
      .where(eq(t.displays.id, k.id))
    const late = await pair(admin.cookie, { code: k.code, name: 'X', officeId: myOffice, scenes })
    expect(late.json.fieldErrors).toEqual({ code: ['Koden har gått ut: skärmen visar en ny kod, ange den'] })
    expect((await statusOf(k.auth)).body).toEqual({ state: 'expired' })
    expect(await rowOf(k.id)).toMatchObject({ state: 'pending', name: null, version: 1 })
  })
})

describe('who pairs, sees and revokes screens', () => {
  it('a manager pairs to their own office only, and sees only its screens', async () => {
    const k = await kiosk()
    const refused = await pair(manager.cookie, { code: k.code, name: 'Fel kontor', officeId: otherOffice, scenes })
    expect(refused.status).toBe(400)
    expect(refused.json.fieldErrors).toEqual({ officeId: ['Kontoret finns inte, eller så får du inte koppla skärmar till det'] })
    expect((await rowOf(k.id)).state).toBe('pending')
    expect((await pair(manager.cookie, { code: k.code, name: 'Mitt kontor', officeId: myOffice, scenes })).status).toBe(201)

    const elsewhere = await kiosk()
    expect((await pair(admin.cookie, { code: elsewhere.code, name: 'Annat kontor', officeId: otherOffice, scenes })).status).toBe(201)
    const listed = (await app.request('GET', '/api/displays', { cookie: manager.cookie })).json.items as unknown as DisplayView[]
    expect(listed.map((d) => d.id)).toContain(k.id)
    expect(listed.every((d) => d.officeId === myOffice)).toBe(true)
    const all = (await app.request('GET', '/api/displays', { cookie: admin.cookie })).json.items as unknown as DisplayView[]
    expect(all.map((d) => d.id)).toEqual(expect.arrayContaining([k.id, elsewhere.id]))
    // Another office's screen is not there for the manager: neither changed nor revoked.
    const version = (await rowOf(elsewhere.id)).version
    expect((await app.request('POST', `/api/displays/${elsewhere.id}/revoke`, { cookie: manager.cookie, body: { version } })).status).toBe(404)
    expect(
      (await app.request('PUT', `/api/displays/${elsewhere.id}`, { cookie: manager.cookie, body: { name: 'Mitt nu', officeId: myOffice, scenes, version } }))
        .status,
    ).toBe(404)
    expect((await rowOf(elsewhere.id)).state).toBe('paired')
  })

  it('a seller neither lists nor pairs screens', async () => {
    const k = await kiosk()
    expect((await app.request('GET', '/api/displays', { cookie: seller.cookie })).status).toBe(403)
    expect((await pair(seller.cookie, { code: k.code, name: 'X', officeId: myOffice, scenes })).status).toBe(403)
    expect((await rowOf(k.id)).state).toBe('pending')
  })

  it('an admin changes what a screen shows; a stale version is a conflict', async () => {
    const k = await kiosk()
    const paired = (await pair(admin.cookie, { code: k.code, name: 'Foajé', officeId: myOffice, scenes })).json as unknown as DisplayView
    const changed = await app.request('PUT', `/api/displays/${k.id}`, {
      cookie: admin.cookie,
      body: { name: 'Foajé', officeId: otherOffice, scenes: [{ scene: 'budgets', seconds: 30 }], version: paired.version },
    })
    expect(changed.status).toBe(200)
    expect(changed.json).toMatchObject({ officeId: otherOffice, scenes: [{ scene: 'budgets', seconds: 30 }] })
    const stale = await app.request('PUT', `/api/displays/${k.id}`, {
      cookie: admin.cookie,
      body: { name: 'Gammal', officeId: myOffice, scenes, version: paired.version },
    })
    expect(stale.status).toBe(409)
    expect((await rowOf(k.id)).name).toBe('Foajé')
    await expect.poll(async () => (await statusOf(k.auth)).body.display?.officeId, { timeout: 5_000, interval: 100 }).toBe(otherOffice)
  })
})

describe('the display credential', () => {
  it('reaches no route but the screen’s own', async () => {
    const k = await kiosk()
    await pair(admin.cookie, { code: k.code, name: 'Bara skärmen', officeId: myOffice, scenes })
    for (const url of ['/api/auth/me', '/api/displays', '/api/users', '/api/sale-reports']) {
      expect((await app.request('GET', url, { headers: { authorization: k.auth } })).status, url).toBe(401)
    }
    expect((await statusOf(k.auth)).status).toBe(200)
  })

  it('stops working within seconds of a revocation, and the screen says so', async () => {
    const k = await kiosk()
    const paired = (await pair(admin.cookie, { code: k.code, name: 'Tas ner', officeId: myOffice, scenes })).json as unknown as DisplayView
    expect((await statusOf(k.auth)).body.state).toBe('paired')
    const stale = await app.request('POST', `/api/displays/${k.id}/revoke`, { cookie: admin.cookie, body: { version: paired.version - 1 } })
    expect(stale.status).toBe(409)
    const revoked = await app.request('POST', `/api/displays/${k.id}/revoke`, { cookie: admin.cookie, body: { version: paired.version } })
    expect(revoked.json).toMatchObject({ state: 'revoked' })
    // The instance that revoked it answers from the row at once (the screen's reading a moment before is not kept);
    // another instance within its 2 s of cache.
    expect((await statusOf(k.auth)).body).toEqual({ state: 'revoked' })
    const [logged] = await db
      .select()
      .from(t.activityLog)
      .where(and(eq(t.activityLog.entityId, k.id), eq(t.activityLog.action, 'withdrawn')))
    expect(logged).toBeTruthy()
  })

  it('renews itself once a day: the new secret replaces the old once used, and a lost answer is given again', async () => {
    const k = await kiosk()
    await pair(admin.cookie, { code: k.code, name: 'Veckor på väggen', officeId: myOffice, scenes })
    const day = 24 * 3_600_000
    await db
      .update(t.displays)
      .set({ secretIssuedAt: Date.now() - day - 1 })
      .where(eq(t.displays.id, k.id))
    // The instance's reading of the screen is at most 2 seconds old: the next answers after it carry a new secret.
    let given: string | undefined
    await expect
      .poll(
        async () => {
          given = (await statusOf(k.auth)).body.secret
          return given
        },
        { timeout: 5_000, interval: 100 },
      )
      .toMatch(/^[A-Za-z0-9_-]{43}$/)
    // Until it is used, the old secret still works, and within minutes it is not given again.
    expect(await statusOf(k.auth)).toMatchObject({ status: 200, body: { state: 'paired' } })
    expect((await statusOf(k.auth)).body.secret).toBeUndefined()
    // Used: the old one stops working.
    const renewed = `Display ${k.id}.${given!}`
    expect(await statusOf(renewed)).toMatchObject({ status: 200, body: { state: 'paired' } })
    expect((await statusOf(k.auth)).status).toBe(401)
    expect((await statusOf(renewed)).body.secret).toBeUndefined()

    // An answer lost: five minutes later the screen, still on its old secret, is given a new one again.
    await db
      .update(t.displays)
      .set({ secretIssuedAt: Date.now() - day - 1, nextSecretHash: 'lost', nextSecretAt: Date.now() - 6 * 60_000 })
      .where(eq(t.displays.id, k.id))
    await expect.poll(async () => (await statusOf(renewed)).body.secret, { timeout: 5_000, interval: 100 }).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })
})
