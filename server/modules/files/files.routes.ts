import { Hono } from 'hono'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { notFound } from '../../lib/errors'
import { validate } from '../../lib/validate'
import { fileIdParamSchema } from '../../../shared/schemas/files'
import type { Deps } from '../../platform/deps'

/**
 * Any stored file by its id, whatever its kind (server/platform/files.ts): to its owner, or to whoever the area
 * owning the kind admits. Everyone else gets the same 404 as for a file that does not exist.
 */
export function filesRoutes({ files }: Deps) {
  return new Hono<AppEnv>().get('/files/:id', access.signedIn(), validate('param', fileIdParamSchema), async (c) => {
    const file = await files.open(c.req.valid('param').id, c.var.auth!)
    if (!file) throw notFound()
    return files.respond(c, file)
  })
}
