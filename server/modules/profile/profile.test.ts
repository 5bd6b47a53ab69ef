import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { SessionAnswer } from '../../../shared/schemas/auth'
import { createTestApp, DEMO_PASSWORD } from '../../test/harness'
import { DEFAULT_NOTIFICATION_SETTINGS } from '../../../shared/schemas/notifications'

const t = await createTestApp()

describe('the profile', () => {
  it('shows the user their own details', async () => {
    const { cookie } = await t.login('seller@demo.test')
    const r = await t.request('GET', '/api/profile', { cookie })
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({ email: 'seller@demo.test', firstName: 'Sven', roleName: 'Seller', teamName: 'Team Öresund', officeName: 'Malmö' })
  })

  it('saves details and answers the new stored user data', async () => {
    const { cookie } = await t.login('coach@demo.test')
    const r = await t.request('PATCH', '/api/profile', {
      cookie,
      body: {
        firstName: 'Cissi',
        lastName: 'Coach',
        phone: '070-123 45 67',
        shoeSize: '38',
        tshirtSize: 'M',
        favouriteCake: ' Prinsesstårta ',
        specialDiet: '',
      },
    })
    expect(r.status, r.text).toBe(200)
    const body = r.json as unknown as { profile: Record<string, unknown>; session: { userData: { fullName: string } } }
    expect(body.profile).toMatchObject({ firstName: 'Cissi', shoeSize: '38', tshirtSize: 'M', favouriteCake: 'Prinsesstårta', specialDiet: null })
    expect(body.session.userData.fullName).toBe('Cissi Coach')
    const me = await t.request('GET', '/api/auth/me', { cookie })
    expect(me.json.userData?.fullName).toBe('Cissi Coach')
  })

  it('refuses bad details with field errors and changes nothing', async () => {
    const { cookie } = await t.login('manager@demo.test')
    const r = await t.request('PATCH', '/api/profile', {
      cookie,
      body: { firstName: '', lastName: 'M', phone: 'ring mig', shoeSize: 'stor', tshirtSize: 'XXXXL', email: 'x@y.se' },
    })
    expect(r.status).toBe(400)
    const errors = r.json.fieldErrors as Record<string, string[]>
    expect(errors.firstName).toEqual(['Fältet är obligatoriskt'])
    expect(errors.phone).toEqual(['Ange ett telefonnummer, t.ex. 070-123 45 67'])
    expect(errors.shoeSize).toEqual(['Ange skostorlek, t.ex. 42'])
    expect(errors.tshirtSize).toBeDefined()
    expect(errors.email).toEqual(['Okänt fält'])
    const after = await t.request('GET', '/api/profile', { cookie })
    expect(after.json.firstName).toBe('Maria')
  })
})

describe('password and sessions', () => {
  it('a wrong current password is refused; a new one signs out the other devices', async () => {
    const phone = await t.login('recruiter@demo.test')
    const laptop = await t.login('recruiter@demo.test')
    const sessions = await t.request('GET', '/api/profile/sessions', { cookie: laptop.cookie })
    expect((sessions.json.items as Array<{ current: boolean }>).filter((s) => s.current)).toHaveLength(1)
    expect((sessions.json.items as unknown[]).length).toBeGreaterThanOrEqual(2)

    const wrong = await t.request('POST', '/api/profile/password', {
      cookie: laptop.cookie,
      body: { currentPassword: 'fel-fel-fel', newPassword: 'ett-nytt-losenord' },
    })
    expect(wrong.status).toBe(400)
    expect((wrong.json.fieldErrors as Record<string, string[]>).currentPassword).toEqual(['Lösenordet stämmer inte'])
    const same = await t.request('POST', '/api/profile/password', {
      cookie: laptop.cookie,
      body: { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD },
    })
    expect((same.json.fieldErrors as Record<string, string[]>).newPassword).toEqual(['Det nya lösenordet måste skilja sig från det nuvarande'])

    const ok = await t.request('POST', '/api/profile/password', {
      cookie: laptop.cookie,
      body: { currentPassword: DEMO_PASSWORD, newPassword: 'ett-nytt-losenord' },
    })
    expect(ok.status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { cookie: phone.cookie })).status).toBe(401)
    expect((await t.request('GET', '/api/auth/me', { cookie: laptop.cookie })).status).toBe(200)
    expect((await t.request('POST', '/api/auth/login', { body: { email: 'recruiter@demo.test', password: DEMO_PASSWORD } })).status).toBe(401)
    await t.login('recruiter@demo.test', 'ett-nytt-losenord')
  })

  it('signs out every other device on request', async () => {
    const a = await t.login('backoffice@demo.test')
    const b = await t.login('backoffice@demo.test')
    expect((await t.request('POST', '/api/profile/sessions/revoke-others', { cookie: b.cookie })).status).toBe(204)
    expect((await t.request('GET', '/api/auth/me', { cookie: a.cookie })).status).toBe(401)
    const left = await t.request('GET', '/api/profile/sessions', { cookie: b.cookie })
    expect(left.json.items).toHaveLength(1)
  })
})

