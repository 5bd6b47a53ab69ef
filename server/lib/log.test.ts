import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { configureLog, scrub, withRequestLog } from './log'
import { createTestApp } from '../test/harness'
import { saleArgs } from '../test/fixtures'
import { personalNumberOf } from '../../shared/rules/identity'

/**
 * The server's log (issue 71, docs/operations.md): JSON lines, each request's lines with its id and user, and no
 * personal data in a busy run — not the customers' identity numbers the run handled, not the e-mail addresses, not
 * an identity number inside an error a job threw.
 */
const lines: string[] = []
configureLog({ level: 'info', destination: { write: (line: string) => void lines.push(line) } })
afterAll(() => configureLog({ destination: process.stdout }))
const t = await createTestApp({ LOG_REQUESTS: 'true' })
const parsed = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>)

describe('the log', () => {
  it('is a JSON object a line; a request’s lines carry its id (the caller’s or a new one) and its user', async () => {
    const seller = await t.login('seller@demo.test')
    const given = await t.request('GET', '/api/auth/me', { cookie: seller.cookie, headers: { 'x-request-id': 'lb-7f3a.42' } })
    expect(given.res.headers.get('x-request-id')).toBe('lb-7f3a.42')
    const fresh = await t.request('GET', '/api/auth/me', { cookie: seller.cookie, headers: { 'x-request-id': 'not a token\n' } })
    const freshId = fresh.res.headers.get('x-request-id')!
    expect(freshId).toMatch(/^[0-9a-f-]{36}$/)
    const mine = parsed().filter((l) => l.msg === 'request' && l.path === '/api/auth/me')
    expect(mine.map((l) => [l.reqId, l.userId, l.status, l.level])).toEqual([
      ['lb-7f3a.42', seller.answer.userData.id, 200, 'info'],
      [freshId, seller.answer.userData.id, 200, 'info'],
    ])
    for (const l of parsed()) expect(typeof l.time).toBe('string')
  })

  it('holds no personal data after a busy run: sales with identity numbers, sign-ins, a job failing on a customer', async () => {
    const seller = await t.newSeller({ firstName: 'Loggad', lastName: 'Saljare' })
    const device = t.device(seller.cookie)
    const product = (await device.products()).find((p) => p.active)!
    const numbers: string[] = []
    for (let i = 0; i < 5; i++) {
      const sale = saleArgs(
        { providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] },
        { customerSsn: personalNumberOf('19850101', String(230 + i)) },
      )
      numbers.push(String(sale.customerSsn))
      await device.push('createSale', sale)
    }
    // A mutation the server refuses, with the number in it.
    await device.push('createSale', { ...saleArgs({ providerId: 'no-such', products: [] }), customerSsn: '198501011299' })
    t.jobs.define('test.customerCall', async () => {
      throw new Error('the dialer refused customer 850101-1234 (anna.andersson@example.se, account 12345678901)')
    })
    await t.jobs.enqueue(t.database.db, 'test.customerCall', {}, { maxAttempts: 1 })
    await t.jobs.settled()
    await t.events.settled()
    await t.login('admin@demo.test')
    const text = lines.join('')
    expect(lines.length).toBeGreaterThan(10)
    const failure = parsed().find((l) => (l as { job?: string }).job === 'test.customerCall')
    expect(failure).toMatchObject({ level: 'warn', err: 'the dialer refused customer [masked] ([masked], account [masked])' })
    for (const n of [...numbers, '850101-1234', '198501011299']) expect(text).not.toContain(n)
    expect(text).not.toMatch(/@demo\.test|@example\.se/)
  })

  it('a job and the event deliveries a request caused carry its id into their lines', async () => {
    t.jobs.define('test.caused', async () => {
      throw new Error('the outside service said no')
    })
    await withRequestLog('req-from-the-balancer', () => t.jobs.enqueue(t.database.db, 'test.caused', {}, { maxAttempts: 1 }))
    // A checkout event whose payload no subscriber can use: each delivery fails, and says which request it came from.
    await withRequestLog('req-of-a-checkout', () =>
      t.database.transaction((tx) => t.events.record(tx, 'checkout.done', { checkoutId: 'none' } as never, { actorId: null, at: Date.now() })),
    )
    await t.jobs.settled()
    await t.events.settled()
    const job = parsed().find((l) => (l as { job?: string }).job === 'test.caused')
    expect(job).toMatchObject({ reqId: 'req-from-the-balancer', err: 'the outside service said no' })
    const [event] = await t.database.db.select().from(t.database.t.domainEvents).where(eq(t.database.t.domainEvents.requestId, 'req-of-a-checkout'))
    expect(event).toBeDefined()
  })

  it('masks identity numbers, long digit runs and e-mail addresses in any text', () => {
    expect(scrub('ssn 19850101-1234, 850101+1234, fi 010185A123X, 8501011234, acct 1234567890123, mail a.b@c.se')).toBe(
      'ssn [masked], [masked], fi [masked], [masked], acct [masked], mail [masked]',
    )
    // A failed statement's values are left out whole (a name is no pattern).
    expect(scrub('Failed query: insert into "sales" …\nparams: Anna Andersson,Storgatan 1\n    at x')).toBe(
      'Failed query: insert into "sales" …\nparams: [left out]\n    at x',
    )
    // Times, counts and ids are left as they are.
    expect(scrub('took 1234 ms, 42 rows, job 7d34cd8d-efad-40f9')).toBe('took 1234 ms, 42 rows, job 7d34cd8d-efad-40f9')
  })
})
