import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { fakeSmtp } from '../../test/fake-smtp'
import { createTestApp } from '../../test/harness'

const smtp = await fakeSmtp()
const { received } = smtp
afterAll(() => smtp.close())

const sending = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>' })
const keeping = await createTestApp()

describe('mail with an SMTP server configured', () => {
  it('a test message goes out once, in the admin’s language, with a plain-text and an HTML part', async () => {
    const admin = await sending.login('admin@demo.test')
    const r = await sending.request('POST', '/api/mail/test', { cookie: admin.cookie, headers: { 'accept-language': 'en' } })
    expect(r.status).toBe(202)
    const { id } = r.json as { id: string }
    await sending.jobs.settled()
    expect(received).toHaveLength(1)
    const [message] = received
    expect(message!.to).toEqual(['admin@demo.test'])
    // As a mail client reads it (mailparser, the received message's MIME parsed): the sender's name with its å
    // encoded as the standard says, the subject, both parts, the message id.
    expect(message!.from).toEqual({ name: 'Säljkraft', address: 'no-reply@saljkraft.test' })
    expect(message!.subject).toBe('Test message from Säljkraft')
    expect(message!.text).toContain('This is a test message from Säljkraft. If it arrives, e-mail is working.')
    expect(message!.html).toContain('This is a test message from Säljkraft. If it arrives, e-mail is working.')
    expect(message!.raw).toMatch(/^Content-Type: multipart\/alternative/m)
    expect(message!.raw).toContain(`Message-ID: <${id}@saljkraft>`)
    const [row] = await sending.database.db.select().from(sending.database.t.mailOutbox).where(eq(sending.database.t.mailOutbox.id, id))
    expect(row).toMatchObject({ status: 'sent', language: 'en', subject: 'Test message from Säljkraft' })
  })

  it('a server that says "try later" gets the message again later, and it arrives once', async () => {
    const before = received.length
    smtp.refuseNext(1)
    const admin = await sending.login('admin@demo.test')
    const r = await sending.request('POST', '/api/mail/test', { cookie: admin.cookie })
    await sending.jobs.settled(30_000, 5_000)
    expect(received.length - before).toBe(1)
    expect(received.at(-1)!.text).toContain('Det här är ett testmeddelande från Säljkraft.')
    const [row] = await sending.database.db
      .select()
      .from(sending.database.t.mailOutbox)
      .where(eq(sending.database.t.mailOutbox.id, (r.json as { id: string }).id))
    expect(row).toMatchObject({ status: 'sent', language: 'sv' })
  })

  it('a message whose send was interrupted by the process dying is not sent again, and says so', async () => {
    const before = received.length
    const { db, t } = sending.database
    const id = crypto.randomUUID()
    await db.insert(t.mailOutbox).values({
      id,
      to: 'x@demo.test',
      template: 'test',
      language: 'sv',
      subject: 's',
      text: 't',
      html: null,
      status: 'sending',
      lastError: null,
      createdAt: Date.now(),
      sentAt: null,
    })
    await sending.jobs.enqueue(db, 'mail.send', { mailId: id })
    await sending.jobs.settled()
    expect(received.length).toBe(before)
    const [row] = await db.select().from(t.mailOutbox).where(eq(t.mailOutbox.id, id))
    expect(row).toMatchObject({ status: 'unconfirmed' })
  })
})

describe('mail without an SMTP server (the embedded default)', () => {
  it('is kept in the outbox admins read, never dropped', async () => {
    const admin = await keeping.login('admin@demo.test')
    const r = await keeping.request('POST', '/api/mail/test', { cookie: admin.cookie })
    expect(r.status).toBe(202)
    const outbox = await keeping.request('GET', '/api/mail/outbox', { cookie: admin.cookie })
    expect(outbox.status).toBe(200)
    expect(outbox.json).toMatchObject({
      sending: false,
      total: 1,
      page: 1,
      items: [{ id: (r.json as { id: string }).id, status: 'kept', to: 'admin@demo.test', subject: 'Testmeddelande från Säljkraft' }],
    })
    expect((outbox.json.items as Array<{ text: string }>)[0]!.text).toContain('Astrid Admin')
  })

  it('is listed newest first, a page at a time, and searched by recipient or subject', async () => {
    const admin = await keeping.login('admin@demo.test')
    for (let i = 0; i < 3; i++) await keeping.request('POST', '/api/mail/test', { cookie: admin.cookie })
    const page = await keeping.request('GET', '/api/mail/outbox?itemsPerPage=10&page=1', { cookie: admin.cookie })
    const items = page.json.items as Array<{ createdAt: number }>
    expect(page.json.total).toBeGreaterThanOrEqual(4)
    expect(items.map((x) => x.createdAt)).toEqual([...items.map((x) => x.createdAt)].sort((a, b) => b - a))
    const found = await keeping.request('GET', '/api/mail/outbox?q=TESTMEDDELANDE', { cookie: admin.cookie })
    expect(found.json.total).toBe(page.json.total)
    const none = await keeping.request('GET', `/api/mail/outbox?q=${encodeURIComponent('nobody_%')}`, { cookie: admin.cookie })
    expect(none.json).toMatchObject({ total: 0, items: [] })
    expect((await keeping.request('GET', '/api/mail/outbox?itemsPerPage=7', { cookie: admin.cookie })).status).toBe(400)
  })

  it('only admins read the outbox or send a test', async () => {
    for (const email of ['backoffice@demo.test', 'seller@demo.test']) {
      const user = await keeping.login(email)
      expect((await keeping.request('GET', '/api/mail/outbox', { cookie: user.cookie })).status).toBe(403)
      expect((await keeping.request('POST', '/api/mail/test', { cookie: user.cookie })).status).toBe(403)
    }
  })
})
