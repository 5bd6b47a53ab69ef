import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createTestApp } from '../../test/harness'
import { saleArgs } from '../../test/fixtures'

/**
 * What an orchestrator and a monitoring system read (issue 71, docs/operations.md): the process alive, the instance
 * ready with each check's reason, and the metrics in the Prometheus text format behind their token.
 */
const TOKEN = 'metrics-token-for-the-scraper'
const t = await createTestApp({ METRICS_TOKEN: TOKEN })
const { db, t: tables } = t.database
const scrape = async () => {
  const r = await t.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })
  expect(r.status, r.text).toBe(200)
  return r.text
}
/** A series' value in the text format, by its name and labels exactly as written ('' for none). */
const valueOf = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}
type Ready = { status: string; checks: Array<{ name: string; ok: boolean; detail: string }> }
const ready = async () => {
  const r = await t.request('GET', '/api/health/ready')
  return { status: r.status, body: r.json as unknown as Ready }
}

describe('health for an orchestrator', () => {
  it('live answers while the process does; ready names every check and answers 200 when all pass', async () => {
    const live = await t.request('GET', '/api/health/live')
    expect([live.status, live.json]).toEqual([200, { status: 'ok' }])
    expect(live.res.headers.get('cache-control')).toBe('no-store')
    const { status, body } = await ready()
    expect(status, JSON.stringify(body)).toBe(200)
    expect(body.status).toBe('ready')
    expect(body.checks.map((c) => c.name)).toEqual(['stopping', 'database', 'migrations', 'jobs', 'events', 'eventBacklog', 'mailOutbox'])
    expect(body.checks.find((c) => c.name === 'migrations')!.detail).toMatch(/^(\d+) of \1 applied$/)
    // The old health check stays as it was.
    expect((await t.request('GET', '/api/health')).json).toEqual({ status: 'ok' })
  })

  it('is not ready, with the reason, when events fall behind, mail waits, a migration is missing or it is stopping', async () => {
    const now = Date.now()
    // A delivery for a subscriber no instance of this release has, due ten minutes ago.
    const [event] = await db
      .insert(tables.domainEvents)
      .values({ name: 'test.behind', payload: {}, actorId: null, occurredAt: now - 600_000 })
      .returning({ id: tables.domainEvents.id })
    await db
      .insert(tables.eventDeliveries)
      .values({ eventId: event!.id, subscriber: 'elsewhere.only', status: 'pending', attempts: 0, nextAttemptAt: now - 600_000 })
    let answer = await ready()
    expect(answer.status).toBe(503)
    expect(answer.body.status).toBe('notReady')
    expect(answer.body.checks.find((c) => c.name === 'eventBacklog')).toMatchObject({
      ok: false,
      detail: expect.stringMatching(/^1 due, the oldest 6\d\d s behind$/),
    })
    await db.delete(tables.eventDeliveries)
    // A mail queued twenty minutes ago and still not sent.
    const mailId = randomUUID()
    await db
      .insert(tables.mailOutbox)
      .values({ id: mailId, to: 'x@example.se', template: 'test', language: 'sv', subject: 's', text: 't', status: 'queued', createdAt: now - 1_200_000 })
    answer = await ready()
    expect(answer.body.checks.filter((c) => !c.ok)).toMatchObject([
      { name: 'mailOutbox', detail: expect.stringMatching(/^1 waiting, the oldest 1\d\d\d s old$/) },
    ])
    await db.update(tables.mailOutbox).set({ status: 'sent', sentAt: now })
    expect((await ready()).status).toBe(200)

    // The job runner stopped: not ready until it runs again.
    await t.jobs.stop()
    answer = await ready()
    expect(answer.body.checks.filter((c) => !c.ok)).toEqual([{ name: 'jobs', ok: false, detail: 'not started' }])
    t.jobs.start()
    expect((await ready()).status).toBe(200)

    // SIGTERM: not ready while it finishes what it has; alive all the same.
    t.deps.readiness.markStopping()
    answer = await ready()
    expect(answer.body.checks.filter((c) => !c.ok)).toEqual([{ name: 'stopping', ok: false, detail: 'shutting down' }])
    expect((await t.request('GET', '/api/health/live')).status).toBe(200)

    // A database behind the code (the newest migration not applied) is not ready either.
    const raw = t.database.raw
    if (raw.kind === 'sqlite')
      raw.sqlite.prepare('delete from __drizzle_migrations where created_at = (select max(created_at) from __drizzle_migrations)').run()
    else await raw.pool.query('delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)')
    answer = await ready()
    const missing = answer.body.checks.find((c) => c.name === 'migrations')!
    expect(missing.ok).toBe(false)
    const [applied, known] = /^(\d+) of (\d+) applied$/.exec(missing.detail)!.slice(1).map(Number)
    expect(applied).toBe(known! - 1)
  })
})

