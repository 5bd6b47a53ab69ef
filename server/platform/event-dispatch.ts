import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import type { DomainEvent, Subscriber } from './event-types'
import { log, withCause } from '../lib/log'
import { traceCaused } from './tracing'

export type DispatchSettings = { instanceId: string; batchSize: number; leaseMs: number; maxAttempts: number; backoffMs: (attempts: number) => number }

type Claimed = { id: number; eventId: number; subscriber: string; attempts: number }
type Failure = { delivery: Claimed; err: unknown }

/**
 * A batch's transaction reads and updates rows by key among writers adding their own (the pushes' new deliveries): on
 * PostgreSQL a sequential scan of event_deliveries would lock the whole table and fail against every push that adds
 * to it (issue 72: a burst's first attempts failing), so the planner is told to use the indexes.
 */
const INDEX_SCANS = { indexScans: true }
type DomainEventRow = { name: string; requestId: string | null; traceParent: string | null }

/** Runs a delivery's handler in the trace and log context of the request that recorded its event. */
function inContextOf(delivery: Claimed, events: ReadonlyMap<number, DomainEventRow>, run: (event: DomainEvent) => Promise<void>) {
  const event = events.get(delivery.eventId)
  return withCause(event?.requestId, () =>
    traceCaused(event?.traceParent, `event ${event?.name} → ${delivery.subscriber}`, { 'event.name': event?.name ?? '' }, () =>
      run(event as unknown as DomainEvent),
    ),
  )
}

/**
 * The event bus's delivery of what was recorded (docs/decisions/020): claims a batch of due deliveries under a
 * lease, runs the in-transaction subscribers in one commit (each in a savepoint) and the others one by one, marks
 * what succeeded and schedules a retry (or gives up) for what failed.
 */
