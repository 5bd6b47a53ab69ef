import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { LanguageCode } from '../../../shared/i18n'
import { nextSend } from '../../../shared/rules/schedule'
import { fillFields, MISSED_GRACE_MS, templateFor } from '../../../shared/rules/scheduled-messages'
import type { MessageRunItem } from '../../../shared/schemas/scheduled-messages'
import type { Db } from '../../db/client'
import type { JobContext } from '../../platform/jobs'
import { RUN_JOB, type ScheduledMessagesContext } from './scheduled-messages.context'
import type { MessageRecipientsResolver, ResolvedRecipient } from './scheduled-messages.recipients'

type MessageRow = ScheduledMessagesContext['m']['$inferSelect']

/** A body with the sender's signature under it, when the message names a sender. */
export function withSignature(body: string, sender: { senderName: string | null; senderPhone: string | null; senderEmail: string | null }): string {
  const lines = [sender.senderName, sender.senderPhone, sender.senderEmail].filter((x): x is string => !!x)
  return lines.length ? `${body}\n\n${lines.join('\n')}` : body
}

/** What a recipient gets: the template of their language (or the fallback) with their values. */
export function rendered(message: Pick<MessageRow, 'templates' | 'senderName' | 'senderPhone' | 'senderEmail'>, recipient: Pick<ResolvedRecipient, 'language' | 'values'>) {
  const chosen = templateFor(message.templates, recipient.language)
  if (!chosen) return null
  return {
    language: chosen.language,
    subject: fillFields(chosen.template.subject, recipient.values).replace(/\s+/g, ' ').trim(),
    body: withSignature(fillFields(chosen.template.body, recipient.values), message),
  }
}

/**
 * The occurrences (decision 071): the job that runs one, exactly once per recipient. A run is opened once per
 * message and occurrence (a unique index: a second runner's insert fails and its job finds the open run), its
 * recipients frozen as pending deliveries in that transaction together with the plan of the next occurrence. Then
 * batches of deliveries are claimed (pending → sent, a conditional update: only one transaction wins a row) and
 * handed to the mail outbox and, by an event, to the bell in the same transaction: a process killed mid-send rolls
 * back the batch it held, and the retried job hands over only what is still pending.
 */
