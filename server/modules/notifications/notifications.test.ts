import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'

const t = await createTestApp()

describe('notifications', () => {
  it('lists a user’s own notifications of one kind with the unread count, and marks them read', async () => {
    const { cookie } = await t.login('seller@demo.test')
    const dev = await t.request('GET', '/api/notifications?kind=deviation', { cookie })
    expect(dev.status).toBe(200)
    expect(dev.json.unread).toBe(1)
    const deviation = (dev.json.items as Array<{ title: string; message: string; link: string }>)[0]!
    expect(deviation).toMatchObject({ title: 'Avvikelse på din försäljning', read: false })
    // It links to the deviated sale itself and names that sale's provider and customer (issue 12).
    const saleId = /^\/sales\/([0-9a-f-]{36})$/.exec(deviation.link)?.[1]
    expect(saleId).toBeDefined()
    const { sales, providers } = t.database.t
    const [sale] = await t.database.db
      .select({ status: sales.status, customerName: sales.customerName, provider: providers.name })
      .from(sales)
      .innerJoin(providers, eq(providers.id, sales.providerId))
      .where(eq(sales.id, saleId!))
    expect(sale).toMatchObject({ status: 'deviation' })
    expect(deviation.message).toContain(sale!.provider)
    expect(deviation.message).toContain(sale!.customerName)
    const general = await t.request('GET', '/api/notifications?kind=general', { cookie })
    expect(general.json.unread).toBe(1)

    expect((await t.request('POST', '/api/notifications/read', { cookie, body: { kind: 'deviation' } })).status).toBe(204)
    expect((await t.request('GET', '/api/notifications?kind=deviation', { cookie })).json.unread).toBe(0)
    expect((await t.request('GET', '/api/notifications?kind=general', { cookie })).json.unread).toBe(1)
  })

  it('never shows or touches another user’s notifications', async () => {
    const coach = await t.login('coach@demo.test')
    const mine = await t.request('GET', '/api/notifications?kind=deviation', { cookie: coach.cookie })
    expect((mine.json.items as Array<{ title: string }>).map((n) => n.title)).toEqual(['Avvikelse i Team Öresund'])
    const backoffice = await t.login('backoffice@demo.test')
    const id = (mine.json.items as Array<{ id: string }>)[0]!.id
    await t.request('POST', '/api/notifications/read', { cookie: backoffice.cookie, body: { kind: 'deviation', ids: [id] } })
    expect((await t.request('GET', '/api/notifications?kind=deviation', { cookie: coach.cookie })).json.unread).toBe(1)
  })

  it('refuses an unknown kind and needs a session', async () => {
    const { cookie } = await t.login('manager@demo.test')
    const bad = await t.request('GET', '/api/notifications?kind=spam', { cookie })
    expect(bad.status).toBe(400)
    expect((bad.json.fieldErrors as Record<string, string[]>).kind).toEqual(['Ogiltigt värde'])
    expect((await t.request('GET', '/api/notifications?kind=general')).status).toBe(401)
  })
})

describe('each notification type follows the recipient’s settings', () => {
  it('a regret with the app and push off and e-mail on: no bell item, one e-mail in the outbox in the seller’s language', async () => {
    const { db, t: tables } = t.database
    // The demo seller (this file's last test changes their language and settings), with a sale waiting for approval.
    const [sale] = await db
      .select({ id: tables.sales.id, version: tables.sales.version, email: tables.users.email, customer: tables.sales.customerName })
      .from(tables.sales)
      .innerJoin(tables.users, eq(tables.users.id, tables.sales.sellerId))
      .where(and(eq(tables.sales.status, 'finalized'), eq(tables.users.email, 'seller@demo.test')))
      .limit(1)
    expect(sale).toBeDefined()
    const seller = await t.login(sale!.email)
    const patched = await t.request('PATCH', '/api/profile', { cookie: seller.cookie, body: { firstName: 'Sven', lastName: 'Säljare', language: 'en' } })
    expect(patched.json).toMatchObject({ profile: { language: 'en' } })
    const settings = (await t.request('GET', '/api/profile/notification-settings', { cookie: seller.cookie })).json
    const saved = await t.request('PUT', '/api/profile/notification-settings', {
      cookie: seller.cookie,
      body: { ...settings, saleStatus: { inApp: false, push: false, email: true } },
    })
    expect(saved.json).toMatchObject({ saleStatus: { inApp: false, push: false, email: true } })

    const backoffice = await t.login('backoffice@demo.test')
    const r = await t.request('POST', `/api/sale-reports/${sale!.id}/status`, {
      cookie: backoffice.cookie,
      body: { status: 'regret', version: sale!.version, reason: 'The customer changed their mind' },
    })
    expect(r.status).toBe(200)
    await t.events.settled()

    const bell = (await t.request('GET', '/api/notifications?kind=general', { cookie: seller.cookie })).json.items as Array<{ link: string }>
    expect(bell.filter((n) => n.link === `/sales/${sale!.id}`)).toEqual([])
    const mails = await db.select().from(tables.mailOutbox).where(eq(tables.mailOutbox.to, sale!.email))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ template: 'notification', language: 'en', subject: 'Your sale is now regret', status: 'kept' })
    expect(mails[0]!.text).toContain(sale!.customer)
    expect(mails[0]!.text).toContain('The customer changed their mind')
    expect(mails[0]!.text).toContain(`/sales/${sale!.id}`)
  })
})
