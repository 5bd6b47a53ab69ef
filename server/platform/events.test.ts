import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { createTestDatabase, testDb } from '../test/harness'
import { eventBus, type DomainEvent, type EventBus } from './events'

const { database, openAnother } = await createTestDatabase()
const { t } = database

const fast = { pollMs: 20, backoffMs: () => 5 }
let seq = 0

/** A change (a region row) and its event, in one transaction; `fail` rolls both back. */
async function change(bus: EventBus, db: Database = database, opts: { fail?: boolean } = {}) {
  const id = `region-${++seq}`
  await db.transaction(async (tx) => {
    await tx.insert(t.regions).values({ id, name: id, createdAt: 1 })
    await bus.record(
      tx,
      'checkout.done',
      { checkoutId: id, userId: 'u', date: '2026-11-20', salesCount: 1, orderValueOre: 100, workHours: 8 },
      { actorId: null, at: Date.now() },
    )
    if (opts.fail) throw new Error('rolled back')
  })
  return id
}

type Seen = { id: string; regionCommitted: boolean }
function recorder(name: string, db: Database = database) {
  const seen: Seen[] = []
  return {
    seen,
    subscriber: {
      name,
      events: ['checkout.done'] as const,
      async handle(event: DomainEvent<'checkout.done'>) {
        // The change the event reports is there to read: the event came after its commit.
        const [row] = await db.db.select().from(t.regions).where(eq(t.regions.id, event.payload.checkoutId))
        seen.push({ id: event.payload.checkoutId, regionCommitted: !!row })
      },
    },
  }
}

