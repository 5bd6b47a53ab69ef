import { Hono, type Context } from 'hono'
import { budgetMonthParamSchema, budgetsCopySchema, budgetsQuerySchema, budgetsSaveSchema } from '../../../shared/schemas/budgets'
import { access } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { BudgetsService } from './budgets.service'

/** Monthly budgets of offices, teams and sellers (docs/decisions/047). */
export function budgetsRoutes(budgets: BudgetsService) {
  const actor = (c: Context<AppEnv>) => ({ id: c.var.auth!.userData.id, ability: c.var.auth!.ability })
  return new Hono<AppEnv>()
    .get('/budgets', access.can('view', 'budgets'), validate('query', budgetsQuerySchema), async (c) =>
      c.json(await budgets.reads.overview(actor(c), c.req.valid('query')), 200),
    )
    .put('/budgets/:month', access.can('update', 'budgets'), validate('param', budgetMonthParamSchema), validate('json', budgetsSaveSchema), async (c) =>
      c.json(await budgets.changes.save(actor(c), c.req.valid('param').month, c.req.valid('json'), c.var.t), 200),
    )
    .post(
      '/budgets/:month/copy-previous',
      access.can('update', 'budgets'),
      validate('param', budgetMonthParamSchema),
      validate('json', budgetsCopySchema),
      async (c) => c.json(await budgets.changes.copyPrevious(actor(c), c.req.valid('param').month, c.req.valid('json').officeId), 200),
    )
}
