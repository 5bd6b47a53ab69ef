import { Hono } from 'hono'
import { listQuerySchema, type ListAnswer } from '../../../shared/schemas/pagination'
import { TEAM_SORT_KEYS, type TeamListItem } from '../../../shared/schemas/users'
import { accessFilter } from '../../db/conditions'
import { lookupQuerySchema, type LookupAnswer } from '../../../shared/schemas/lookups'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import { orgRepo } from './org.repo'

export function orgRoutes({ database }: Deps) {
  const repo = orgRepo(database)
  return (
    new Hono<AppEnv>()
      .get('/teams', access.can('view', 'teams'), validate('query', listQuerySchema(TEAM_SORT_KEYS)), async (c) => {
        const q = c.req.valid('query')
        const filter = accessFilter(c.var.auth!.ability, 'view', 'teams', repo.teamConditionColumns)
        const { items, total } = await repo.listTeams(filter, q)
        return c.json({ items, total, page: q.page, itemsPerPage: q.itemsPerPage } satisfies ListAnswer<TeamListItem>, 200)
      })
      // The choices of team and office filters: the ones this user may see.
      .get('/lookups/teams', access.can('view', 'teams'), validate('query', lookupQuerySchema), async (c) => {
        const filter = accessFilter(c.var.auth!.ability, 'view', 'teams', repo.teamConditionColumns)
        return c.json({ items: await repo.teamLookup(filter, c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
      .get('/lookups/offices', access.can('view', 'offices'), validate('query', lookupQuerySchema), async (c) => {
        const filter = accessFilter(c.var.auth!.ability, 'view', 'offices', repo.officeConditionColumns)
        return c.json({ items: await repo.officeLookup(filter, c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
      // Regions have no conditions of their own: whoever may view regions sees them all.
      .get('/lookups/regions', access.can('view', 'regions'), validate('query', lookupQuerySchema), async (c) => {
        return c.json({ items: await repo.regionLookup(c.req.valid('query')) } satisfies LookupAnswer, 200)
      })
  )
}
