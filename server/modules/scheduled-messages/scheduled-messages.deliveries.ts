import { and, eq, inArray } from 'drizzle-orm'
import type { LanguageCode } from '../../../shared/i18n'
import { fillFields, templateFor } from '../../../shared/rules/scheduled-messages'
import type { Db } from '../../db/client'
import type { ScheduledMessagesContext } from './scheduled-messages.context'
import type { ResolvedRecipient } from './scheduled-messages.recipients'

type MessageRow = ScheduledMessagesContext['m']['$inferSelect']

/** A body with the sender's signature under it, when the message names a sender. */
export function withSignature(body: string, sender: { senderName: string | null; senderPhone: string | null; senderEmail: string | null }): string {
  const lines = [sender.senderName, sender.senderPhone, sender.senderEmail].filter((x): x is string => !!x)
  return lines.length ? `${body}\n\n${lines.join('\n')}` : body
}

/** What a recipient gets: the template of their language (or the fallback) with their values. */
export function rendered(
  message: Pick<MessageRow, 'templates' | 'senderName' | 'senderPhone' | 'senderEmail'>,
  recipient: Pick<ResolvedRecipient, 'language' | 'values'>,
) {
  const chosen = templateFor(message.templates, recipient.language)
  if (!chosen) return null
  return {
    language: chosen.language,
    subject: fillFields(chosen.template.subject, recipient.values).replace(/\s+/g, ' ').trim(),
    body: withSignature(fillFields(chosen.template.body, recipient.values), message),
  }
}

/**
 * An occurrence's deliveries (decision 071): frozen with what each recipient gets when it opens, then handed over a
 * batch per transaction — claimed from pending (a conditional update only one transaction wins), put in the mail
 * outbox and, by an event, in the bell, all in that transaction.
 */
export function messageDeliveries(ctx: ScheduledMessagesContext) {
  const { database, m, r, d, mail, events, now, hooks, batchSize } = ctx

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
        await tx
          .update(r)
          .set({ state: 'done', finishedAt: at })
          .where(and(eq(r.id, runId), eq(r.state, 'sending')))
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
        if (!mailId && !inBell)
          await tx
            .update(d)
            .set({ state: 'failed', reason: 'noEmail' })
            .where(and(eq(d.runId, runId), eq(d.recipientId, x.recipientId)))
        else if (mailId || inBell)
          await tx
            .update(d)
            .set({ mailId, notified: inBell })
            .where(and(eq(d.runId, runId), eq(d.recipientId, x.recipientId)))
      }
      if (notified.length)
        await events.record(
          tx,
          'scheduledMessage.notified',
          { messageId: message.id, runId, fromName: message.senderName, items: notified },
          { actorId: run.requestedBy, at },
        )
      await hooks.beforeCommit?.(runId, batchNo)
      return claimed.length
    })
  }

  return { freeze, handOver }
}
