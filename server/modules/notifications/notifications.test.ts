import { eq } from 'drizzle-orm'
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
