import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  alertRecipientIdSchema,
  alertRecipientInputSchema,
  audiencePreviewSchema,
  markReadInputSchema,
  notificationsQuerySchema,
  sendMessageInputSchema,
  type NotificationsAnswer,
} from '../../../shared/schemas/notifications'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { ApiError, validationError } from '../../lib/errors'
import { fieldError } from '../../../shared/schemas/errors'
import { pushSubscriptionSchema, pushUnsubscribeSchema, type PushStatus } from '../../../shared/schemas/realtime'
import { z } from 'zod'
import type { NotificationsService } from './notifications.service'

/** The browsers' push services (Chrome and Edge's FCM, Firefox's autopush, Windows, Apple); nothing else is posted to. */
const PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /(^|\.)push\.apple\.com$/,
]
const MAX_DEVICES = 10

const LATEST = 20
/** the history of sent messages shows the latest this many */
const SENT_SHOWN = 100

/** The navbar bells: a user's own notifications of one kind, the latest first, with the unread count. */
export function notificationsRoutes({ database, env, push }: Deps, service: NotificationsService) {
  const { db, t } = database
  const pushHostAllowed = (endpoint: string) => {
    const host = new URL(endpoint).hostname.toLowerCase()
    return PUSH_HOSTS.some((h) => h.test(host)) || env.pushExtraHosts.includes(host)
  }
  const devicesOf = async (userId: string) =>
    (await db.select({ n: count() }).from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, userId)))[0]?.n ?? 0
  return (
    new Hono<AppEnv>()
      .get('/notifications', access.signedIn(), validate('query', notificationsQuerySchema), async (c) => {
        const userId = c.var.auth!.userData.id
        const { kind } = c.req.valid('query')
        const mine = and(eq(t.notifications.userId, userId), eq(t.notifications.kind, kind))
        const [rows, [unread]] = await Promise.all([
          db.select().from(t.notifications).where(mine).orderBy(desc(t.notifications.createdAt)).limit(LATEST),
          db
            .select({ n: count() })
            .from(t.notifications)
            .where(and(mine, isNull(t.notifications.readAt))),
        ])
        const answer: NotificationsAnswer = {
          items: rows.map((r) => ({
            id: r.id,
            kind: r.kind,
            type: r.type,
            title: r.title,
            message: r.message,
            link: r.link,
            fromName: r.fromName,
            read: r.readAt !== null,
            createdAt: r.createdAt,
          })),
          unread: unread?.n ?? 0,
        }
        return c.json(answer, 200)
      })
      .post('/notifications/read', access.signedIn(), validate('json', markReadInputSchema), async (c) => {
        const userId = c.var.auth!.userData.id
        const { kind, ids } = c.req.valid('json')
        const scope = and(eq(t.notifications.userId, userId), eq(t.notifications.kind, kind), isNull(t.notifications.readAt))
        await db
          .update(t.notifications)
          .set({ readAt: Date.now() })
          .where(ids ? and(scope, inArray(t.notifications.id, ids.length > 0 ? ids : ['-'])) : scope)
        return c.body(null, 204)
      })

      // Web Push (docs/decisions/030): this browser's subscription for the signed-in user.
      .get('/push/status', access.signedIn(), validate('query', z.strictObject({ endpoint: z.url().max(2000).optional() })), async (c) => {
        const userId = c.var.auth!.userData.id
        const { endpoint } = c.req.valid('query')
        const mine = endpoint
          ? await db
              .select({ id: t.pushSubscriptions.id })
              .from(t.pushSubscriptions)
              .where(and(eq(t.pushSubscriptions.userId, userId), eq(t.pushSubscriptions.endpoint, endpoint)))
          : []
        const answer: PushStatus = { publicKey: push.publicKey, subscriptions: await devicesOf(userId), thisDevice: mine.length > 0 }
        return c.json(answer, 200)
      })
      .post('/push/subscriptions', access.signedIn(), validate('json', pushSubscriptionSchema), async (c) => {
        const userId = c.var.auth!.userData.id
        const input = c.req.valid('json')
        if (!pushHostAllowed(input.endpoint)) throw validationError(fieldError('endpoint', c.var.t('validation.pushService')))
        const userAgent = (c.req.header('user-agent') ?? '').slice(0, 300) || null
        await database.transaction(async (tx) => {
          // One endpoint is one browser: signing in as someone else on it moves it to them.
          await tx.delete(t.pushSubscriptions).where(eq(t.pushSubscriptions.endpoint, input.endpoint))
          const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(t.pushSubscriptions).where(eq(t.pushSubscriptions.userId, userId))
          if (n >= MAX_DEVICES) throw new ApiError(409, 'too_many_devices', { params: { count: MAX_DEVICES } })
          await tx.insert(t.pushSubscriptions).values({
            id: randomUUID(),
            userId,
            endpoint: input.endpoint,
            p256dh: input.keys.p256dh,
            auth: input.keys.auth,
            userAgent,
            createdAt: Date.now(),
            lastSuccessAt: null,
          })
        })
        const answer: PushStatus = { publicKey: push.publicKey, subscriptions: await devicesOf(userId), thisDevice: true }
        return c.json(answer, 201)
      })
      .delete('/push/subscriptions', access.signedIn(), validate('json', pushUnsubscribeSchema), async (c) => {
        const userId = c.var.auth!.userData.id
        await db.delete(t.pushSubscriptions).where(and(eq(t.pushSubscriptions.userId, userId), eq(t.pushSubscriptions.endpoint, c.req.valid('json').endpoint)))
        return c.body(null, 204)
      })
      // A test push to every device of the user, sent after the commit like every other (the answer says to how many).
      .post('/push/test', access.signedIn(), async (c) => {
        const auth = c.var.auth!
        const devices = await devicesOf(auth.userData.id)
        if (devices === 0) throw new ApiError(409, 'no_push_device')
        await database.transaction((tx) =>
          service.notify(tx, {
            type: 'general',
            userIds: [auth.userData.id],
            text: (tr) => ({ title: tr('alerts.push.test.title'), message: tr('alerts.push.test.message'), link: '/users/profile?tab=notifications' }),
            fromName: null,
            at: Date.now(),
            actorId: auth.userData.id,
            pushOnly: true,
          }),
        )
        return c.json({ devices }, 202)
      })

      // Messages from administrators (docs/decisions/031): to whom a message would go, sending it, the history.
      .post('/notification-messages/preview', access.can('update', 'users'), validate('json', audiencePreviewSchema), async (c) => {
        const recipients = await service.adminMessages.audienceSize(db, c.var.auth!.ability, c.req.valid('json').audience)
        return c.json({ recipients }, 200)
      })
      .post('/notification-messages', access.can('update', 'users'), validate('json', sendMessageInputSchema), async (c) => {
        const auth = c.var.auth!
        const input = c.req.valid('json')
        const sent = await database.transaction((tx) =>
          service.adminMessages.sendMessage(tx, {
            audience: input.audience,
            title: input.title,
            message: input.message,
            link: input.link || null,
            ability: auth.ability,
            actor: { id: auth.userData.id, name: auth.userData.fullName },
            at: Date.now(),
          }),
        )
        return c.json(sent, 201)
      })
      .get('/notification-messages/roles', access.can('update', 'users'), async (c) => c.json({ items: await service.adminMessages.roleChoices() }, 200))
      .get('/notification-messages', access.can('update', 'users'), async (c) => {
        return c.json({ items: await service.adminMessages.sentMessages(SENT_SHOWN) }, 200)
      })

      // Extra receivers of deviation alerts per team and office (/user-admin/users/deviations).
      .get('/alert-recipients', access.can('view', 'users'), async (c) =>
        c.json({ items: await service.alertRecipients.alertRecipientList(c.var.auth!.ability) }, 200),
      )
      .post('/alert-recipients', access.can('update', 'users'), validate('json', alertRecipientInputSchema), async (c) => {
        const auth = c.var.auth!
        const input = c.req.valid('json')
        const id = await database.transaction((tx) =>
          service.alertRecipients.addAlertRecipient(tx, { ...input, ability: auth.ability, actorId: auth.userData.id, at: Date.now() }, c.var.t),
        )
        return c.json({ id }, 201)
      })
      .delete('/alert-recipients/:id', access.can('update', 'users'), validate('param', alertRecipientIdSchema), async (c) => {
        const auth = c.var.auth!
        await database.transaction((tx) => service.alertRecipients.removeAlertRecipient(tx, c.req.valid('param').id, auth.userData.id, Date.now()))
        return c.body(null, 204)
      })
  )
}
