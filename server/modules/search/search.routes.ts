import { Hono } from 'hono'
import { searchQuerySchema } from '../../../shared/schemas/search'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { SearchService } from './search.service'

/**
 * The global search (docs/decisions/061). Any signed-in user may ask; what they find is what their rules let them
 * read, so a seller's answer holds no kinds at all (their own sales are searched on the phone).
 */
export function searchRoutes(search: SearchService) {
  return new Hono<AppEnv>().get('/search', access.signedIn(), validate('query', searchQuerySchema), async (c) => {
    const auth = c.var.auth!
    return c.json(await search.search({ ability: auth.ability, id: auth.userData.id, language: c.var.lang }, c.req.valid('query').q, c.var.t), 200)
  })
}
