import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { REALTIME_EVENTS, wire, type LiveNotification } from '../../../shared/realtime'
import { kindOfType, type NotificationType } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import type { DomainEvent } from '../../platform/events'

/** A recipient as the users area answers for them (its directory). */
import { PUSH_OPTIONS, translate, type NotificationsContext, type Recipient, type Translate } from './notifications.context'

/** An alert stored for each recipient who wants it, in their language, and sent live and by Web Push after the commit; a device told to pull. */
export function notificationDelivery(ctx: NotificationsContext) {
  const { database, t, events, realtime, push, mail, appUrl, ports } = ctx
  async function notify(
    tx: Db,
    input: {
      type: NotificationType
      userIds: string[]
      /** the text in the recipient's language */
      text: (translate: Translate, recipient: Recipient) => { title: string; message: string; link: string | null }
      fromName: string | null
      at: number
      actorId: string | null
      /** a test of the user's devices: pushed whatever the settings say, not kept in the bell */
      pushOnly?: boolean
      /** the organisation's own message (a scheduled message): in the bell and pushed whatever the settings say */
      always?: boolean
    },
  ): Promise<number> {
    const people = await ports.people(tx, input.userIds)
    const kind = kindOfType(input.type)
    let made = 0
    for (const person of people) {
      const wants = person.settings[input.type]
      // A deviation always reaches the app (docs/decisions/013).
      const live = !input.pushOnly && (input.type === 'deviation' || input.always === true || wants.inApp)
      const pushed = input.pushOnly === true || input.always === true || wants.push
      // A scheduled message's e-mail is its own channel (sent by its area), not a copy of the alert.
      const mailed = !input.pushOnly && !input.always && wants.email
      if (!live && !pushed && !mailed) continue
      const { title, message, link } = input.text(translate(person.language), person)
      // Mail goes through the outbox in this transaction: sent by its own job once this commits (or kept).
      if (mailed) {
        await mail.send(tx, {
          to: person.email,
          template: 'notification',
          language: person.language,
          params: { name: person.name.split(' ')[0], title, message, link: appUrl(link) },
        })
      }
      if (!live && !pushed) continue
      const id = randomUUID()
      if (live) {
        await tx
          .insert(t.notifications)
          .values({ id, userId: person.id, kind, type: input.type, title, message, link, fromName: input.fromName, readAt: null, createdAt: input.at })
      }
      await events.record(
        tx,
        'notification.created',
        {
          notificationId: id,
          userId: person.id,
          type: input.type,
          kind,
          title,
          message,
          link,
          fromName: input.fromName,
          createdAt: input.at,
          live,
          push: pushed,
        },
        { actorId: input.actorId, at: input.at },
      )
      made++
    }
    return made
  }

  /** Sends one notification live and to the user's devices; a device whose subscription is gone is forgotten. */
  async function deliver(e: DomainEvent<'notification.created'>) {
    const n = e.payload
    if (n.live) {
      const live: LiveNotification = {
        id: n.notificationId,
        type: n.type,
        kind: n.kind,
        title: n.title,
        message: n.message,
        link: n.link,
        fromName: n.fromName,
        createdAt: n.createdAt,
      }
      await realtime.trigger([wire.user(n.userId)], REALTIME_EVENTS.notification, live)
    }
    if (!n.push) return
    const targets = await database.db.select().from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, n.userId))
    if (targets.length === 0) return
    const options = PUSH_OPTIONS[n.type as NotificationType] ?? PUSH_OPTIONS.general
    // The topic lets a push service replace a copy not yet delivered when a retry sends it again.
    const topic = n.notificationId.replace(/-/g, '').slice(0, 32)
    const payload = { title: n.title, body: n.message, link: n.link ?? '/', id: n.notificationId, type: n.type }
    const outcomes = await Promise.all(targets.map(async (s) => ({ s, outcome: await push.send(s, payload, { ...options, topic }) })))
    const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.s.id)
    const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => o.s.id)
    if (gone.length > 0) await database.db.delete(t.pushSubscriptions).where(inArray(t.pushSubscriptions.id, gone))
    if (sent.length > 0) await database.db.update(t.pushSubscriptions).set({ lastSuccessAt: Date.now() }).where(inArray(t.pushSubscriptions.id, sent))
    // Nothing reached any device and some push service failed: tried again later (with backoff).
    if (sent.length === 0 && outcomes.some((o) => o.outcome === 'failed')) throw new Error('no push service took the notification')
  }

  /** Something of a seller's changed on the server: their open app pulls at once (a poke carries no data). */
  async function poke(userId: string | null, reason: string) {
    await realtime.trigger([userId ? wire.user(userId) : wire.catalog], REALTIME_EVENTS.syncPoke, { reason })
  }

  /** The alert of an event: made at the event's time by its actor, from nobody named unless `fromName` says. */
  function notifyOf(
    tx: Db,
    e: Pick<DomainEvent, 'occurredAt' | 'actorId'>,
    input: Omit<Parameters<typeof notify>[1], 'at' | 'actorId' | 'fromName'> & { fromName?: string | null },
  ): Promise<number> {
    return notify(tx, { ...input, fromName: input.fromName ?? null, at: e.occurredAt, actorId: e.actorId })
  }

  return { notify, notifyOf, deliver, poke }
}

export type NotificationDelivery = ReturnType<typeof notificationDelivery>
