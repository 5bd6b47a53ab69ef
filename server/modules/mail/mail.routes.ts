import { Hono } from 'hono'
import { z } from 'zod'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'

const outboxQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  itemsPerPage: z.coerce.number().int().min(1).max(100).default(25),
})

/**
 * The mail outbox for admins: every message the app has sent or kept (without SMTP nothing leaves, and this
 * is where it is read), and a test message to oneself that shows whether mail works.
 */
export function mailRoutes({ database, mail }: Deps) {
  return new Hono<AppEnv>()
    .get('/mail/outbox', access.can('manage', 'all'), validate('query', outboxQuerySchema), async (c) => {
      const { page, itemsPerPage } = c.req.valid('query')
      const items = await mail.list(itemsPerPage, (page - 1) * itemsPerPage)
      return c.json({ sending: mail.sending, items }, 200)
    })
    .post('/mail/test', access.can('manage', 'all'), async (c) => {
      const user = c.var.auth!.userData
      const id = await database.transaction((tx) =>
        mail.send(tx, { to: user.email, template: 'test', language: user.language ?? c.var.lang, params: { name: user.fullName, sender: user.fullName } }),
      )
      return c.json({ id, sending: mail.sending }, 202)
    })
}
