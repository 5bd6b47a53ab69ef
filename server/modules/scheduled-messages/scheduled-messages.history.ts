import { desc, eq, inArray } from 'drizzle-orm'
import type { MessageRunItem } from '../../../shared/schemas/scheduled-messages'
import type { ScheduledMessagesContext } from './scheduled-messages.context'

/** A message's history (decision 071): each occurrence that ran and each test, with how its deliveries went. */
export function messageHistory(ctx: ScheduledMessagesContext) {
  const { db, r, d, mail } = ctx
  /** How each run went: delivered, waiting and failed, with the reasons. */
  return async function history(messageId: string, limit = 30): Promise<MessageRunItem[]> {
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
      const failure =
        x.state === 'failed'
          ? (x.reason ?? 'unknown')
          : sent && (sent.status === 'failed' || sent.status === 'unconfirmed')
            ? (sent.lastError ?? sent.status)
            : null
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
}
