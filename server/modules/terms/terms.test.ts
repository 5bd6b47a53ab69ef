import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { CurrentTerms, TermsPeoplePage, TermsVersionItem } from '../../../shared/schemas/terms'
import type { SessionAnswer } from '../../../shared/schemas/auth'
import { createTestApp } from '../../test/harness'

/**
 * Terms of use (issue 17, decision 039): versions drafted and published by admins, every signed-in person asked to
 * answer the version in force before anything else, declining signs out, and the acceptance status per version.
 * One app for the whole file: each step builds on the one before, as in an organisation. The demo starts with
 * version 1 in force, accepted by everyone (issue 70); this file publishes version 2. Every sign-in here leaves the
 * terms unanswered (the harness otherwise accepts them as a person would).
 */
const t = await createTestApp()
const { db, t: tables } = t.database
const texts = (n: number) => ({ sv: `Villkor ${n}: var schysst mot kunden.`, en: n === 2 ? `Terms ${n}: be fair to the customer.` : '', fi: '' })
const login = (email: string, password?: string) => t.login(email, password, { terms: 'unanswered' })
const me = async (cookie: string) => (await t.request('GET', '/api/auth/me', { cookie })).json as unknown as SessionAnswer
const logOf = async (email: string) => {
  const [u] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, email))
  return db
    .select({ action: tables.activityLog.action, after: tables.activityLog.after })
    .from(tables.activityLog)
    .where(and(eq(tables.activityLog.entity, 'user'), eq(tables.activityLog.entityId, u!.id)))
}

