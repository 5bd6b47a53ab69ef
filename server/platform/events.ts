import { and, count, eq, inArray, lt, notInArray } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import type { DomainEvents, EventName, Subscriber } from './event-types'
import { deliveryDispatcher } from './event-dispatch'
import { workLoop } from './work-loop'
import { causeOfWork } from './tracing'
import { insertRows, preparedWrites } from '../db/prepared'

export type { DomainEvent, DomainEvents, EventName, Subscriber } from './event-types'

/**
 * Domain events through an outbox (docs/decisions/020). An area's service records an event with `record(tx, …)`
 * in the transaction of its change: the event and one delivery row per subscriber of its name are written with
 * the change or not at all. After the commit the dispatcher hands each delivery to its subscriber; a delivery
 * whose handler throws is tried again later with backoff (and given up as `dead` after `maxAttempts`, kept for
 * a person to look at). Nothing is lost when the process dies: undelivered rows wait in the table and any
 * instance picks them up (at its next start, or when another instance's lease on them runs out).
 *
 * Delivery is at least once, so handlers are idempotent (a handler that ran but whose "done" was never written
 * runs again). Several instances share the work: a delivery is leased by one of them with one conditional
 * UPDATE, which on PostgreSQL re-checks the lease on the row it locks, so two instances never hold it at once.
 */

export type EventBusOptions = {
  /** who holds a lease (one per process) */
  instanceId?: string
  /** how often to look for work nobody woke us for (another instance's events, retries, a crash's leftovers) */
  pollMs?: number
  batchSize?: number
  /** how long a claimed delivery is ours; a process that dies holding it gives it up when this runs out */
  leaseMs?: number
  maxAttempts?: number
  /** the wait before attempt n + 1 after n failed ones */
  backoffMs?: (attempts: number) => number
  /** how long a wake-up waits so the commits of a burst are dispatched as one batch */
  coalesceMs?: number
}

/** 1 s, 2 s, 4 s … at most 10 minutes, with ±20 % jitter so failing deliveries do not retry in lockstep. */
export const defaultBackoff = (attempts: number) => Math.round(Math.min(1000 * 2 ** (attempts - 1), 10 * 60_000) * (0.8 + Math.random() * 0.4))

export type EventBus = ReturnType<typeof eventBus>

export function eventBus(database: Database, options: EventBusOptions = {}) {
  const { db, t } = database
  const instanceId = options.instanceId ?? crypto.randomUUID()
  const pollMs = options.pollMs ?? 1000
  const batchSize = options.batchSize ?? 200
  const leaseMs = options.leaseMs ?? 5 * 60_000
  const maxAttempts = options.maxAttempts ?? 12
  const backoffMs = options.backoffMs ?? defaultBackoff
  const coalesceMs = options.coalesceMs ?? 10

  const write = preparedWrites(database)
  const subscribers = new Map<string, Subscriber>()
  const namesByEvent = new Map<EventName, string[]>()
  const d = t.eventDeliveries
  const { dispatchBatch } = deliveryDispatcher(database, subscribers, { instanceId, batchSize, leaseMs, maxAttempts, backoffMs })

  /** Events and one delivery for each subscriber of each, in two statements (a chunk at a time). */
  async function insertEvents(tx: Db, events: Array<Record<string, unknown>>) {
    const stored = (await insertRows(write, tx, 'events.record', t.domainEvents, events, {
      id: t.domainEvents.id,
      name: t.domainEvents.name,
      at: t.domainEvents.occurredAt,
    })) as Array<{ id: number; name: EventName; at: number }>
    // By each stored event's own id and name: whatever order the database answers in.
    const deliveries = stored.flatMap((e) =>
      (namesByEvent.get(e.name) ?? []).map((subscriber) => ({ eventId: e.id, subscriber, status: 'pending', attempts: 0, nextAttemptAt: e.at })),
    )
    await insertRows(write, tx, 'events.deliveries', d, deliveries)
  }

  const loop = workLoop(
    'events',
    async () => {
      while (loop.running && (await dispatchBatch()) > 0) {
        // keep going while there is work
      }
    },
    { pollMs, coalesceMs },
  )

  return {
    instanceId,

    /** Subscribers are registered before start(): an event is delivered to those registered when it is recorded. */
    /** The names of an event's subscribers in this process (benchmarks count its deliveries by them). */
    subscribersOf(name: EventName): string[] {
      return [...(namesByEvent.get(name) ?? [])]
    },

    subscribe<N extends EventName>(subscriber: Subscriber<N>) {
      if (subscribers.has(subscriber.name)) throw new Error(`a subscriber named ${subscriber.name} exists`)
      subscribers.set(subscriber.name, subscriber as unknown as Subscriber)
      for (const name of subscriber.events) namesByEvent.set(name, [...(namesByEvent.get(name) ?? []), subscriber.name])
    },

    /**
     * Records an event in the caller's transaction; it is dispatched once that transaction has committed. The event
     * and its deliveries are inserted as the transaction commits, with the transaction's other events: two
     * statements for a push of a hundred sales, not two for each.
     */
    async record<N extends EventName>(tx: Db, name: N, payload: DomainEvents[N], meta: { actorId: string | null; at: number }): Promise<void> {
      const event = {
        name,
        payload: payload as unknown as Record<string, unknown>,
        actorId: meta.actorId,
        ...causeOfWork(),
        occurredAt: meta.at,
      }
      await database.appendAtCommit('events.record', event, insertEvents, tx)
      database.afterCommit(loop.wakeSoon)
    },

    /** Starts dispatching: at once (what a previous run left undelivered), then after each commit and on the poll. */
    start: loop.start,

    /** Whether the dispatcher is started and looking for work; for readiness. */
    liveness: () => ({ ...loop.liveness(), pollMs }),

    /** Stops taking new work and waits for the batch in hand. */
    stop: loop.stop,

    /** Resolves when every delivery to this bus's subscribers is done or given up (tests and benchmarks; retries included, so keep backoff short there). */
    async settled(timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs
      for (;;) {
        await loop.idle()
        const [row] = await db
          .select({ n: count() })
          .from(d)
          .where(and(eq(d.status, 'pending'), inArray(d.subscriber, [...subscribers.keys()])))
        if ((row?.n ?? 0) === 0) return
        if (Date.now() > until) throw new Error(`events not settled within ${timeoutMs} ms: ${row?.n} due`)
        loop.wake()
        await new Promise((r) => setTimeout(r, 10))
      }
    },

    /**
     * Removes what is finished and old: deliveries done before `before`, and events all of whose deliveries are
     * done (a dead or pending delivery keeps its event). Answers how many events went.
     */
    async purgeDelivered(before: number): Promise<number> {
      await db.delete(d).where(and(eq(d.status, 'done'), lt(d.doneAt, before)))
      const open = db.select({ id: d.eventId }).from(d)
      const gone = await db
        .delete(t.domainEvents)
        .where(and(lt(t.domainEvents.occurredAt, before), notInArray(t.domainEvents.id, open)))
        .returning({ id: t.domainEvents.id })
      return gone.length
    },

    /** How the deliveries stand (for an admin screen and tests). */
    async stats() {
      const rows = await db.select({ status: d.status, n: count() }).from(d).groupBy(d.status)
      return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Partial<Record<'pending' | 'done' | 'dead', number>>
    },
  }
}
