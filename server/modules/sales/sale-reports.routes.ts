import { Hono } from 'hono'
import {
  bulkSaleStatusChangeSchema,
  saleReportIdParamSchema,
  saleReportListQuerySchema,
  saleReportSummaryQuerySchema,
  saleStatusChangeSchema,
} from '../../../shared/schemas/sale-reports'
import { ApiError, errorBody, found } from '../../lib/errors'
import { access, recentSignIn } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import type { SalesService } from './sales.service'
import { deviationIdParamSchema, deviationListQuerySchema } from '../../../shared/schemas/deviations'
import {
  confirmDoubleSaleSchema,
  dismissDoubleSaleSchema,
  doubleSaleIdParamSchema,
  doubleSaleListQuerySchema,
  saleSettingsSchema,
} from '../../../shared/schemas/double-sales'

/**
 * Back office's moves of sale reports through their lifecycle (docs/decisions/022), one report or a selection.
 * Every move goes through the sales service: the rule, the history line, the log line and the event are written
 * there, once.
 */
export function saleReportsRoutes({ database }: Deps, sales: SalesService) {
  return (
    new Hono<AppEnv>()
      .get('/sale-reports', access.can('view', 'sale_reports'), validate('query', saleReportListQuerySchema), async (c) => {
        return c.json(await sales.reportReads.list(c.var.auth!.ability, c.req.valid('query'), c.var.t), 200)
      })
      .get('/sale-reports/summary', access.can('view', 'sale_reports'), validate('query', saleReportSummaryQuerySchema), async (c) => {
        return c.json(await sales.reportReads.summary(c.var.auth!.ability, c.req.valid('query'), Date.now()), 200)
      })
      .get('/sale-reports/:id', access.can('view', 'sale_reports'), validate('param', saleReportIdParamSchema), async (c) => {
        return c.json(found(await sales.reportDetail.detail(actorOf(c), c.req.valid('param').id)), 200)
      })
      // A POST, not a GET: reading the full number is an act that is logged, and never cached or prefetched.
      .post('/sale-reports/:id/identity', access.can('view', 'identity_numbers'), recentSignIn, validate('param', saleReportIdParamSchema), async (c) => {
        return c.json(found(await sales.reportDetail.identity(actorOf(c), c.req.valid('param').id)), 200)
      })
      .post(
        '/sale-reports/:id/status',
        access.can('update', 'sale_reports'),
        validate('param', saleReportIdParamSchema),
        validate('json', saleStatusChangeSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          const input = c.req.valid('json')
          const answer = await database.transaction((tx) =>
            sales.changeStatus(tx, actorOf(c), id, { ...input, to: input.status }, { now: Date.now(), translate: c.var.t }),
          )
          return c.json(answer, 200)
        },
      )
      // Deviations are seen by whoever sees their sale reports (spec section 6: view sale_reports guards them); they
      // are resolved by moving the sale (POST /sale-reports/:id/status).
      .get('/deviations', access.can('view', 'sale_reports'), validate('query', deviationListQuerySchema), async (c) => {
        return c.json(await sales.deviations.listing.list(c.var.auth!.ability, c.req.valid('query'), c.var.t), 200)
      })
      .get('/deviations/:id', access.can('view', 'sale_reports'), validate('param', deviationIdParamSchema), async (c) => {
        return c.json(found(await sales.deviations.details.detail(actorOf(c), c.req.valid('param').id)), 200)
      })
      // Possible double sales (docs/decisions/025): listed with the sale reports' permission, decided with its update.
      .get('/double-sales', access.can('view', 'sale_reports'), validate('query', doubleSaleListQuerySchema), async (c) => {
        return c.json(await sales.doubles.list(c.var.auth!.ability, c.req.valid('query'), c.var.t), 200)
      })
      .post(
        '/double-sales/:id/confirm',
        access.can('update', 'sale_reports'),
        validate('param', doubleSaleIdParamSchema),
        validate('json', confirmDoubleSaleSchema),
        async (c) => {
          await database.transaction((tx) =>
            sales.doubles.confirm(tx, actorOf(c), c.req.valid('param').id, c.req.valid('json'), {
              now: Date.now(),
              translate: c.var.t,
            }),
          )
          return c.json({ ok: true as const }, 200)
        },
      )
      .post(
        '/double-sales/:id/dismiss',
        access.can('update', 'sale_reports'),
        validate('param', doubleSaleIdParamSchema),
        validate('json', dismissDoubleSaleSchema),
        async (c) => {
          await database.transaction((tx) =>
            sales.doubles.dismiss(tx, actorOf(c), c.req.valid('param').id, c.req.valid('json'), {
              now: Date.now(),
              translate: c.var.t,
            }),
          )
          return c.json({ ok: true as const }, 200)
        },
      )
      .get('/sale-settings', access.can('view', 'sale_reports'), async (c) => c.json(await sales.doubles.settings(), 200))
      .put('/sale-settings', access.can('update', 'sale_reports'), validate('json', saleSettingsSchema), async (c) => {
        const auth = c.var.auth!
        const answer = await database.transaction((tx) => sales.doubles.updateSettings(tx, auth.userData.id, c.req.valid('json'), Date.now()))
        return c.json(answer, 200)
      })
      .post('/sale-reports/status', access.can('update', 'sale_reports'), validate('json', bulkSaleStatusChangeSchema), async (c) => {
        const input = c.req.valid('json')
        const actor = actorOf(c)
        // Each report is its own transaction: one that cannot move (changed meanwhile, not allowed) leaves the others
        // moved, and says why in its own row.
        const results = []
        for (const item of input.items) {
          try {
            const answer = await database.transaction((tx) =>
              sales.changeStatus(
                tx,
                actor,
                item.id,
                { to: input.status, reason: input.reason, deviationType: input.deviationType, version: item.version },
                { now: Date.now(), translate: c.var.t },
              ),
            )
            results.push({ id: item.id, ok: true as const, status: answer.status, version: answer.version })
          } catch (err) {
            if (!(err instanceof ApiError)) throw err
            results.push({
              id: item.id,
              ok: false as const,
              httpStatus: err.status,
              ...errorBody(c, err.code, err.options.params, err.options.fieldErrors, err.options.details),
            })
          }
        }
        return c.json({ moved: results.filter((r) => r.ok).length, results }, 200)
      })
  )
}
