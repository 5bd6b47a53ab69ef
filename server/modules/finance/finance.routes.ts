import { Hono } from 'hono'
import { financeSettingsSchema, profitabilityQuerySchema } from '../../../shared/schemas/finance'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { FinanceService } from './finance.service'

/**
 * Finance profitability (docs/decisions/051): each view its own permission (spec section 6), within the reader's
 * sale reports and time reports. The settings are read with any of the views and changed with `update
 * finance_settings`.
 */
export function financeRoutes(finance: FinanceService) {
  const query = validate('query', profitabilityQuerySchema)
  const anyView = access.canAny(
    ['view', 'finance_profitability_sellers'],
    ['view', 'finance_profitability_teams'],
    ['view', 'finance_profitability_managers'],
    ['view', 'finance_profitability_providers'],
    ['view', 'finance_profitability_legacy'],
  )
  return new Hono<AppEnv>()
    .get('/finance/profitability/sellers', access.can('view', 'finance_profitability_sellers'), query, async (c) =>
      c.json(await finance.views.profitability(actorOf(c), 'sellers', c.req.valid('query')), 200),
    )
    .get('/finance/profitability/teams', access.can('view', 'finance_profitability_teams'), query, async (c) =>
      c.json(await finance.views.profitability(actorOf(c), 'teams', c.req.valid('query')), 200),
    )
    .get('/finance/profitability/managers', access.can('view', 'finance_profitability_managers'), query, async (c) =>
      c.json(await finance.views.profitability(actorOf(c), 'managers', c.req.valid('query')), 200),
    )
    .get('/finance/profitability/providers', access.can('view', 'finance_profitability_providers'), query, async (c) =>
      c.json(await finance.views.profitability(actorOf(c), 'providers', c.req.valid('query')), 200),
    )
    .get('/finance/profitability/legacy', access.can('view', 'finance_profitability_legacy'), query, async (c) =>
      c.json(await finance.views.profitability(actorOf(c), 'legacy', c.req.valid('query')), 200),
    )
    .get('/finance/settings', anyView, async (c) => c.json(await finance.setup.settings(), 200))
    .put('/finance/settings', access.can('update', 'finance_settings'), validate('json', financeSettingsSchema), async (c) =>
      c.json(await finance.setup.saveSettings(actorOf(c), c.req.valid('json')), 200),
    )
}
