import { Hono, type Context } from 'hono'
import {
  scheduledMessageIdSchema as idParamSchema,
  nextSendsInputSchema,
  previewInputSchema,
  scheduledMessageActiveSchema,
  scheduledMessageInputSchema,
  scheduledMessagesQuerySchema,
  scheduledMessageUpdateSchema,
} from '../../../shared/schemas/scheduled-messages'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { MessageActor } from './scheduled-messages.context'
import type { ScheduledMessagesService } from './scheduled-messages.service'

/** Scheduled messages' routes (docs/decisions/071): the list, a message with its history, writing, pausing, a test, a preview. */
export function scheduledMessagesRoutes(messages: ScheduledMessagesService) {
  const actor = (c: Context<AppEnv>): MessageActor => ({
    id: c.var.auth!.userData.id,
    name: c.var.auth!.userData.fullName,
    ability: c.var.auth!.ability,
    language: c.var.lang,
  })
  return new Hono<AppEnv>()
    .get('/scheduled-messages', access.can('view', 'scheduled_messages'), validate('query', scheduledMessagesQuerySchema), async (c) =>
      c.json(await messages.reads.list(c.req.valid('query')), 200),
    )
    .post('/scheduled-messages', access.can('create', 'scheduled_messages'), validate('json', scheduledMessageInputSchema), async (c) =>
      c.json(await messages.records.create(actor(c), c.req.valid('json')), 201),
    )
    .get('/scheduled-messages/choices', access.can('view', 'scheduled_messages'), async (c) => c.json(await messages.choices(), 200))
    .post('/scheduled-messages/next-sends', access.can('view', 'scheduled_messages'), validate('json', nextSendsInputSchema), async (c) =>
      c.json(messages.nextSends(c.req.valid('json').schedule), 200),
    )
    .post('/scheduled-messages/preview', access.can('view', 'scheduled_messages'), validate('json', previewInputSchema), async (c) =>
      c.json(await messages.records.preview(actor(c), c.req.valid('json')), 200),
    )
    .get('/scheduled-messages/:id', access.can('view', 'scheduled_messages'), validate('param', idParamSchema), async (c) =>
      c.json(await messages.reads.detail(actor(c), c.req.valid('param').id), 200),
    )
    .put(
      '/scheduled-messages/:id',
      access.can('update', 'scheduled_messages'),
      validate('param', idParamSchema),
      validate('json', scheduledMessageUpdateSchema),
      async (c) => {
        const { version, message } = c.req.valid('json')
        await messages.records.update(actor(c), c.req.valid('param').id, version, message)
        return c.json(await messages.reads.detail(actor(c), c.req.valid('param').id), 200)
      },
    )
    .put(
      '/scheduled-messages/:id/active',
      access.can('update', 'scheduled_messages'),
      validate('param', idParamSchema),
      validate('json', scheduledMessageActiveSchema),
      async (c) => {
        const { version, active } = c.req.valid('json')
        await messages.records.setActive(actor(c), c.req.valid('param').id, version, active)
        return c.json(await messages.reads.detail(actor(c), c.req.valid('param').id), 200)
      },
    )
    .post('/scheduled-messages/:id/test', access.can('view', 'scheduled_messages'), validate('param', idParamSchema), async (c) =>
      c.json(await messages.records.sendTest(actor(c), c.req.valid('param').id), 200),
    )
    .delete('/scheduled-messages/:id', access.can('delete', 'scheduled_messages'), validate('param', idParamSchema), async (c) => {
      await messages.records.remove(actor(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
}
