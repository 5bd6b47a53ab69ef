import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { markReadInputSchema, notificationsQuerySchema, type NotificationsAnswer } from '../../../shared/schemas/notifications'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'

const LATEST = 20

/** The navbar bells: a user's own notifications of one kind, the latest first, with the unread count. */
export function notificationsRoutes({ database }: Deps) {
  const { db, t } = database
  return new Hono<AppEnv>()
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
}
