import { randomUUID } from 'node:crypto'
import { and, eq, inArray, or } from 'drizzle-orm'
import { translator, type LanguageCode } from '../../../shared/i18n'
import { REALTIME_EVENTS, wire, type LiveNotification } from '../../../shared/realtime'
import { kindOfType, type NotificationType } from '../../../shared/schemas/notifications'
import type { Db } from '../../db/client'
import type { Deps } from '../../platform/deps'
import type { DomainEvent } from '../../platform/events'

/** A recipient as the users area answers for them (its directory). */
export type Recipient = {
  id: string
  name: string
  email: string
  language: LanguageCode
  settings: Record<NotificationType, { inApp: boolean; push: boolean; email: boolean }>
}

/** What the notifications area asks other areas (answered in server/app.ts). */
export type NotificationsPorts = {
  people(db: Db, ids: string[]): Promise<Recipient[]>
  coachesOf(db: Db, teamId: string): Promise<string[]>
  teamName(db: Db, teamId: string): Promise<string | null>
  /** a sale as an alert names it */
  saleLabel(db: Db, saleId: string): Promise<{ provider: string; customer: string; seller: string } | null>
}

type Translate = ReturnType<typeof translator>
const TRANSLATORS = new Map<LanguageCode, Translate>()
const translate = (lang: LanguageCode): Translate => {
  let t = TRANSLATORS.get(lang)
  if (!t) TRANSLATORS.set(lang, (t = translator(lang)))
  return t
}

/** How long a push service keeps an alert for a phone that is offline, and how urgent it is, per type. */
const PUSH_OPTIONS: Record<NotificationType, { ttl: number; urgency: 'low' | 'normal' | 'high' }> = {
  deviation: { ttl: 3 * 24 * 3600, urgency: 'high' },
  saleStatus: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  sickNotice: { ttl: 24 * 3600, urgency: 'normal' },
  competition: { ttl: 12 * 3600, urgency: 'low' },
  general: { ttl: 3 * 24 * 3600, urgency: 'normal' },
}

/**
 * Live alerts (docs/decisions/030). `notify` stores a notification for each recipient whose settings want it in the
 * app, in their own language, puts an e-mail in the outbox for those who chose e-mail for its type, and records `notification.created` for each recipient in the caller's transaction;
 * after the commit `deliver` sends it live on the user's private channel and by Web Push to their devices. So an
 * alert is never sent for a change that rolled back, and never lost when the process dies after the commit.
 */
