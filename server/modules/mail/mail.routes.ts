import { Hono } from 'hono'
import { mailOutboxQuerySchema } from '../../../shared/schemas/mail'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'

/**
 * The mail outbox for admins: every message the app has sent or kept (without SMTP nothing leaves, and this
 * is where it is read), and a test message to oneself that shows whether mail works.
 */
export function mailRoutes({ database, mail }: Deps) {
  return new Hono<AppEnv>()
    .get('/mail/outbox', access.can('manage', 'all'), validate('query', mailOutboxQuerySchema), async (c) => {
      const q = c.req.valid('query')
      // Newest first unless the list asks for a sort of its own.
      const page = await mail.list({ ...q, orderBy: q.sortBy ? q.orderBy : 'desc' })
      return c.json({ sending: mail.sending, ...page, page: q.page, itemsPerPage: q.itemsPerPage }, 200)
    })
    .post('/mail/test', access.can('manage', 'all'), async (c) => {
      const user = c.var.auth!.userData
      const id = await database.transaction((tx) =>
        mail.send(tx, { to: user.email, template: 'test', language: user.language ?? c.var.lang, params: { name: user.fullName, sender: user.fullName } }),
      )
      return c.json({ id, sending: mail.sending }, 202)
    })
}