describe('terms of use', () => {
  it('the demo has terms in force that everyone accepted; admins draft, edit and publish the next; others may not', async () => {
    const admin = (await login('admin@demo.test')).cookie
    const backoffice = (await login('backoffice@demo.test')).cookie
    const coach = (await login('coach@demo.test')).cookie
    expect((await t.request('GET', '/api/terms', { cookie: coach })).status).toBe(403)
    expect((await t.request('POST', '/api/terms', { cookie: backoffice, body: { texts: texts(2) } })).status).toBe(403)
    const [demo] = (await t.request('GET', '/api/terms', { cookie: backoffice })).json.items as TermsVersionItem[]
    expect(demo).toMatchObject({ number: 1, status: 'published', current: true, publishedBy: { name: 'Astrid Admin' } })
    expect(demo!.counts).toMatchObject({ accepted: demo!.counts!.people, declined: 0, pending: 0 })
    const inForce = (await t.request('GET', '/api/terms/current', { cookie: coach })).json.terms as CurrentTerms
    expect(inForce).toMatchObject({ number: 1, language: 'sv' })
    expect(inForce.text).toMatch(/^Användarvillkor för Säljkraft/)

    const bad = await t.request('POST', '/api/terms', { cookie: admin, body: { texts: { sv: ' ', en: '', fi: '' } } })
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.fieldErrors as object)).toEqual(['texts.sv'])
    const created = await t.request('POST', '/api/terms', { cookie: admin, body: { texts: { ...texts(2), sv: 'Utkast' } } })
    expect(created.status, created.text).toBe(201)
    const draft = created.json as unknown as TermsVersionItem
    expect(draft).toMatchObject({ number: 2, status: 'draft', current: false, counts: null, version: 1 })
    expect((await t.request('POST', '/api/terms', { cookie: admin, body: { texts: texts(2) } })).status).toBe(409)

    const edited = await t.request('PUT', `/api/terms/${draft.id}`, { cookie: admin, body: { texts: texts(2), version: 1 } })
    expect(edited.status, edited.text).toBe(200)
    expect((await t.request('PUT', `/api/terms/${draft.id}`, { cookie: admin, body: { texts: texts(2), version: 1 } })).json.error).toBe('version_conflict')
    // Nobody is asked anything new until it is published.
    expect((await t.request('GET', '/api/sale-reports', { cookie: backoffice })).status).toBe(200)

    const published = await t.request('POST', `/api/terms/${draft.id}/publish`, { cookie: admin, body: { version: 2 } })
    expect(published.status, published.text).toBe(200)
    const v2 = published.json as unknown as TermsVersionItem
    expect(v2).toMatchObject({ number: 2, status: 'published', current: true, publishedBy: { name: 'Astrid Admin' } })
    expect(v2.counts).toMatchObject({ accepted: 0, declined: 0 })
    expect(v2.counts!.pending).toBe(v2.counts!.people)
    // The one who published is asked too.
    expect((await t.request('PUT', `/api/terms/${draft.id}`, { cookie: admin, body: { texts: texts(9), version: 3 } })).json.error).toBe('terms_not_accepted')
  })

  it('asks every signed-in person first: the rest of the API waits until they accept', async () => {
    const seller = (await login('seller@demo.test')).cookie
    const list = await t.request('GET', '/api/notifications?kind=general', { cookie: seller })
    expect(list.status).toBe(403)
    expect(list.json).toMatchObject({ error: 'terms_not_accepted', message: 'Godkänn användarvillkoren för att fortsätta.' })
    const pending = (await me(seller)).userData.termsPending
    expect(pending).toMatchObject({ number: 2 })

    // In the person's language, English for an empty Finnish text, Swedish for an empty English one.
    const fi = (await t.request('GET', '/api/terms/current', { cookie: seller, headers: { 'accept-language': 'fi' } })).json.terms as CurrentTerms
    expect(fi).toMatchObject({ number: 2, language: 'en', text: 'Terms 2: be fair to the customer.' })
    const sv = (await t.request('GET', '/api/terms/current', { cookie: seller })).json.terms as CurrentTerms
    expect(sv.text).toBe('Villkor 2: var schysst mot kunden.')

    const accepted = await t.request('POST', `/api/terms/${pending!.versionId}/accept`, { cookie: seller })
    expect(accepted.status, accepted.text).toBe(200)
    expect((accepted.json as unknown as SessionAnswer).userData.termsPending).toBeUndefined()
    expect((await t.request('GET', '/api/notifications?kind=general', { cookie: seller })).status).toBe(200)
    const acceptedVersions = (await logOf('seller@demo.test'))
      .filter((l) => l.action === 'terms_accepted')
      .map((l) => (l.after as { termsVersion: number }).termsVersion)
    expect(acceptedVersions.sort()).toEqual([1, 2])
    // A new sign-in is not asked again.
    expect((await login('seller@demo.test')).answer.userData.termsPending).toBeUndefined()
  })

  it('declining is recorded and signs the person out; the next sign-in asks again', async () => {
    const { cookie, answer } = await login('coach@demo.test')
    const versionId = answer.userData.termsPending!.versionId
    const declined = await t.request('POST', `/api/terms/${versionId}/decline`, { cookie })
    expect(declined.status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { cookie })).status).toBe(401)
    expect((await logOf('coach@demo.test')).map((l) => l.action)).toContain('terms_declined')
    expect((await login('coach@demo.test')).answer.userData.termsPending).toMatchObject({ versionId })
    // Only the version in force can be answered.
    expect((await t.request('POST', '/api/terms/not-a-version/accept', { cookie: (await login('coach@demo.test')).cookie })).status).toBe(409)
  })

  it('an admin acting as someone is not asked for them, and cannot answer for them', async () => {
    const { cookie, answer } = await login('admin@demo.test')
    expect((await t.request('GET', '/api/terms', { cookie })).json.error).toBe('terms_not_accepted')
    expect((await t.request('POST', `/api/terms/${answer.userData.termsPending!.versionId}/accept`, { cookie })).status).toBe(200)
    // A published version is not edited.
    const edit = { texts: texts(9), version: 3 }
    expect((await t.request('PUT', `/api/terms/${answer.userData.termsPending!.versionId}`, { cookie, body: edit })).json.error).toBe('invalid_transition')
    const [bo] = await db.select({ id: tables.users.id }).from(tables.users).where(eq(tables.users.email, 'backoffice@demo.test'))
    const as = await t.request('POST', '/api/auth/impersonation', { cookie, body: { userId: bo!.id } })
    expect(as.status, as.text).toBe(200)
    expect((as.json as unknown as SessionAnswer).userData.termsPending).toBeUndefined()
    expect((await t.request('GET', '/api/sale-reports', { cookie })).status).toBe(200)
    const versionId = answer.userData.termsPending!.versionId
    expect((await t.request('POST', `/api/terms/${versionId}/accept`, { cookie })).json.error).toBe('not_while_impersonating')
    expect((await t.request('DELETE', '/api/auth/impersonation', { cookie })).status).toBe(200)
  })

  it('shows who accepted, declined or has not answered, by name, and a new version asks everyone again', async () => {
    const admin = (await login('admin@demo.test')).cookie
    const v1 = ((await t.request('GET', '/api/terms', { cookie: admin })).json.items as TermsVersionItem[]).find((v) => v.current)
    expect(v1!.number).toBe(2)
    expect(v1!.counts).toMatchObject({ accepted: 2, declined: 1, pending: v1!.counts!.people - 3 })
    const people = async (answer: string, q = '') =>
      (await t.request('GET', `/api/terms/${v1!.id}/people?answer=${answer}${q ? `&q=${encodeURIComponent(q)}` : ''}`, { cookie: admin }))
        .json as unknown as TermsPeoplePage
    expect((await people('accepted')).items.map((p) => p.name)).toEqual(['Astrid Admin', 'Sven Säljare'])
    expect((await people('declined')).items).toMatchObject([{ name: 'Cecilia Coach', at: expect.any(Number) }])
    const waiting = await people('pending')
    expect(waiting.total).toBe(v1!.counts!.pending)
    expect(waiting.items.map((p) => p.name)).toContain('Bertil Backoffice')
    expect((await people('pending', 'bertil')).items.map((p) => p.name)).toEqual(['Bertil Backoffice'])
    expect((await t.request('GET', `/api/terms/${v1!.id}/people?answer=maybe`, { cookie: admin })).status).toBe(400)

    const thrown = (await t.request('POST', '/api/terms', { cookie: admin, body: { texts: texts(3) } })).json as unknown as TermsVersionItem
    expect(thrown.number).toBe(3)
    // A draft can be thrown away, on the version seen.
    expect((await t.request('DELETE', `/api/terms/${thrown.id}?version=2`, { cookie: admin })).json.error).toBe('version_conflict')
    expect((await t.request('DELETE', `/api/terms/${thrown.id}?version=1`, { cookie: admin })).status).toBe(204)
    const v3 = (await t.request('POST', '/api/terms', { cookie: admin, body: { texts: texts(3) } })).json as unknown as TermsVersionItem
    expect((await t.request('POST', `/api/terms/${v3.id}/publish`, { cookie: admin, body: { version: 1 } })).status).toBe(200)
    const seller = (await login('seller@demo.test')).answer.userData.termsPending
    // A deleted draft's number is taken by the next one: only published versions are seen by everyone.
    expect(seller).toMatchObject({ versionId: v3.id, number: 3 })
  })

  it('a password someone else chose comes before the terms: setting it is allowed, then the terms are asked (decision 082)', async () => {
    const signedIn = await login('admin@demo.test')
    const admin = signedIn.cookie
    expect((await t.request('POST', `/api/terms/${signedIn.answer.userData.termsPending!.versionId}/accept`, { cookie: admin })).status).toBe(200)
    const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const body = { email: 'ny.villkor@demo.test', firstName: 'Ny', lastName: 'Villkor', password: 'given-by-admin-1', passwordChangeRequired: true }
    expect((await t.request('POST', '/api/users', { cookie: admin, body: { ...body, roleId: roles.find((x) => x.key === 'seller')!.id } })).status).toBe(201)
    const { cookie, answer } = await login(body.email, body.password)
    expect(answer.userData).toMatchObject({ passwordChangeRequired: true, termsPending: { number: 3 } })
    expect((await t.request('GET', '/api/terms/current', { cookie })).json.error).toBe('password_change_required')
    const own = await t.request('POST', '/api/profile/password', { cookie, body: { currentPassword: body.password, newPassword: 'mitt-eget-losen' } })
    expect(own.status, own.text).toBe(204)
    expect((await t.request('GET', '/api/terms/current', { cookie })).status).toBe(200)
    expect((await t.request('GET', '/api/sales', { cookie })).json.error).toBe('terms_not_accepted')
  })
})
