import { subject } from '@casl/ability'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { notFound, validationError } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { checkFile } from '../../platform/files'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The checklist files that travel with a seller's sales: uploaded by the device before the sale that names
 * them is pushed (under /api/sync/files, the path the sync contract gives them, decision 008), stored by the
 * file module as kind `checklist`. The sales area decides who else may read one: whoever may see the sale
 * report it belongs to (back office; a coach their teams', a manager their office's).
 */
export function salesRoutes({ database, files, env }: Deps) {
  const { db, t } = database

  files.readPolicy('checklist', async (file, auth) => {
    const [sale] = await db
      .select({ sellerId: t.sales.sellerId, teamId: t.sales.teamId, officeId: t.sales.officeId })
      .from(t.sales)
      .where(eq(t.sales.checklistFileId, file.id))
    return !!sale && auth.ability.can('view', subject('sale_reports', { ...sale }))
  })

  return new Hono<AppEnv>()
    .put('/sync/files/:id', uploadUpTo(FILE_KINDS.checklist.maxBytes), access.can('create', 'sales'), async (c) => {
      const userId = c.var.auth!.userData.id
      const id = c.req.param('id')
      if (!FILE_ID.test(id)) throw validationError({ id: [c.var.t('validation.invalidFormat')] })
      const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase()
      const body = new Uint8Array(await c.req.arrayBuffer())
      const contentType = await checkFile('checklist', body, declared, c.var.t)
      let name = 'checklist'
      try {
        name = decodeURIComponent(c.req.header('x-file-name') ?? 'checklist').slice(0, 200) || 'checklist'
      } catch {
        // keep the default name
      }
      // Uploading the same file again (a retry after a lost answer) changes nothing. Files no sale has taken yet
      // may add up to a quota (decision 016): a 429 is transient for the device, whose next push attaches them.
      const stored = await files.store({ id, kind: 'checklist', userId, name, contentType, data: Buffer.from(body) }, Date.now(), {
        quotaBytes: env.checklistQuotaBytes,
      })
      return c.body(null, stored === 'stored' ? 201 : 204)
    })
    .get('/sync/files/:id', access.signedIn(), async (c) => {
      const file = await files.open(c.req.param('id'), c.var.auth!)
      if (!file) throw notFound()
      return files.respond(c, file)
    })
}
