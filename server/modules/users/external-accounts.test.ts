import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ExternalAccountRow, ExternalTemplateItem } from '../../../shared/schemas/external-accounts'
import { userEditOf, type UserDetail } from '../../../shared/schemas/users'
import { createTestApp } from '../../test/harness'

/** External accounts (decision 043): templates, a user's account, the password behind four digits, and who may. */
const t = await createTestApp()
const { db, t: tables } = t.database
let admin = ''
let sellerId = ''

const userId = async (email: string) => (await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email)))[0]!.id
const accounts = async (cookie: string, id: string) =>
  (await t.request('GET', `/api/users/${id}/external-accounts`, { cookie })).json.items as unknown as ExternalAccountRow[]

let portal: ExternalTemplateItem

beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  sellerId = await userId('seller@demo.test')
  // The seller's personal number (Skatteverket's example), set as an admin does.
  const u = (await t.request('GET', `/api/users/${sellerId}`, { cookie: admin })).json as unknown as UserDetail
  const body = { ...userEditOf(u), employmentDate: '', educationDate: '', coachAssignedDate: '', personalNumber: '19811218-9876' }
  const r = await t.request('PUT', `/api/users/${sellerId}`, { cookie: admin, body })
  expect(r.status, r.text).toBe(200)
})

describe('/api/external-account-templates', () => {
  it('creates, edits on the version seen and lists a template; bad patterns and addresses are refused', async () => {
    const created = await t.request('POST', '/api/external-account-templates', {
      cookie: admin,
      body: {
        name: 'Nordel säljportal',
        loginUrl: 'https://portal.nordel.example/login',
        usernamePattern: '{firstName}.{lastName}',
        instructions: 'Byt lösenord första gången.',
      },
    })
    expect(created.status, created.text).toBe(201)
    portal = created.json as unknown as ExternalTemplateItem
    expect(portal).toMatchObject({ version: 1, accountCount: 0 })

    const bad = await t.request('POST', '/api/external-account-templates', {
      cookie: admin,
      body: { name: 'Trasig', loginUrl: 'http://osäker.example', usernamePattern: '{password}', instructions: '' },
    })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors as object).sort()).toEqual(['loginUrl', 'usernamePattern'])
    const twice = await t.request('POST', '/api/external-account-templates', {
      cookie: admin,
      body: { name: 'nordel SÄLJPORTAL', loginUrl: '', usernamePattern: '{email}', instructions: '' },
    })
    expect(twice.status).toBe(409)

    const edited = await t.request('PUT', `/api/external-account-templates/${portal.id}`, {
      cookie: admin,
      body: { name: 'Nordel säljportal', loginUrl: '', usernamePattern: '{firstName}.{lastName}', instructions: 'Byt lösenord första gången.', version: 1 },
    })
    expect(edited.json).toMatchObject({ loginUrl: null, version: 2 })
    const stale = await t.request('PUT', `/api/external-account-templates/${portal.id}`, {
      cookie: admin,
      body: { name: 'X', loginUrl: '', usernamePattern: '{email}', instructions: '', version: 1 },
    })
    expect(stale.status).toBe(409)
    portal = edited.json as unknown as ExternalTemplateItem
  })
})