export function deliveryDispatcher(database: Database, subscribers: ReadonlyMap<string, Subscriber>, settings: DispatchSettings) {
  const { db, t } = database
  const { instanceId, batchSize, leaseMs, maxAttempts, backoffMs } = settings
  const d = t.eventDeliveries
  // Only deliveries for subscribers this process has (during a rolling deploy, an older instance leaves a new
  // subscriber's deliveries to the instances that know it).
  const claimable = (now: number) =>
    and(eq(d.status, 'pending'), lte(d.nextAttemptAt, now), or(isNull(d.lockedUntil), lt(d.lockedUntil, now)), inArray(d.subscriber, [...subscribers.keys()]))

  /** Claims up to a batch of due deliveries, hands each to its subscriber, writes the outcomes; answers how many it claimed. */
  async function dispatchBatch(): Promise<number> {
    const now = Date.now()
    const due = db.select({ id: d.id }).from(d).where(claimable(now)).orderBy(asc(d.id)).limit(batchSize)
    const claimed = await db
      .update(d)
      .set({ lockedBy: instanceId, lockedUntil: now + leaseMs })
      .where(and(inArray(d.id, due), claimable(now)))
      .returning({ id: d.id, eventId: d.eventId, subscriber: d.subscriber, attempts: d.attempts })
    if (claimed.length === 0) return 0
    claimed.sort((a, b) => a.id - b.id)
    const events = new Map(
      (
        await db
          .select()
          .from(t.domainEvents)
          .where(inArray(t.domainEvents.id, [...new Set(claimed.map((c) => c.eventId))]))
      ).map((e) => [e.id, e]),
    )
    const failed: Failure[] = []
    const inTransaction = claimed.filter((c) => subscribers.get(c.subscriber)?.handleInTransaction)
    if (inTransaction.length > 0) failed.push(...(await deliverInTransaction(inTransaction, events)))
    const done: number[] = []
    for (const delivery of claimed) {
      const subscriber = subscribers.get(delivery.subscriber)
      if (subscriber?.handleInTransaction) continue
      try {
        if (!subscriber) throw new Error(`no subscriber named ${delivery.subscriber} in this process`)
        await inContextOf(delivery, events, async (event) => subscriber.handle!(event))
        done.push(delivery.id)
      } catch (err) {
        failed.push({ delivery, err })
      }
    }
    await markDone(db, done)
    for (const { delivery, err } of failed) {
      const attempts = delivery.attempts + 1
      const dead = attempts >= maxAttempts
      const message = err instanceof Error ? err.message : String(err)
      log.warn(
        {
          subscriber: delivery.subscriber,
          eventId: delivery.eventId,
          reqId: events.get(delivery.eventId)?.requestId ?? undefined,
          attempt: attempts,
          err: message,
        },
        `[events] a subscriber failed${dead ? ', giving up' : ''}`,
      )
      await db
        .update(d)
        .set({
          status: dead ? 'dead' : 'pending',
          attempts,
          // whole milliseconds: PostgreSQL's bigint takes no fraction
          nextAttemptAt: Date.now() + Math.round(backoffMs(attempts)),
          lastError: message.slice(0, 2000),
          lockedBy: null,
          lockedUntil: null,
        })
        .where(and(eq(d.id, delivery.id), eq(d.lockedBy, instanceId)))
    }
    return claimed.length
  }

  /** Runs one delivery's in-transaction handler on `tx`. */
  const handleOn = (tx: Db, delivery: Claimed, events: ReadonlyMap<number, DomainEventRow>) =>
    inContextOf(delivery, events, (event) => subscribers.get(delivery.subscriber)!.handleInTransaction!(tx, event))

  /**
   * The in-transaction deliveries of a batch in one commit, with the marks of those that succeeded; answers those
   * that failed. First all of them straight in one transaction (a savepoint each would be two statements per
   * delivery, for what is rare); when one throws, that transaction is rolled back and the batch run again with each
   * handler in a savepoint, so the others' work is kept and only the failing ones are tried again later.
   */
  async function deliverInTransaction(batch: Claimed[], events: ReadonlyMap<number, DomainEventRow>): Promise<Failure[]> {
    const whole = await database
      .transaction(async (tx) => {
        for (const delivery of batch) await handleOn(tx, delivery, events)
        await markAllDone(
          tx,
          batch.map((delivery) => delivery.id),
        )
      }, INDEX_SCANS)
      .then(
        () => true,
        () => false,
      )
    if (whole) return []
    const failed: Failure[] = []
    await database
      .transaction(async (tx) => {
        failed.length = 0
        const done: number[] = []
        for (const delivery of batch) {
          try {
            await database.savepoint(tx, (sp) => handleOn(sp, delivery, events))
            done.push(delivery.id)
          } catch (err) {
            failed.push({ delivery, err })
          }
        }
        await markAllDone(tx, done)
      }, INDEX_SCANS)
      .catch((err: unknown) => {
        // Nothing of the batch was committed: each delivery is tried again (those still ours).
        failed.length = 0
        failed.push(...batch.map((delivery) => ({ delivery, err })))
      })
    return failed
  }

  /** Marks deliveries done with their handlers' writes, or throws (undoing those writes) when the lease on some was lost. */
  async function markAllDone(tx: Db, ids: number[]) {
    // A delivery whose lease another instance took over meanwhile is theirs: our writes for it must not stay.
    const marked = await markDone(tx, ids)
    if (marked < ids.length) throw new Error(`lost the lease on ${ids.length - marked} of ${ids.length} deliveries; their writes are undone`)
  }

  /** Marks deliveries this instance holds as done (in `tx` when their handlers' writes are in it). */
  async function markDone(tx: Db, ids: number[]): Promise<number> {
    const at = Date.now()
    let marked = 0
    for (let i = 0; i < ids.length; i += 500) {
      const rows = await tx
        .update(d)
        .set({ status: 'done', doneAt: at, attempts: sql`${d.attempts} + 1`, lockedBy: null, lockedUntil: null })
        .where(and(inArray(d.id, ids.slice(i, i + 500)), eq(d.lockedBy, instanceId)))
        .returning({ id: d.id })
      marked += rows.length
    }
    return marked
  }

  return { dispatchBatch }
}