describe('metrics', () => {
  it('are served only with the token; without METRICS_TOKEN set there are none', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(401)
    expect((await t.request('GET', '/metrics', { headers: { authorization: 'Bearer wrong-token-of-some-length' } })).status).toBe(401)
    const off = await createTestApp()
    expect((await off.request('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404)
  })

  it('count a sync push and its mutations, requests by route pattern, jobs, backlogs and the process', async () => {
    const before = await scrape()
    const pushesBefore = valueOf(before, 'saljkraft_sync_pushes_total') ?? 0
    const insertsBefore = valueOf(before, 'saljkraft_db_statement_seconds_count{kind="insert"}') ?? 0
    const seller = await t.newSeller({ firstName: 'Matbar', lastName: 'Saljare' })
    const device = t.device(seller.cookie)
    const products = await device.products()
    const product = products.find((p) => p.active)!
    const sale = saleArgs({ providerId: product.providerId, products: [{ productId: product.id, quantity: 1 }] })
    expect(await device.push('createSale', sale)).toMatchObject({ applied: 1 })
    expect(await device.push('noSuchMutation', {})).toMatchObject({ rejected: 1 })
    const admin = (await t.login('admin@demo.test')).cookie
    expect((await t.request('GET', `/api/users/${seller.answer.userData.id}`, { cookie: admin })).status).toBe(200)
    await t.events.settled()
    // A job run: a mail job whose mail is not there is done at once.
    await t.jobs.enqueue(t.database.db, 'mail.send', { mailId: randomUUID() })
    await t.jobs.settled()

    const text = await scrape()
    expect(valueOf(text, 'saljkraft_sync_pushes_total')).toBe(pushesBefore + 2)
    expect(valueOf(text, 'saljkraft_sync_mutations_total{outcome="applied"}')).toBeGreaterThanOrEqual(1)
    expect(valueOf(text, 'saljkraft_sync_mutations_total{outcome="rejected"}')).toBeGreaterThanOrEqual(1)
    expect(valueOf(text, 'saljkraft_sync_mutations_received_total{name="createSale"}')).toBeGreaterThanOrEqual(1)
    // A name the server does not know is one label, not the name the device sent.
    expect(valueOf(text, 'saljkraft_sync_mutations_received_total{name="unknown"}')).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain('noSuchMutation')
    // The sale's rows were written by statements the data layer timed.
    expect(valueOf(text, 'saljkraft_db_statement_seconds_count{kind="insert"}')).toBeGreaterThan(insertsBefore + 5)
    // Requests by the pattern they matched, never the address with its ids.
    expect(valueOf(text, 'saljkraft_http_request_duration_seconds_count{method="POST",route="/api/sync/push",status="2xx"}')).toBeGreaterThanOrEqual(2)
    expect(valueOf(text, 'saljkraft_http_request_duration_seconds_count{method="GET",route="/api/users/:id",status="2xx"}')).toBeGreaterThanOrEqual(1)
    expect(text).not.toContain(seller.answer.userData.id)
    for (const series of [
      'saljkraft_event_backlog',
      'saljkraft_event_lag_seconds',
      'saljkraft_mail_outbox_waiting',
      'saljkraft_job_queue_due',
      'saljkraft_realtime_connections',
      'saljkraft_nodejs_eventloop_lag_p99_seconds',
      'saljkraft_process_resident_memory_bytes',
    ])
      expect(valueOf(text, series), series).toBeTypeOf('number')
    expect(valueOf(text, 'saljkraft_job_run_seconds_count{name="mail.send",outcome="done"}')).toBeGreaterThanOrEqual(1)
  })
})