describe('a user’s external account and its password', () => {
  it('offers the user name from the pattern, keeps the password sealed, and shows it against the last four digits', async () => {
    const [row] = (await accounts(admin, sellerId)).filter((r) => r.templateId === portal.id)
    expect(row).toMatchObject({ username: 'sven.saljare', account: null })

    const set = await t.request('PUT', `/api/users/${sellerId}/external-accounts/${portal.id}`, {
      cookie: admin,
      body: { username: 'sven.saljare', password: 'Sommar2026!', version: null },
    })
    expect(set.status, set.text).toBe(200)
    const [stored] = await db
      .select()
      .from(tables.externalAccounts)
      .where(and(eq(tables.externalAccounts.userId, sellerId), eq(tables.externalAccounts.templateId, portal.id)))
    expect(stored!.passwordSealed).toMatch(/^v1\./)
    expect(stored!.passwordSealed).not.toContain('Sommar2026!')

    const wrong = await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: admin, body: { ssnLast4: '1234' } })
    expect(wrong.status).toBe(400)
    expect((wrong.json.fieldErrors as Record<string, string[]>).ssnLast4?.[0]).toMatch(/stämmer inte/)
    const right = await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: admin, body: { ssnLast4: '9876' } })
    expect(right.json).toEqual({ password: 'Sommar2026!' })

    // The holder reads their own in the profile, with their own digits.
    const seller = (await t.login('seller@demo.test')).cookie
    const own = (await t.request('GET', '/api/profile/external-accounts', { cookie: seller })).json.items as unknown as ExternalAccountRow[]
    expect(own.find((r) => r.templateId === portal.id)).toMatchObject({ username: 'sven.saljare', account: { hasPassword: true } })
    expect((await t.request('POST', `/api/profile/external-accounts/${portal.id}/reveal`, { cookie: seller, body: { ssnLast4: '9876' } })).json).toEqual({
      password: 'Sommar2026!',
    })

    // Changing the user name keeps the password; the log names what changed, never the password.
    const account = (await accounts(admin, sellerId)).find((r) => r.templateId === portal.id)!.account!
    await t.request('PUT', `/api/users/${sellerId}/external-accounts/${portal.id}`, { cookie: admin, body: { username: 'sven.s', version: account.version } })
    expect(
      (await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: admin, body: { ssnLast4: '9876' } })).json,
    ).toEqual({
      password: 'Sommar2026!',
    })
    const log = await db
      .select()
      .from(tables.activityLog)
      .where(and(eq(tables.activityLog.entity, 'user'), eq(tables.activityLog.entityId, sellerId)))
    const lines = log.filter((l) => l.action.startsWith('external_'))
    expect(lines.map((l) => l.action)).toEqual([
      'external_account_set',
      'external_password_read',
      'external_password_read',
      'external_account_set',
      'external_password_read',
    ])
    expect(JSON.stringify(lines)).not.toContain('Sommar2026')
    expect((await t.request('GET', '/api/external-account-templates', { cookie: admin })).json.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: portal.id, accountCount: 1 })]),
    )
  })

  it('stops guessing: five wrong answers, then even the right one waits', async () => {
    const back = (await t.login('backoffice@demo.test')).cookie
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: back, body: { ssnLast4: String(1000 + i) } })
      expect(r.status).toBe(400)
    }
    const more = await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: back, body: { ssnLast4: '1111' } })
    expect(more.status).toBe(429)
    const right = await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: back, body: { ssnLast4: '9876' } })
    expect(right.status).toBe(429)
    // Another reader is not held up by them.
    expect(
      (await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: admin, body: { ssnLast4: '9876' } })).status,
    ).toBe(200)
  })

  it('refuses a user without a personal number, a coach, a seller reading another’s, and malformed digits', async () => {
    const other = await userId('anna.lindqvist@demo.test')
    await t.request('PUT', `/api/users/${other}/external-accounts/${portal.id}`, { cookie: admin, body: { username: 'anna', password: 'x', version: null } })
    const none = await t.request('POST', `/api/users/${other}/external-accounts/${portal.id}/reveal`, { cookie: admin, body: { ssnLast4: '0000' } })
    expect(none.status).toBe(409)
    expect(none.json.error).toBe('no_personal_number')
    const coach = (await t.login('coach@demo.test')).cookie
    expect((await t.request('GET', `/api/users/${sellerId}/external-accounts`, { cookie: coach })).status).toBe(403)
    const seller = (await t.login('seller@demo.test')).cookie
    expect(
      (await t.request('POST', `/api/users/${sellerId}/external-accounts/${portal.id}/reveal`, { cookie: seller, body: { ssnLast4: '9876' } })).status,
    ).toBe(403)
    for (const ssnLast4 of ['987', '98765', 'abcd', '']) {
      expect((await t.request('POST', `/api/profile/external-accounts/${portal.id}/reveal`, { cookie: seller, body: { ssnLast4 } })).status).toBe(400)
    }
    // A first account needs a password.
    const third = await userId('oskar.berg@demo.test')
    expect(
      (await t.request('PUT', `/api/users/${third}/external-accounts/${portal.id}`, { cookie: admin, body: { username: 'oskar', version: null } })).status,
    ).toBe(400)
  })

  it('deletes a template with its accounts', async () => {
    const r = await t.request('DELETE', `/api/external-account-templates/${portal.id}`, { cookie: admin })
    expect(r.json).toEqual({ id: portal.id, accounts: 2 })
    expect(await db.select().from(tables.externalAccounts).where(eq(tables.externalAccounts.templateId, portal.id))).toEqual([])
  })
})
