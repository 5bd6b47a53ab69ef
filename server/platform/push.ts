import type { Agent } from 'node:https'
import webpush from 'web-push'
import type { Database } from '../db/client'
import { serverKey } from './server-keys'
import { log } from '../lib/log'

/**
 * Web Push (RFC 8030) with VAPID (RFC 8292) and aes128gcm payload encryption (RFC 8291) through the `web-push`
 * library. The VAPID key pair is made at the first start and kept in the database (server_keys), so every
 * instance signs alike and the browsers' subscriptions stay valid across restarts.
 */
export type PushTarget = { endpoint: string; p256dh: string; auth: string }
export type PushOptions = {
  /** seconds the push service keeps it for a device that is offline */
  ttl: number
  urgency: 'very-low' | 'low' | 'normal' | 'high'
  /** a later push with the same topic replaces one not yet delivered (at most 32 URL-safe base64 characters) */
  topic?: string
}
/** sent; gone (404/410: the subscription is dead and must be removed); failed (try again later) */
export type PushOutcome = 'sent' | 'gone' | 'failed'

export type PushSender = {
  publicKey: string
  send(target: PushTarget, payload: unknown, options: PushOptions): Promise<PushOutcome>
}

export async function pushSender(database: Database, subject: string, options: { agent?: Agent } = {}): Promise<PushSender> {
  const keys = await serverKey<{ publicKey: string; privateKey: string }>(database, 'vapid', () => {
    const made = webpush.generateVAPIDKeys()
    return { publicKey: made.publicKey, privateKey: made.privateKey }
  })
  return {
    publicKey: keys.publicKey,
    async send(target, payload, { ttl, urgency, topic }) {
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: ttl,
          urgency,
          topic,
          timeout: 10_000,
          agent: options.agent,
        })
        return 'sent'
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode
        if (status === 404 || status === 410) return 'gone'
        log.warn({ host: new URL(target.endpoint).host, status, err: status ? undefined : err }, '[push] a push service refused a push')
        return 'failed'
      }
    },
  }
}
