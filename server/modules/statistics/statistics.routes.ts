import { Hono } from 'hono'
import { coachDashboardQuerySchema, managerDashboardQuerySchema, orderStatsFilterSchema } from '../../../shared/schemas/statistics'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { StatisticsService } from './statistics.service'

/**
 * The coach dashboard (docs/decisions/049): the teams the reader may view. Order statistics (docs/decisions/048):
 * whoever may view sale reports counts the ones they may see.
 */
export function statisticsRoutes(statistics: StatisticsService) {
  return new Hono<AppEnv>()
    .get('/dashboards/manager', access.can('view', 'offices'), validate('query', managerDashboardQuerySchema), async (c) =>
      c.json(await statistics.managerDashboard.manager(actorOf(c), c.req.valid('query')), 200),
    )
    .get('/dashboards/coach', access.can('view', 'dashboard_sales'), validate('query', coachDashboardQuerySchema), async (c) =>
      c.json(await statistics.coachDashboard.coach(actorOf(c), c.req.valid('query')), 200),
    )
    .get('/statistics/orders', access.can('view', 'sale_reports'), validate('query', orderStatsFilterSchema), async (c) =>
      c.json(await statistics.orderStatistics.orders(actorOf(c), c.req.valid('query')), 200),
    )
}
