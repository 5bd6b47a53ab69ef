import { Hono } from 'hono'
import { budgetMonthParamSchema, budgetsCopySchema, budgetsQuerySchema, budgetsSaveSchema } from '../../../shared/schemas/budgets'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { BudgetsService } from './budgets.service'

/** Monthly budgets of offices, teams and sellers (docs/decisions/047). */
export function budgetsRoutes(budgets: BudgetsService) {
  return new Hono<AppEnv>()
    .get('/budgets', access.can('view', 'budgets'), validate('query', budgetsQuerySchema), async (c) =>
      c.json(await budgets.reads.overview(actorOf(c), c.req.valid('query')), 200),
    )
    .put('/budgets/:month', access.can('update', 'budgets'), validate('param', budgetMonthParamSchema), validate('json', budgetsSaveSchema), async (c) =>
      c.json(await budgets.changes.save(actorOf(c), c.req.valid('param').month, c.req.valid('json'), c.var.t), 200),
    )
    .post(
      '/budgets/:month/copy-previous',
      access.can('update', 'budgets'),
      validate('param', budgetMonthParamSchema),
      validate('json', budgetsCopySchema),
      async (c) => c.json(await budgets.changes.copyPrevious(actorOf(c), c.req.valid('param').month, c.req.valid('json').officeId), 200),
    )
}
