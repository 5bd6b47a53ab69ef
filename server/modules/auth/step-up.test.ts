import { eq } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { describe, expect, it } from 'vitest'
import type { MfaSetup } from '../../../shared/schemas/auth'
import { createTestApp, DEMO_PASSWORD } from '../../test/harness'
import { hashToken } from './auth.service'

/**
 * Step-up before sensitive actions (issue 74, decision 093): a full identity number, the payroll export, acting as
 * another user, and roles and permissions ask for a sign-in within the configured time (here 10 minutes); after it
 * the person confirms with their code or password, and the confirmation is remembered for that time.
 */
const t = await createTestApp({ STEP_UP_MINUTES: '10' })
const { db, t: tables } = t.database

/** A session whose sign-in was `minutes` ago: what it may do is as for any session that old. */
async function signedInAgo(email: string, minutes: number) {
  const { cookie } = await t.login(email)
  const token = cookie.split(';')[0]!.split('=')[1]!
  await db
    .update(tables.sessions)
    .set({ authenticatedAt: Date.now() - minutes * 60_000 })
    .where(eq(tables.sessions.tokenHash, hashToken(token)))
  return cookie
}

async function someone(email: string) {
  const { db: d, t: ts } = t.database
  const [row] = await d.select({ id: ts.users.id }).from(ts.users).where(eq(ts.users.email, email))
  return row!.id
}

describe('the four sensitive actions ask for a recent sign-in', () => {
  it('refuses each with step_up_required after the window, and changes nothing', async () => {
    const admin = await signedInAgo('admin@demo.test', 11)
    const backoffice = await signedInAgo('backoffice@demo.test', 11)
    const seller = await someone('seller@demo.test')
    const roles = (await t.request('GET', '/api/roles', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const coachRole = roles.find((r) => r.key === 'coach')!
    const [customer] = await db.select({ id: tables.customers.id }).from(tables.customers).limit(1)
    const month = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 7)
    const attempts = [
      t.request('POST', `/api/customers/${customer!.id}/identity`, { cookie: backoffice }),
      t.request('POST', `/api/users/${seller}/reveal`, { cookie: admin, body: { fields: ['personalNumber'] } }),
      t.request('POST', '/api/payroll-exports', { cookie: backoffice, body: { month } }),
      t.request('POST', '/api/auth/impersonation', { cookie: admin, body: { userId: seller } }),
      t.request('POST', '/api/roles', { cookie: admin, body: { key: 'step_up_role', name: 'Step-up', description: '', permissions: [] } }),
      t.request('DELETE', `/api/roles/${coachRole.id}`, { cookie: admin }),
      t.request('PUT', `/api/users/${seller}/permissions`, { cookie: admin, body: { permissions: [], version: 1 } }),
    ]
    for (const r of await Promise.all(attempts)) {
      expect(r.status, r.text).toBe(403)
      expect(r.json).toMatchObject({ error: 'step_up_required', message: 'Bekräfta att det är du innan du gör det här.' })
    }
    expect((await db.select().from(tables.roles).where(eq(tables.roles.key, 'step_up_role'))).length).toBe(0)
    expect((await db.select().from(tables.roles).where(eq(tables.roles.id, coachRole.id))).length).toBe(1)
    // Within the window the same session goes through (here: acting as the seller).
    const fresh = await signedInAgo('admin@demo.test', 9)
    expect((await t.request('POST', '/api/auth/impersonation', { cookie: fresh, body: { userId: seller } })).status).toBe(200)
  })
})

describe('confirming it is you', () => {
  it('with the password: a wrong one is a field error and changes nothing; the right one counts for the window', async () => {
    const cookie = await signedInAgo('admin@demo.test', 30)
    const seller = await someone('seller@demo.test')
    const asked = await t.request('GET', '/api/auth/step-up', { cookie })
    expect(asked.json).toMatchObject({ method: 'password' })
    expect(asked.json.validUntil as number).toBeLessThan(Date.now())

    const wrong = await t.request('POST', '/api/auth/step-up', { cookie, body: { password: 'not-it' } })
    expect(wrong.status).toBe(400)
    expect((wrong.json.fieldErrors as Record<string, string[]>).password).toBeDefined()
    expect((await t.request('POST', `/api/users/${seller}/reveal`, { cookie, body: { fields: ['personalNumber'] } })).status).toBe(403)

    const right = await t.request('POST', '/api/auth/step-up', { cookie, body: { password: DEMO_PASSWORD } })
    expect(right.status, right.text).toBe(200)
    expect(right.json.validUntil as number).toBeGreaterThan(Date.now() + 9 * 60_000)
    const reveal = await t.request('POST', `/api/users/${seller}/reveal`, { cookie, body: { fields: ['personalNumber'] } })
    expect(reveal.status, reveal.text).toBe(200)
    const logged = await db.select().from(tables.activityLog).where(eq(tables.activityLog.action, 'step_up'))
    expect(logged.length).toBeGreaterThanOrEqual(1)
  })

  it('with the authenticator’s code for one who uses two-step sign-in; a password does not do then', async () => {
    const { cookie: enrolling } = await t.login('manager@demo.test')
    const setup = (await t.request('POST', '/api/auth/mfa/setup', { cookie: enrolling, body: { password: DEMO_PASSWORD } })).json as unknown as MfaSetup
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret), digits: 6, period: 30, algorithm: 'SHA1' })
    const enabled = await t.request('POST', '/api/auth/mfa/enable', { cookie: enrolling, body: { code: totp.generate() } })
    expect(enabled.status).toBe(200)
    const [recoveryCode] = enabled.json.recoveryCodes as string[]

    // Signing in now takes the code; the session is then made old.
    const step = await t.request('POST', '/api/auth/login', { body: { email: 'manager@demo.test', password: DEMO_PASSWORD } })
    const signInCode = totp.generate({ timestamp: Date.now() + 30_000 })
    const done = await t.request('POST', '/api/auth/login/mfa', { body: { challenge: step.json.challenge, code: signInCode } })
    const cookie = (done.res.headers.get('set-cookie') ?? '').split(';')[0]!
    await db
      .update(tables.sessions)
      .set({ authenticatedAt: Date.now() - 60 * 60_000 })
      .where(eq(tables.sessions.tokenHash, hashToken(cookie.split('=')[1]!)))

    expect((await t.request('GET', '/api/auth/step-up', { cookie })).json).toMatchObject({ method: 'totp' })
    const withPassword = await t.request('POST', '/api/auth/step-up', { cookie, body: { password: DEMO_PASSWORD } })
    expect(withPassword.status).toBe(400)
    expect((withPassword.json.fieldErrors as Record<string, string[]>).code).toBeDefined()
    // A code from the app counts once: the one the sign-in took does not confirm again.
    const replayed = await t.request('POST', '/api/auth/step-up', { cookie, body: { code: signInCode } })
    expect(replayed.status).toBe(400)
    // The app's next codes are the sign-in's or already past it: a recovery code confirms, as it signs in.
    const withCode = await t.request('POST', '/api/auth/step-up', { cookie, body: { code: recoveryCode } })
    expect(withCode.status, withCode.text).toBe(200)
    expect(((await t.request('GET', '/api/auth/step-up', { cookie })).json.validUntil as number) > Date.now()).toBe(true)
  })
})
