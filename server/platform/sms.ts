import { eq } from 'drizzle-orm'
import type { Database, Db } from '../db/client'
import type { JobRunner } from './jobs'

/**
 * One SMS transport for every area (docs/decisions/094), as the mail's: a message is stored in `sms_outbox` in the
 * caller's transaction; with a gateway configured (SMS_URL) a job sends it — retried with backoff, and never twice:
 * a send interrupted by the process dying is marked `unconfirmed`, not sent again. Without a gateway the message is
 * `kept` (stored, never dropped).
 *
 * The gateway is 46elks's API (https://46elks.com/docs/send-sms): `POST /a1/sms`, HTTP Basic, a form with `from`,
 * `to` (E.164) and `message`; 200 with the message as JSON (its `id`), any other status with a plain-text reason.
 * server/platform/sms.test.ts checks every request against 46elks's own API description.
 */
export type SmsConfig = { url: string; user: string; password: string; from: string }
export type SmsSender = ReturnType<typeof smsSender>

/** A Swedish or Finnish number as E.164: `070…` in the country given, `0046…` and `+46…` as they are. */
export function e164(phone: string, country: string): string | null {
  const digits = phone.replace(/[\s\-()]/g, '')
  if (/^\+[1-9]\d{6,14}$/.test(digits)) return digits
  if (/^00[1-9]\d{6,14}$/.test(digits)) return `+${digits.slice(2)}`
  const code = country === 'FI' ? '358' : country === 'SE' ? '46' : null
  if (code && /^0[1-9]\d{5,12}$/.test(digits)) return `+${code}${digits.slice(1)}`
  return null
}

export function smsSender(database: Database, jobs: JobRunner, config: SmsConfig | null, opts: { fetch?: typeof fetch } = {}) {
  const { db, t } = database
  const s = t.smsOutbox
  const post = opts.fetch ?? fetch

  jobs.define<{ smsId: string }>('sms.send', async (job) => {
    const [sms] = await db.select().from(s).where(eq(s.id, job.payload.smsId))
    if (!sms || !config || !['queued', 'sending'].includes(sms.status)) return { status: sms?.status ?? 'missing' }
    if (sms.status === 'sending') {
      await db.update(s).set({ status: 'unconfirmed', lastError: 'The server stopped while sending; not sent again.' }).where(eq(s.id, sms.id))
      return { status: 'unconfirmed' }
    }
    await db.update(s).set({ status: 'sending' }).where(eq(s.id, sms.id))
    let answer: Response
    try {
      answer = await post(config.url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${config.user}:${config.password}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams({ from: config.from, to: sms.to, message: sms.text }).toString(),
        signal: AbortSignal.timeout(15_000),
      })
    } catch (err) {
      // Nothing reached the gateway (no connection, a timeout before an answer): tried again.
      const message = err instanceof Error ? err.message : String(err)
      await db
        .update(s)
        .set({ status: job.lastAttempt ? 'failed' : 'queued', lastError: message.slice(0, 2000) })
        .where(eq(s.id, sms.id))
      throw err
    }
    const body = await answer.text()
    if (!answer.ok) {
      // A refusal (a bad number, no credit) is the gateway's answer: a 4xx is not tried again, a 5xx is.
      const final = answer.status < 500 || job.lastAttempt
      await db
        .update(s)
        .set({ status: final ? 'failed' : 'queued', lastError: `${answer.status}: ${body.slice(0, 1900)}` })
        .where(eq(s.id, sms.id))
      if (final) return { status: 'failed' }
      throw new Error(`SMS gateway answered ${answer.status}`)
    }
    let gatewayId: string | null = null
    try {
      const parsed = JSON.parse(body) as { id?: unknown }
      gatewayId = typeof parsed.id === 'string' ? parsed.id : null
    } catch {
      gatewayId = null
    }
    await db.update(s).set({ status: 'sent', sentAt: Date.now(), gatewayId, lastError: null }).where(eq(s.id, sms.id))
    return { status: 'sent' }
  })

  return {
    get sending() {
      return config !== null
    },
    /** Stores a message in the caller's transaction; it is sent (or kept) once that commits. `to` in E.164. */
    async send(tx: Db, to: string, text: string): Promise<string> {
      const id = crypto.randomUUID()
      await tx.insert(s).values({ id, to, text, status: config ? 'queued' : 'kept', gatewayId: null, lastError: null, createdAt: Date.now(), sentAt: null })
      if (config) await jobs.enqueue(tx, 'sms.send', { smsId: id }, { uniqueKey: `sms:${id}`, maxAttempts: 6 })
      return id
    },
  }
}