describe('notification settings', () => {
  it('starts from the defaults, saves the user’s choice, and keeps deviations in the app', async () => {
    const { cookie } = await t.login('johanna.ek@demo.test')
    const first = await t.request('GET', '/api/profile/notification-settings', { cookie })
    expect(first.json).toEqual(DEFAULT_NOTIFICATION_SETTINGS)
    expect(first.json).toMatchObject({ general: { inApp: true, push: false, email: false }, deviation: { inApp: true, push: true, email: true } })

    const choice = {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      general: { inApp: false, push: true, email: false },
      deviation: { inApp: true, push: false, email: true },
    }
    const saved = await t.request('PUT', '/api/profile/notification-settings', { cookie, body: choice })
    expect(saved.status).toBe(200)
    expect((await t.request('GET', '/api/profile/notification-settings', { cookie })).json).toEqual(choice)

    const refused = await t.request('PUT', '/api/profile/notification-settings', {
      cookie,
      body: { ...choice, deviation: { inApp: false, push: true, email: true } },
    })
    expect(refused.status).toBe(400)
    expect((refused.json.fieldErrors as Record<string, string[]>)['deviation.inApp']).toEqual(['Avvikelser visas alltid i appen'])
    const malformed = await t.request('PUT', '/api/profile/notification-settings', { cookie, body: { general: { inApp: 'yes' } } })
    expect(malformed.status).toBe(400)
    expect((await t.request('GET', '/api/profile/notification-settings', { cookie })).json).toEqual(choice)
    // Only some of the types (a choice saved before there were more): each missing one reads as its default.
    const { db, t: tables } = t.database
    await db
      .update(tables.users)
      .set({ notificationSettings: { general: choice.general, deviation: choice.deviation } as never })
      .where(eq(tables.users.email, 'johanna.ek@demo.test'))
    expect((await t.request('GET', '/api/profile/notification-settings', { cookie })).json).toEqual(choice)
  })
})

describe('a password someone else chose (decision 082)', () => {
  const given = 'given-by-admin-1'
  async function made(email: string, passwordChangeRequired?: boolean) {
    const admin = (await t.login('admin@demo.test')).cookie
    const roles = (await t.request('GET', '/api/roles?itemsPerPage=100', { cookie: admin })).json.items as Array<{ id: string; key: string }>
    const r = await t.request('POST', '/api/users', {
      cookie: admin,
      body: { email, firstName: 'Ny', lastName: 'Person', password: given, roleId: roles.find((x) => x.key === 'seller')!.id, passwordChangeRequired },
    })
    expect(r.status, r.text).toBe(201)
    return { admin, id: (r.json as { id: string }).id }
  }

  it("is replaced by the person's own before the API does anything else; the flag goes with the change", async () => {
    await made('forst.eget@demo.test', true)
    const { cookie, answer } = await t.login('forst.eget@demo.test', given)
    expect(answer.userData.passwordChangeRequired).toBe(true)
    // Everything but reading oneself, signing out and setting the password is refused, in words.
    for (const [method, url] of [
      ['GET', '/api/sales'],
      ['GET', '/api/profile'],
      ['POST', '/api/profile/sessions/revoke-others'],
    ] as const) {
      const r = await t.request(method, url, { cookie })
      expect([r.status, r.json.error, r.json.message], url).toEqual([403, 'password_change_required', 'Välj ett eget lösenord för att fortsätta.'])
    }
    expect((await t.request('GET', '/api/auth/me', { cookie })).json.userData).toMatchObject({ passwordChangeRequired: true })
    // The given one again is no change.
    const same = await t.request('POST', '/api/profile/password', { cookie, body: { currentPassword: given, newPassword: given } })
    expect(same.status).toBe(400)
    const own = await t.request('POST', '/api/profile/password', { cookie, body: { currentPassword: given, newPassword: 'bara-jag-vet-det' } })
    expect(own.status, own.text).toBe(204)
    const after = (await t.request('GET', '/api/auth/me', { cookie })).json as unknown as SessionAnswer
    expect(after.userData).not.toHaveProperty('passwordChangeRequired')
    // Then the terms of use in force, as for anyone new (the demo has them published).
    expect((await t.request('GET', '/api/profile', { cookie })).json.error).toBe('terms_not_accepted')
    await t.acceptTerms({ cookie, answer: after })
    expect((await t.request('GET', '/api/profile', { cookie })).status).toBe(200)
    expect((await t.login('forst.eget@demo.test', 'bara-jag-vet-det')).answer.userData.passwordChangeRequired).toBeUndefined()
  })

  it('is asked of the person only: an admin acting as them is not, and a user made without it is not', async () => {
    const { admin, id } = await made('forst.admin@demo.test', true)
    const as = await t.request('POST', '/api/auth/impersonation', { cookie: admin, body: { userId: id } })
    expect(as.status, as.text).toBe(200)
    expect((as.json as { userData: Record<string, unknown> }).userData).not.toHaveProperty('passwordChangeRequired')
    expect((await t.request('GET', '/api/profile', { cookie: admin })).status).toBe(200)
    expect((await t.request('DELETE', '/api/auth/impersonation', { cookie: admin })).status).toBe(200)
    // Still asked when they sign in themselves.
    expect((await t.login('forst.admin@demo.test', given)).answer.userData.passwordChangeRequired).toBe(true)
    await made('forst.utan@demo.test')
    expect((await t.login('forst.utan@demo.test', given)).answer.userData.passwordChangeRequired).toBeUndefined()
  })
})