export function notificationsService(deps: Deps, ports: NotificationsPorts) {
  const { database, events, realtime, push, mail, env } = deps
  const { t } = database
  // An e-mail links into the app at its first origin (APP_ORIGINS); without one, it names the path.
  const appUrl = (link: string | null) => `${env.appOrigins[0] ?? ''}${link ?? '/'}`

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
    },
  ): Promise<number> {
    const people = await ports.people(tx, input.userIds)
    const kind = kindOfType(input.type)
    let made = 0
    for (const person of people) {
      const wants = person.settings[input.type]
      // A deviation always reaches the app (docs/decisions/013).
      const live = !input.pushOnly && (input.type === 'deviation' || wants.inApp)
      const pushed = input.pushOnly === true || wants.push
      const mailed = !input.pushOnly && wants.email
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

  /** The users who get deviation alerts for a team or an office beyond the seller and the team's coaches. */
  async function extraRecipients(db: Db, teamId: string | null, officeId: string | null): Promise<string[]> {
    const r = t.alertRecipients
    const scopes = [
      ...(teamId ? [and(eq(r.scope, 'team'), eq(r.scopeId, teamId))] : []),
      ...(officeId ? [and(eq(r.scope, 'office'), eq(r.scopeId, officeId))] : []),
    ]
    if (scopes.length === 0) return []
    const rows = await db
      .select({ id: r.userId })
      .from(r)
      .where(or(...scopes))
    return rows.map((x) => x.id)
  }

  /** A sale's status changed: the seller (and for a deviation the team's coaches and the configured recipients) hear of it. */
  async function fromSaleStatus(tx: Db, e: DomainEvent<'sale.statusChanged'>) {
    const p = e.payload
    if (p.from === p.to) return
    if (p.to !== 'deviation' && p.to !== 'regret' && p.to !== 'unanswered') return
    const label = await ports.saleLabel(tx, p.saleId)
    if (!label) return
    const [actor] = p.byUserId ? await ports.people(tx, [p.byUserId]) : []
    const fromName = actor?.name ?? null
    if (p.to === 'deviation') {
      const typeText = (tr: Translate) => (p.deviationType ? tr(`sales.deviationTypes.${p.deviationType}`) : tr('sales.status.deviation'))
      await notify(tx, {
        type: 'deviation',
        userIds: [p.sellerId],
        text: (tr) => ({
          title: tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.message', { ...label, type: typeText(tr) }),
          link: `/sales/${p.saleId}`,
        }),
        fromName,
        at: e.occurredAt,
        actorId: e.actorId,
      })
      const coaches = p.teamId ? await ports.coachesOf(tx, p.teamId) : []
      const others = [...new Set([...coaches, ...(await extraRecipients(tx, p.teamId, p.officeId))])].filter((id) => id !== p.sellerId && id !== p.byUserId)
      if (others.length === 0) return
      const team = p.teamId ? ((await ports.teamName(tx, p.teamId)) ?? '') : ''
      await notify(tx, {
        type: 'deviation',
        userIds: others,
        text: (tr) => ({
          title: team ? tr('alerts.deviation.teamTitle', { team }) : tr('alerts.deviation.sellerTitle'),
          message: tr('alerts.deviation.sellerMessage', { ...label, type: typeText(tr) }),
          link: `/backoffice/salereports/${p.saleId}`,
        }),
        fromName,
        at: e.occurredAt,
        actorId: e.actorId,
      })
      return
    }
    await notify(tx, {
      type: 'saleStatus',
      userIds: [p.sellerId],
      text: (tr) => ({
        title: tr('alerts.saleStatus.title', { status: tr(`sales.status.${p.to}`).toLocaleLowerCase() }),
        message: p.reason ? tr('alerts.saleStatus.withReason', { ...label, reason: p.reason }) : tr('alerts.saleStatus.message', label),
        link: `/sales/${p.saleId}`,
      }),
      fromName,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /** A seller reported sick: their team's coaches hear of it. */
  async function fromSickNotice(tx: Db, e: DomainEvent<'sickNotice.created'>) {
    const p = e.payload
    if (!p.teamId) return
    const coaches = (await ports.coachesOf(tx, p.teamId)).filter((id) => id !== p.userId)
    if (coaches.length === 0) return
    const [seller] = await ports.people(tx, [p.userId])
    if (!seller) return
    await notify(tx, {
      type: 'sickNotice',
      userIds: coaches,
      text: (tr, r) => ({
        title: tr('alerts.sickNotice.title', { name: seller.name }),
        message: tr('alerts.sickNotice.message', {
          date: new Date(`${p.date}T12:00:00Z`).toLocaleDateString(r.language === 'en' ? 'en-GB' : r.language, { day: 'numeric', month: 'long' }),
        }),
        link: '/backoffice/sicknotices',
      }),
      fromName: seller.name,
      at: e.occurredAt,
      actorId: e.actorId,
    })
  }

  /** Something of a seller's changed on the server: their open app pulls at once (a poke carries no data). */
  async function poke(userId: string | null, reason: string) {
    await realtime.trigger([userId ? wire.user(userId) : wire.catalog], REALTIME_EVENTS.syncPoke, { reason })
  }

  return { notify, deliver, fromSaleStatus, fromSickNotice, poke }
}
export type NotificationsService = ReturnType<typeof notificationsService>
