import { Hono } from 'hono'
import {
  areaInputSchema,
  areasQuerySchema,
  runIdSchema,
  runInputSchema,
  runsQuerySchema,
  runUpdateSchema,
  teamMembersQuerySchema,
} from '../../../shared/schemas/field'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { FieldService } from './field.service'

/** The sales planner's runs and areas, and the runs screen (docs/decisions/073). */
export function fieldRoutes(field: FieldService) {
  const actor = (c: { var: AppEnv['Variables'] }) => ({ id: c.var.auth!.userData.id, ability: c.var.auth!.ability })
  return new Hono<AppEnv>()
    .get('/field/runs', access.can('view', 'sales_planner'), validate('query', runsQuerySchema), async (c) =>
      c.json(await field.list(c.var.auth!.ability, c.req.valid('query')), 200),
    )
    .post('/field/runs', access.can('update', 'sales_planner'), validate('json', runInputSchema), async (c) =>
      c.json(await field.create(actor(c), c.req.valid('json'), c.var.t), 201),
    )
    .put('/field/runs/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), validate('json', runUpdateSchema), async (c) => {
      const { version, ...input } = c.req.valid('json')
      return c.json(await field.update(actor(c), c.req.valid('param').id, version, input, c.var.t), 200)
    })
    .delete('/field/runs/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), async (c) => {
      await field.remove(actor(c), c.req.valid('param').id)
      return c.body(null, 204)
    })
    .get('/field/areas', access.can('view', 'sales_planner'), validate('query', areasQuerySchema), async (c) =>
      c.json(await field.areas(c.req.valid('query').teamId), 200),
    )
    .post('/field/areas', access.can('update', 'sales_planner'), validate('json', areaInputSchema), async (c) =>
      c.json(await field.createArea(actor(c), c.req.valid('json'), c.var.t), 201),
    )
    .get('/field/team-members', access.can('view', 'sales_planner'), validate('query', teamMembersQuerySchema), async (c) =>
      c.json(await field.teamMembers(c.var.auth!.ability, c.req.valid('query').teamId), 200),
    )
    .get('/field/runs-report', access.can('view', 'controlling'), validate('query', runsQuerySchema), async (c) =>
      c.json(await field.report(c.var.auth!.ability, c.req.valid('query')), 200),
    )
}