describe('domain events through the outbox', () => {
  it('are delivered after their transaction commits, and never for one that rolled back', async () => {
    const bus = eventBus(database, fast)
    const a = recorder('after-commit')
    bus.subscribe(a.subscriber)
    bus.start()
    const committed = await change(bus)
    await expect(change(bus, database, { fail: true })).rejects.toThrow('rolled back')
    const alsoCommitted = await change(bus)
    await bus.settled()
    await bus.stop()
    expect(a.seen).toEqual([
      { id: committed, regionCommitted: true },
      { id: alsoCommitted, regionCommitted: true },
    ])
  })

  it('recorded outside a transaction is refused (an event without its change could be dispatched alone)', async () => {
    const bus = eventBus(database, fast)
    await expect(
      bus.record(
        database.db,
        'checkout.done',
        { checkoutId: 'x', userId: 'u', date: '2026-11-20', salesCount: 0, orderValueOre: 0, workHours: 0 },
        { actorId: null, at: 1 },
      ),
    ).rejects.toThrow(/outside a transaction/)
  })

  it('committed while the process died before dispatching are delivered at the next start', async () => {
    // The process that committed never dispatched: it died right after the commit.
    const dying = eventBus(database, fast)
    dying.subscribe(recorder('crash-safe').subscriber)
    const id = await change(dying)

    // The next start: a new process with the same subscriber picks up what was left.
    const next = eventBus(database, fast)
    const r = recorder('crash-safe')
    next.subscribe(r.subscriber)
    next.start()
    await next.settled()
    await next.stop()
    expect(r.seen).toEqual([{ id, regionCommitted: true }])
  })

  it('in the hands of a process that died mid-delivery are delivered by another once its lease runs out', async () => {
    let started!: () => void
    const handling = new Promise<void>((resolve) => (started = resolve))
    const dying = eventBus(database, { ...fast, leaseMs: 300 })
    dying.subscribe({ name: 'lease', events: ['checkout.done'], handle: () => (started(), new Promise<void>(() => {})) })
    dying.start()
    const id = await change(dying)
    await handling // the first process holds the delivery and never finishes it

    const other = eventBus(database, { ...fast, leaseMs: 300 })
    const r = recorder('lease')
    other.subscribe(r.subscriber)
    other.start()
    await expect.poll(() => r.seen.map((s) => s.id), { timeout: 10_000 }).toEqual([id])
    await other.stop()
  })

  it('a failing subscriber is retried with backoff, gives up after its attempts, and never holds up the others', async () => {
    const bus = eventBus(database, { ...fast, maxAttempts: 4 })
    const healthy = recorder('healthy')
    const attempts = new Map<string, number>()
    bus.subscribe(healthy.subscriber)
    bus.subscribe({
      name: 'flaky',
      events: ['checkout.done'],
      async handle(event) {
        const n = (attempts.get(event.payload.checkoutId) ?? 0) + 1
        attempts.set(event.payload.checkoutId, n)
        // The first event always fails (a poison event); the second fails twice, then works.
        if (n <= (event.payload.checkoutId === poison ? 99 : 2)) throw new Error(`flaky ${n}`)
      },
    })
    bus.start()
    const poison = await change(bus)
    const recovering = await change(bus)
    await bus.settled()
    await bus.stop()
    expect(healthy.seen.map((s) => s.id)).toEqual([poison, recovering])
    expect(attempts.get(recovering)).toBe(3)
    expect(attempts.get(poison)).toBe(4)
    const rows = await database.db.select().from(t.eventDeliveries).where(eq(t.eventDeliveries.subscriber, 'flaky'))
    expect(rows.map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['dead', 4],
      ['done', 3],
    ])
    expect(rows.find((r) => r.status === 'dead')!.lastError).toBe('flaky 4')
  })

  it('a subscriber that only writes to the database commits its writes with its delivery: a failure undoes its own writes alone, the retry writes once', async () => {
    const bus = eventBus(database, fast)
    const attempts = new Map<string, number>()
    bus.subscribe({
      name: 'summary',
      events: ['checkout.done'],
      async handleInTransaction(tx, event) {
        const id = event.payload.checkoutId
        const n = (attempts.get(id) ?? 0) + 1
        attempts.set(id, n)
        await tx.insert(t.activityLog).values({ at: n, actorId: null, entity: 'summary', entityId: id, action: `attempt ${n}` })
        // The second event's first delivery fails after writing (both calls of it: the batch's straight run and its
        // run again with a savepoint each): those writes must not stay.
        if (id === failing && n <= 2) throw new Error('summary failed')
      },
    })
    const healthy = recorder('beside-summary')
    bus.subscribe(healthy.subscriber)
    const first = await change(bus)
    const failing = await change(bus)
    const third = await change(bus)
    // All three waiting, so one batch (one transaction) handles them.
    bus.start()
    await bus.settled()
    await bus.stop()
    const written = await database.db
      .select({ entityId: t.activityLog.entityId, action: t.activityLog.action })
      .from(t.activityLog)
      .where(eq(t.activityLog.entity, 'summary'))
    // One write stays for each event (a batch in which one failed is run again, each handler in a savepoint, so a
    // healthy handler may have been called twice; its first call's write was rolled back with the batch). The
    // failing one's write is its retry's, not the one of the call that failed.
    expect(written.map((w) => w.entityId).sort()).toEqual([first, failing, third].sort())
    expect(written.find((w) => w.entityId === failing)?.action).toBe('attempt 3')
    const deliveries = await database.db.select().from(t.eventDeliveries).where(eq(t.eventDeliveries.subscriber, 'summary'))
    expect(deliveries.map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['done', 1],
      ['done', 1],
      ['done', 2],
    ])
    expect(healthy.seen.map((s) => s.id)).toEqual([first, failing, third])
  })

  it('a database subscriber’s writes and its delivery’s mark are one: when the mark cannot be written, neither are the writes', async () => {
    const bus = eventBus(database, { ...fast, maxAttempts: 1 })
    bus.subscribe({
      name: 'all-or-nothing',
      events: ['checkout.done'],
      async handleInTransaction(tx, event) {
        await tx.insert(t.activityLog).values({ at: 1, actorId: null, entity: 'all-or-nothing', entityId: event.payload.checkoutId, action: 'written' })
        // Another instance took the delivery over meanwhile (as when this one's lease ran out): this one may no
        // longer mark it done, so what it wrote for it must not stay either.
        await tx.update(t.eventDeliveries).set({ lockedBy: 'another-instance' }).where(eq(t.eventDeliveries.subscriber, 'all-or-nothing'))
      },
    })
    const id = await change(bus)
    bus.start()
    await bus.settled()
    await bus.stop()
    expect(await database.db.select().from(t.activityLog).where(eq(t.activityLog.entityId, id))).toEqual([])
    const [delivery] = await database.db.select().from(t.eventDeliveries).where(eq(t.eventDeliveries.subscriber, 'all-or-nothing'))
    expect([delivery!.status, delivery!.lastError]).toEqual(['dead', 'lost the lease on 1 of 1 deliveries; their writes are undone'])
  })

  it('once delivered and old are removed, but an event with a delivery still open is kept', async () => {
    const bus = eventBus(database, { ...fast, maxAttempts: 1 })
    bus.subscribe(recorder('purge-ok').subscriber)
    bus.subscribe({ name: 'purge-broken', events: ['checkout.done'], handle: async () => Promise.reject(new Error('broken')) })
    const delivered = eventBus(database, fast)
    delivered.subscribe(recorder('purge-only').subscriber)
    bus.start()
    delivered.start()
    const kept = await change(bus)
    const gone = await change(delivered)
    await bus.settled()
    await delivered.settled()
    await bus.stop()
    await delivered.stop()
    await bus.purgeDelivered(Date.now() + 1)
    const left = (await database.db.select({ payload: t.domainEvents.payload }).from(t.domainEvents)).map((e) => e.payload.checkoutId)
    expect(left).toContain(kept)
    expect(left).not.toContain(gone)
  })

  it.runIf(testDb === 'pg')('shared by several instances on PostgreSQL are each handled once', async () => {
    const second = await openAnother()
    const handledBy = new Map<string, string[]>()
    const buses = [database, second].map((db, i) => {
      const bus = eventBus(db, { ...fast, batchSize: 7, instanceId: `instance-${i}` })
      bus.subscribe({
        name: 'once',
        events: ['checkout.done'],
        async handle(event) {
          handledBy.set(event.payload.checkoutId, [...(handledBy.get(event.payload.checkoutId) ?? []), `instance-${i}`])
          await new Promise((r) => setTimeout(r, 1))
        },
      })
      bus.start()
      return bus
    })
    const ids: string[] = []
    for (let i = 0; i < 120; i++) ids.push(await change(buses[i % 2]!, i % 2 === 0 ? database : second))
    for (const bus of buses) await bus.settled()
    for (const bus of buses) await bus.stop()
    expect([...handledBy.keys()].sort()).toEqual([...ids].sort())
    expect([...handledBy.values()].filter((by) => by.length !== 1)).toEqual([])
    expect(new Set([...handledBy.values()].flat()).size).toBe(2)
  })
})