export function messageRuns(ctx: ScheduledMessagesContext, recipients: MessageRecipientsResolver) {
  const { database, db, m, r, d, jobs, mail, events, now, hooks, batchSize } = ctx

  /** Sets the next send after `after` and enqueues its job (none when paused or ended); in the caller's transaction. */
  async function plan(tx: Db, row: Pick<MessageRow, 'id' | 'active' | 'schedule' | 'timezone'>, after: number): Promise<number | null> {
    const next = row.active ? nextSend(row.schedule, after, row.timezone) : null
    await tx.update(m).set({ nextSendAt: next }).where(eq(m.id, row.id))
    if (next !== null)
      await jobs.enqueue(tx, RUN_JOB, { messageId: row.id, occurrenceAt: next }, { runAt: next, uniqueKey: `scheduledMessage:${row.id}:${next}`, maxAttempts: 10 })
    return next
  }

  async function freeze(tx: Db, runId: string, message: MessageRow, people: ResolvedRecipient[]) {
    const rows = people.flatMap((p) => {
      const text = rendered(message, p)
      if (!text) return []
      return [
        {
          runId,
          recipientId: p.recipientId,
          name: p.name.slice(0, 200),
          email: p.email,
          language: text.language,
          subject: text.subject,
          body: text.body,
          state: 'pending' as const,
          reason: null,
          mailId: null,
          notified: false,
          sentAt: null,
        },
      ]
    })
    for (let i = 0; i < rows.length; i += 200) await tx.insert(d).values(rows.slice(i, i + 200))
    return rows.length
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
      await tx.insert(r).values({ id, messageId, occurrenceAt, test: false, requestedBy: null, state: skip ? 'skipped' : 'sending', recipients: 0, startedAt: at, finishedAt: skip ? at : null })
      if (!skip) await tx.update(r).set({ recipients: await freeze(tx, id, message, people) }).where(eq(r.id, id))
      // The next occurrence, planned with this one: after now when this one ran late, so a server that was down
      // sends what it missed once, not once per missed occurrence.
      await plan(tx, message, Math.max(at, occurrenceAt))
      return skip ? null : id
    })
  }

  /** Hands one batch of the run's pending deliveries over; answers how many it took (0: none left). */
  async function handOver(runId: string, batchNo: number): Promise<number> {
    return database.transaction(async (tx) => {
      const [run] = await tx.select().from(r).where(eq(r.id, runId))
      if (!run || run.state !== 'sending') return 0
      const [message] = await tx.select().from(m).where(eq(m.id, run.messageId))
      const pending = await tx
        .select({ recipientId: d.recipientId })
        .from(d)
        .where(and(eq(d.runId, runId), eq(d.state, 'pending')))
        .limit(batchSize)
      const at = now()
      if (pending.length === 0 || !message) {
        await tx.update(r).set({ state: 'done', finishedAt: at }).where(and(eq(r.id, runId), eq(r.state, 'sending')))
        return 0
      }
      const claimed = await tx
        .update(d)
        .set({ state: 'sent', sentAt: at })
        .where(
          and(
            eq(d.runId, runId),
            inArray(
              d.recipientId,
              pending.map((p) => p.recipientId),
            ),
            eq(d.state, 'pending'),
          ),
        )
        .returning()
      const byMail = message.channel !== 'notification'
      const inApp = message.channel !== 'email'
      const notified: Array<{ userId: string; title: string; message: string }> = []
      for (const x of claimed) {
        const isUser = !x.recipientId.startsWith('candidate:')
        let mailId: string | null = null
        if (byMail && x.email) {
          mailId = await mail.send(tx, {
            to: x.email,
            template: 'scheduledMessage',
            language: x.language as LanguageCode,
            params: { subject: x.subject, body: x.body },
            fromName: message.senderName,
            replyTo: message.senderEmail,
          })
        }
        const inBell = inApp && isUser
        if (inBell) notified.push({ userId: x.recipientId, title: x.subject, message: x.body })
        if (!mailId && !inBell) await tx.update(d).set({ state: 'failed', reason: 'noEmail' }).where(and(eq(d.runId, runId), eq(d.recipientId, x.recipientId)))
        else if (mailId || inBell) await tx.update(d).set({ mailId, notified: inBell }).where(and(eq(d.runId, runId), eq(d.recipientId, x.recipientId)))
      }
      if (notified.length)
        await events.record(tx, 'scheduledMessage.notified', { messageId: message.id, runId, fromName: message.senderName, items: notified }, { actorId: run.requestedBy, at })
      await hooks.beforeCommit?.(runId, batchNo)
      return claimed.length
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

  /** How each run went: delivered, waiting and failed, with the reasons. */
  async function history(messageId: string, limit = 30): Promise<MessageRunItem[]> {
    const runs = await db.select().from(r).where(eq(r.messageId, messageId)).orderBy(desc(r.startedAt)).limit(limit)
    if (runs.length === 0) return []
    const rows = await db
      .select({ runId: d.runId, state: d.state, reason: d.reason, mailId: d.mailId })
      .from(d)
      .where(
        inArray(
          d.runId,
          runs.map((x) => x.id),
        ),
      )
    const mails = await mail.statuses(
      db,
      rows.flatMap((x) => (x.mailId ? [x.mailId] : [])),
    )
    const tally = new Map<string, { delivered: number; waiting: number; failed: number; reasons: Map<string, number> }>()
    for (const x of rows) {
      const t = tally.get(x.runId) ?? { delivered: 0, waiting: 0, failed: 0, reasons: new Map() }
      tally.set(x.runId, t)
      const sent = x.mailId ? mails.get(x.mailId) : null
      const failure = x.state === 'failed' ? (x.reason ?? 'unknown') : sent && (sent.status === 'failed' || sent.status === 'unconfirmed') ? (sent.lastError ?? sent.status) : null
      if (failure) {
        t.failed++
        t.reasons.set(failure, (t.reasons.get(failure) ?? 0) + 1)
      } else if (x.state === 'pending' || (sent && (sent.status === 'queued' || sent.status === 'sending'))) t.waiting++
      else t.delivered++
    }
    return runs.map((run) => {
      const t = tally.get(run.id)
      return {
        id: run.id,
        occurrenceAt: run.occurrenceAt,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        state: run.state,
        test: run.test,
        recipients: run.recipients,
        delivered: t?.delivered ?? 0,
        waiting: t?.waiting ?? 0,
        failed: t?.failed ?? 0,
        failures: [...(t?.reasons ?? new Map<string, number>())].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count),
      }
    })
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
      await tx.insert(r).values({ id, messageId: message.id, occurrenceAt: at, test: true, requestedBy: actorId, state: 'sending', recipients: 0, startedAt: at, finishedAt: null })
      await tx.update(r).set({ recipients: await freeze(tx, id, message, people) }).where(eq(r.id, id))
    })
    await deliver(id)
    return id
  }

  return { plan, open, deliver, history, test }
}
export type MessageRuns = ReturnType<typeof messageRuns>
