import { and, eq, isNotNull } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { nextSend } from '../../../shared/rules/schedule'
import { MISSED_GRACE_MS } from '../../../shared/rules/scheduled-messages'
import type { Db } from '../../db/client'
import type { JobContext } from '../../platform/jobs'
import { RUN_JOB, type ScheduledMessagesContext } from './scheduled-messages.context'
import { messageDeliveries } from './scheduled-messages.deliveries'
import type { MessageRecipientsResolver } from './scheduled-messages.recipients'

type MessageRow = ScheduledMessagesContext['m']['$inferSelect']

/**
 * The occurrences (decision 071): the job that runs one, exactly once per recipient. A run is opened once per
 * message and occurrence (a unique index: a second runner's insert fails and its job finds the open run), its
 * recipients frozen as pending deliveries in that transaction together with the plan of the next occurrence. Then
 * batches of deliveries are claimed (pending → sent, a conditional update: only one transaction wins a row) and
 * handed to the mail outbox and, by an event, to the bell in the same transaction: a process killed mid-send rolls
 * back the batch it held, and the retried job hands over only what is still pending.
 */
export function messageRuns(ctx: ScheduledMessagesContext, recipients: MessageRecipientsResolver) {
  const { database, db, m, r, jobs, now } = ctx
  const { freeze, handOver } = messageDeliveries(ctx)

  /** Sets the next send after `after` and enqueues its job (none when paused or ended); in the caller's transaction. */
  async function plan(tx: Db, row: Pick<MessageRow, 'id' | 'active' | 'schedule' | 'timezone'>, after: number): Promise<number | null> {
    const next = row.active ? nextSend(row.schedule, after, row.timezone) : null
    await tx.update(m).set({ nextSendAt: next }).where(eq(m.id, row.id))
    if (next !== null)
      await jobs.enqueue(
        tx,
        RUN_JOB,
        { messageId: row.id, occurrenceAt: next },
        { runAt: next, uniqueKey: `scheduledMessage:${row.id}:${next}`, maxAttempts: 10 },
      )
    return next
  }

  /** Opens the occurrence's run (or finds it open); null when there is nothing to send. */
  async function open(messageId: string, occurrenceAt: number): Promise<string | null> {
    return database.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: r.id, state: r.state })
        .from(r)
        .where(and(eq(r.messageId, messageId), eq(r.occurrenceAt, occurrenceAt), eq(r.test, false)))
      if (existing) return existing.state === 'sending' ? existing.id : null
      const [message] = await tx.select().from(m).where(eq(m.id, messageId))
      // Edited, paused or removed since this occurrence was planned: the plan it has now stands.
      if (!message || !message.active || message.nextSendAt !== occurrenceAt) return null
      const at = now()
      const id = randomUUID()
      const skip = at - occurrenceAt > MISSED_GRACE_MS && message.schedule.missed === 'skip'
      const people = skip ? [] : await recipients.resolve(tx, message, at)
      await tx.insert(r).values({
        id,
        messageId,
        occurrenceAt,
        test: false,
        requestedBy: null,
        state: skip ? 'skipped' : 'sending',
        recipients: 0,
        startedAt: at,
        finishedAt: skip ? at : null,
      })
      if (!skip)
        await tx
          .update(r)
          .set({ recipients: await freeze(tx, id, message, people) })
          .where(eq(r.id, id))
      // The next occurrence, planned with this one: after now when this one ran late, so a server that was down
      // sends what it missed once, not once per missed occurrence.
      await plan(tx, message, Math.max(at, occurrenceAt))
      return skip ? null : id
    })
  }

  /** Sends a run's pending deliveries, batch by batch, then closes it. */
  async function deliver(runId: string, job?: Pick<JobContext<unknown>, 'progress'>) {
    const [run] = await db.select({ recipients: r.recipients }).from(r).where(eq(r.id, runId))
    let done = 0
    for (let batch = 1; ; batch++) {
      const n = await handOver(runId, batch)
      if (n === 0) break
      done += n
      await job?.progress(done, run?.recipients)
    }
  }

  /** The job: one occurrence, opened (or found open) and sent. */
  jobs.define<{ messageId: string; occurrenceAt: number }>(RUN_JOB, async (job) => {
    const runId = await open(job.payload.messageId, job.payload.occurrenceAt)
    if (!runId) return { sent: 0 }
    await deliver(runId, job)
    return { runId }
  })

  /** A test of a message to the one asking, now, in their language with their values; kept in the history. */
  async function test(message: MessageRow, actorId: string): Promise<string> {
    const at = now()
    const id = randomUUID()
    await database.transaction(async (tx) => {
      const people = await recipients.ofPeople(tx, [actorId], message.templates, message, at)
      await tx.insert(r).values({
        id,
        messageId: message.id,
        occurrenceAt: at,
        test: true,
        requestedBy: actorId,
        state: 'sending',
        recipients: 0,
        startedAt: at,
        finishedAt: null,
      })
      await tx
        .update(r)
        .set({ recipients: await freeze(tx, id, message, people) })
        .where(eq(r.id, id))
    })
    await deliver(id)
    return id
  }

  /**
   * Every active message's next send has its job (idempotent, at each start): messages written by a seed or an
   * import, and any whose job was lost, are sent; one that fell due while every server was down runs now, once.
   */
  async function replan(): Promise<number> {
    const rows = await db
      .select({ id: m.id, nextSendAt: m.nextSendAt })
      .from(m)
      .where(and(eq(m.active, true), isNotNull(m.nextSendAt)))
    for (const row of rows)
      await jobs.enqueue(
        db,
        RUN_JOB,
        { messageId: row.id, occurrenceAt: row.nextSendAt! },
        { runAt: row.nextSendAt!, uniqueKey: `scheduledMessage:${row.id}:${row.nextSendAt}`, maxAttempts: 10 },
      )
    return rows.length
  }

  return { plan, open, deliver, test, replan }
}
export type MessageRuns = ReturnType<typeof messageRuns>
