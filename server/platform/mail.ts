import { asc, count, desc, eq, inArray, or, sql } from 'drizzle-orm'
import type { MailOutboxItem } from '../../shared/schemas/mail'
import nodemailer, { type Transporter } from 'nodemailer'
import { TRANSLATORS, type LanguageCode } from '../../shared/i18n'
import type { Database, Db } from '../db/client'
import { containsPattern } from '../db/conditions'
import type { JobRunner } from './jobs'

/**
 * One mail transport for every area (docs/decisions/020): a message is rendered from its template in the
 * recipient's language (a plain-text part always, an HTML part from the same text) and stored in `mail_outbox`
 * in the caller's transaction. With SMTP configured (SMTP_URL) a job sends it: retried with backoff, and never
 * twice: a send interrupted by the process dying is marked `unconfirmed` for an admin, not sent again. Without
 * SMTP — the embedded default — the message is `kept`: admins read it in the app; nothing is dropped.
 */

/** The messages the app sends; each has `mail.<name>.subject` and `mail.<name>.text` in every language. */
export const MAIL_TEMPLATES = [
  'test',
  'notification',
  'qualitySurvey',
  'candidatePreonboarding',
  'candidateContract',
  'candidateContractReminder',
  'scheduledMessage',
  'saleOffer',
  'saleOfferReminder',
] as const
export type MailTemplate = (typeof MAIL_TEMPLATES)[number]

export type Mailer = ReturnType<typeof mailer>

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/** The message in the recipient's language: subject, text, and the text's paragraphs as HTML. */
export function renderMail(template: MailTemplate, language: LanguageCode, params: Record<string, unknown>) {
  const t = TRANSLATORS[language] ?? TRANSLATORS.sv
  const subject = t(`mail.${template}.subject`, params)
  const text = t(`mail.${template}.text`, params)
  const html = `<!doctype html><html lang="${language}"><body style="font-family:sans-serif;line-height:1.5">${text
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('')}</body></html>`
  return { subject, text, html }
}

/** The address in a From header such as `Säljkraft <noreply@example.com>`. */
function fromAddress(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1] ?? from.trim()
}

export function mailer(database: Database, jobs: JobRunner, config: { smtpUrl?: string; mailFrom: string }, opts: { transport?: Transporter } = {}) {
  const { db, t } = database
  const transport = opts.transport ?? (config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : null)
  const m = t.mailOutbox

  jobs.define<{ mailId: string }>('mail.send', async (job) => {
    const [mail] = await db.select().from(m).where(eq(m.id, job.payload.mailId))
    if (!mail || !transport || !['queued', 'sending'].includes(mail.status)) return { status: mail?.status ?? 'missing' }
    if (mail.status === 'sending') {
      // The process died between handing it over and writing down that it went: it may have gone. Not again.
      await db.update(m).set({ status: 'unconfirmed', lastError: 'The server stopped while sending; not sent again.' }).where(eq(m.id, mail.id))
      return { status: 'unconfirmed' }
    }
    await db.update(m).set({ status: 'sending' }).where(eq(m.id, mail.id))
    try {
      await transport.sendMail({
        // A sender's name goes beside the app's own address (a foreign From would fail SPF and DMARC); replies go to them.
        from: mail.fromName ? { name: mail.fromName, address: fromAddress(config.mailFrom) } : config.mailFrom,
        replyTo: mail.replyTo ?? undefined,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: `<${mail.id}@saljkraft>`,
      })
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      await db
        .update(m)
        .set({ status: job.lastAttempt ? 'failed' : 'queued', lastError: message.slice(0, 2000) })
        .where(eq(m.id, mail.id))
      throw err
    }
    await db.update(m).set({ status: 'sent', sentAt: Date.now(), lastError: null }).where(eq(m.id, mail.id))
    return { status: 'sent' }
  })

  return {
    /** true when mail leaves the system (SMTP configured); false: it is kept for admins to read */
    get sending() {
      return transport !== null
    },

    /** Renders and stores a message in the caller's transaction; it is sent (or kept) once that commits. */
    async send(
      tx: Db,
      message: {
        to: string
        template: MailTemplate
        language: LanguageCode
        params?: Record<string, unknown>
        fromName?: string | null
        replyTo?: string | null
      },
    ): Promise<string> {
      const id = crypto.randomUUID()
      const rendered = renderMail(message.template, message.language, message.params ?? {})
      await tx.insert(m).values({
        id,
        to: message.to,
        template: message.template,
        language: message.language,
        ...rendered,
        fromName: message.fromName ?? null,
        replyTo: message.replyTo ?? null,
        status: transport ? 'queued' : 'kept',
        lastError: null,
        createdAt: Date.now(),
        sentAt: null,
      })
      if (transport) await jobs.enqueue(tx, 'mail.send', { mailId: id }, { uniqueKey: `mail:${id}`, maxAttempts: 8 })
      return id
    },

    /** How some messages went: each one's status and last error (a scheduled message's history). */
    async statuses(tx: Db, ids: string[]): Promise<Map<string, { status: string; lastError: string | null }>> {
      const out = new Map<string, { status: string; lastError: string | null }>()
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await tx
          .select({ id: m.id, status: m.status, lastError: m.lastError })
          .from(m)
          .where(inArray(m.id, ids.slice(i, i + 500)))
        for (const r of rows) out.set(r.id, { status: r.status, lastError: r.lastError })
      }
      return out
    },

    /** A page of the outbox, newest first unless asked otherwise; `q` searches the recipient and the subject. */
    async list(q: { page: number; itemsPerPage: number; q?: string; orderBy: 'asc' | 'desc' }): Promise<{ items: MailOutboxItem[]; total: number }> {
      const pattern = q.q ? containsPattern(q.q) : null
      const where = pattern ? or(sql`lower(${m.to}) like ${pattern} escape '\\'`, sql`lower(${m.subject}) like ${pattern} escape '\\'`) : undefined
      const [rows, [counted]] = await Promise.all([
        db
          .select({
            id: m.id,
            to: m.to,
            template: m.template,
            language: m.language,
            subject: m.subject,
            text: m.text,
            status: m.status,
            lastError: m.lastError,
            createdAt: m.createdAt,
            sentAt: m.sentAt,
          })
          .from(m)
          .where(where)
          .orderBy(q.orderBy === 'asc' ? asc(m.createdAt) : desc(m.createdAt), asc(m.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db.select({ n: count() }).from(m).where(where),
      ])
      return { items: rows, total: counted?.n ?? 0 }
    },
  }
}
