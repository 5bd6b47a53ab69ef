import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import {
  ackRemindSchema,
  ackReportQuerySchema,
  categoryInputSchema,
  categoryOrderSchema,
  categoryUpdateSchema,
  embedHostsSchema,
  embedInputSchema,
  embedUpdateSchema,
  guideAckSchema,
  guideDeleteQuerySchema,
  guideFileQuerySchema,
  guideIdSchema,
  guideInputSchema,
  guideMoveSchema,
  guideUpdateSchema,
  guideVersionOnlySchema,
  guideVersionParamSchema,
} from '../../../shared/schemas/guides'
import { access, notImpersonating } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import { checkFile, type FileStore } from '../../platform/files'
import type { Actor, GuidesService } from './guides.service'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

/**
 * Guides and embeds (docs/decisions/069). Readers (`view embeds`): the dashboard, a guide, the search index, the
 * acknowledgement, and (with `view users`) who has acknowledged. Management (`admin embeds`): categories, guides
 * and their versions, the files guides show, embeds and the hosts they may come from.
 */
export function guidesRoutes(guides: GuidesService, files: FileStore) {
  const actor = (c: Context<AppEnv>): Actor => ({ id: c.var.auth!.userData.id, ability: c.var.auth!.ability, language: c.var.lang })
  const reads = access.can('view', 'embeds')
  const manages = access.can('admin', 'embeds')

  files.readPolicy('guide', async (file, auth, db) => guides.reading.mayReadFile(db, { id: auth.userData.id, ability: auth.ability, language: 'sv' }, file.id))

  return (
    new Hono<AppEnv>()
      // Reading.
      .get('/guides', reads, async (c) => c.json(await guides.reading.dashboard(actor(c)), 200))
      .get('/guides/search-index', reads, async (c) => {
        const { tag, index } = await guides.reading.searchIndex(actor(c))
        c.header('ETag', `"${tag}"`)
        c.header('Cache-Control', 'private, no-cache')
        if (c.req.header('if-none-match') === `"${tag}"`) return c.body(null, 304)
        return c.json({ tag, index }, 200)
      })
      // The snapshot a device keeps to read guides offline (docs/decisions/069).
      .get('/guides/offline', reads, async (c) => c.json(await guides.offline.snapshot(actor(c)), 200))
      .get('/guides/:id', reads, validate('param', guideIdSchema), async (c) => c.json(await guides.reading.view(actor(c), c.req.valid('param').id), 200))
      .post('/guides/:id/acknowledge', reads, notImpersonating, validate('param', guideIdSchema), validate('json', guideAckSchema), async (c) =>
        c.json(await guides.reading.acknowledge(actor(c), c.req.valid('param').id, c.req.valid('json').number), 200),
      )
      .get('/guides/:id/acknowledgements', reads, validate('param', guideIdSchema), validate('query', ackReportQuerySchema), async (c) =>
        c.json(await guides.acks.report(actor(c), c.req.valid('param').id, c.req.valid('query').teamId), 200),
      )
      .post('/guides/:id/remind', reads, validate('param', guideIdSchema), validate('json', ackRemindSchema), async (c) =>
        c.json(await guides.acks.remind(actor(c), c.req.valid('param').id, c.req.valid('json').teamIds), 200),
      )
      // The roles an audience may name.
      .get('/guide-admin/roles', manages, async (c) =>
        c.json({ items: (await guides.roleChoices()).map((r) => ({ id: r.id, key: r.key, name: r.name })) }, 200),
      )
      // Categories.
      .get('/guide-admin/categories', manages, async (c) => c.json({ items: await guides.categories.list() }, 200))
      .post('/guide-admin/categories', manages, validate('json', categoryInputSchema), async (c) =>
        c.json(await guides.categories.create(actor(c), c.req.valid('json')), 201),
      )
      .put('/guide-admin/categories/order', manages, validate('json', categoryOrderSchema), async (c) =>
        c.json({ items: await guides.categories.reorder(actor(c), c.req.valid('json').ids) }, 200),
      )
      .put('/guide-admin/categories/:id', manages, validate('param', guideIdSchema), validate('json', categoryUpdateSchema), async (c) =>
        c.json(await guides.categories.update(actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .delete('/guide-admin/categories/:id', manages, validate('param', guideIdSchema), validate('query', guideDeleteQuerySchema), async (c) => {
        await guides.categories.remove(actor(c), c.req.valid('param').id, c.req.valid('query').version)
        return c.body(null, 204)
      })
      // Guides.
      .get('/guide-admin/guides', manages, async (c) => c.json({ items: await guides.guides.list() }, 200))
      .post('/guide-admin/guides', manages, validate('json', guideInputSchema), async (c) =>
        c.json(await guides.guides.create(actor(c), c.req.valid('json')), 201),
      )
      .get('/guide-admin/guides/:id', manages, validate('param', guideIdSchema), async (c) => c.json(await guides.guides.detail(c.req.valid('param').id), 200))
      .put('/guide-admin/guides/:id', manages, validate('param', guideIdSchema), validate('json', guideUpdateSchema), async (c) =>
        c.json(await guides.guides.update(actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .delete('/guide-admin/guides/:id', manages, validate('param', guideIdSchema), validate('query', guideDeleteQuerySchema), async (c) => {
        await guides.guides.remove(actor(c), c.req.valid('param').id, c.req.valid('query').version)
        return c.body(null, 204)
      })
      .post('/guide-admin/guides/:id/publish', manages, validate('param', guideIdSchema), validate('json', guideVersionOnlySchema), async (c) =>
        c.json(await guides.guides.publishing.publish(actor(c), c.req.valid('param').id, c.req.valid('json').version), 200),
      )
      .put('/guide-admin/guides/:id/position', manages, validate('param', guideIdSchema), validate('json', guideMoveSchema), async (c) =>
        c.json({ items: await guides.guides.move(actor(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
      )
      .get('/guide-admin/guides/:id/versions/:number', manages, validate('param', guideVersionParamSchema), async (c) => {
        const { id, number } = c.req.valid('param')
        return c.json(await guides.guides.publishing.version(id, number), 200)
      })
      .post(
        '/guide-admin/guides/:id/versions/:number/restore',
        manages,
        validate('param', guideVersionParamSchema),
        validate('json', guideVersionOnlySchema),
        async (c) => {
          const { id, number } = c.req.valid('param')
          return c.json(await guides.guides.publishing.restore(actor(c), id, number, c.req.valid('json').version), 200)
        },
      )
      // The images and attachments a guide shows: checked by their content, stored by the file module.
      .post('/guide-admin/files', uploadUpTo(FILE_KINDS.guide.maxBytes), manages, validate('query', guideFileQuerySchema), async (c) => {
        const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
        const body = new Uint8Array(await c.req.arrayBuffer())
        const contentType = await checkFile('guide', body, declared, c.var.t)
        const { name } = c.req.valid('query')
        const id = randomUUID()
        await files.store({ id, kind: 'guide', userId: c.var.auth!.userData.id, name, contentType, data: Buffer.from(body), attached: true }, Date.now())
        return c.json({ id, src: `/api/files/${id}`, name, size: body.byteLength, contentType }, 201)
      })
      // Embeds.
      .get('/embeds', manages, async (c) => c.json({ items: await guides.embeds.list() }, 200))
      .post('/embeds', manages, validate('json', embedInputSchema), async (c) => c.json(await guides.embeds.create(actor(c), c.req.valid('json')), 201))
      .get('/embeds/hosts', manages, async (c) => c.json({ hosts: await guides.embeds.hosts() }, 200))
      .put('/embeds/hosts', manages, validate('json', embedHostsSchema), async (c) =>
        c.json({ hosts: await guides.embeds.setHosts(actor(c), c.req.valid('json').hosts) }, 200),
      )
      .put('/embeds/:id', manages, validate('param', guideIdSchema), validate('json', embedUpdateSchema), async (c) =>
        c.json(await guides.embeds.update(actor(c), c.req.valid('param').id, c.req.valid('json')), 200),
      )
      .delete('/embeds/:id', manages, validate('param', guideIdSchema), validate('query', guideDeleteQuerySchema), async (c) => {
        await guides.embeds.remove(actor(c), c.req.valid('param').id, c.req.valid('query').version)
        return c.body(null, 204)
      })
      .post('/embeds/:id/open', reads, validate('param', guideIdSchema), async (c) => c.json(await guides.embeds.open(actor(c), c.req.valid('param').id), 200))
  )
}
