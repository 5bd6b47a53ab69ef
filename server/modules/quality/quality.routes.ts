import { Hono } from 'hono'
import {
  qualitySellerStatsQuerySchema,
  qualityStatsFilterSchema,
  qualityIdSchema,
  surveyAnswerSchema,
  surveyListQuerySchema,
  surveyNotReachedSchema,
  surveyRegretSchema,
  templateActiveSchema,
  templateCreateSchema,
  templateUpdateSchema,
} from '../../../shared/schemas/quality'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { found } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { validate } from '../../lib/validate'
import type { QualityService } from './quality.service'
import { qualitySurveyLinkRoutes } from './quality.survey-links.routes'

/**
 * Sale quality (docs/decisions/045): templates (view / create / update sale_quality_templates) and the surveys of the
 * sales the reader may see (view sale_quality_surveys); recording an outcome needs update sale_quality_surveys.
 */
export function qualityRoutes({ env, database }: Pick<Deps, 'env' | 'database'>, quality: QualityService) {
  return (
    new Hono<AppEnv>()
      .route('/', qualitySurveyLinkRoutes({ env, database }, quality))
      .get('/quality/templates', access.can('view', 'sale_quality_templates'), async (c) => c.json({ items: await quality.templates.reads.list() }, 200))
      .get('/quality/templates/:id', access.can('view', 'sale_quality_templates'), validate('param', qualityIdSchema), async (c) => {
        return c.json(found(await quality.templates.reads.detail(c.req.valid('param').id)), 200)
      })
      .post('/quality/templates', access.can('create', 'sale_quality_templates'), validate('json', templateCreateSchema), async (c) => {
        const id = await quality.templates.changes.create(actorOf(c), c.req.valid('json'), { now: Date.now(), translate: c.var.t })
        return c.json((await quality.templates.reads.detail(id))!, 201)
      })
      .put(
        '/quality/templates/:id',
        access.can('update', 'sale_quality_templates'),
        validate('param', qualityIdSchema),
        validate('json', templateUpdateSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          await quality.templates.changes.update(actorOf(c), id, c.req.valid('json'), { now: Date.now(), translate: c.var.t })
          return c.json((await quality.templates.reads.detail(id))!, 200)
        },
      )
      .post(
        '/quality/templates/:id/active',
        access.can('update', 'sale_quality_templates'),
        validate('param', qualityIdSchema),
        validate('json', templateActiveSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          const input = c.req.valid('json')
          await quality.templates.changes.setActive(actorOf(c), id, input.active, input.version, Date.now())
          return c.json((await quality.templates.reads.detail(id))!, 200)
        },
      )
      // The statistics screens (docs/decisions/045): the surveys of the sale reports the reader may see.
      .get('/quality/statistics/all', access.can('view', 'sale_quality_surveys'), validate('query', qualityStatsFilterSchema), async (c) =>
        c.json(await quality.statistics.overview.all(actorOf(c), c.req.valid('query')), 200),
      )
      .get('/quality/statistics/grades', access.can('view', 'sale_quality_surveys'), validate('query', qualityStatsFilterSchema), async (c) =>
        c.json(await quality.statistics.overview.grades(actorOf(c), c.req.valid('query')), 200),
      )
      .get('/quality/statistics/monthly', access.can('view', 'sale_quality_surveys'), validate('query', qualityStatsFilterSchema), async (c) =>
        c.json(await quality.statistics.overview.monthly(actorOf(c), c.req.valid('query')), 200),
      )
      .get('/quality/statistics/regret', access.can('view', 'sale_quality_surveys'), validate('query', qualityStatsFilterSchema), async (c) =>
        c.json(await quality.statistics.overview.regret(actorOf(c), c.req.valid('query')), 200),
      )
      .get('/quality/statistics/sellers', access.can('view', 'sale_quality_surveys'), validate('query', qualitySellerStatsQuerySchema), async (c) => {
        const { q, sortBy, orderBy, page, itemsPerPage, ...filter } = c.req.valid('query')
        return c.json(await quality.statistics.sellers.sellers(actorOf(c), filter, { q, sortBy, orderBy, page, itemsPerPage }), 200)
      })
      .get('/quality/surveys', access.can('view', 'sale_quality_surveys'), validate('query', surveyListQuerySchema), async (c) =>
        c.json(await quality.surveys.reads.list(actorOf(c), c.req.valid('query')), 200),
      )
      .get('/quality/surveys/:id', access.can('view', 'sale_quality_surveys'), validate('param', qualityIdSchema), async (c) => {
        return c.json(found(await quality.surveys.reads.detail(actorOf(c), c.req.valid('param').id)), 200)
      })
      .post(
        '/quality/surveys/:id/answer',
        access.can('update', 'sale_quality_surveys'),
        validate('param', qualityIdSchema),
        validate('json', surveyAnswerSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          await quality.surveys.reads.answer(actorOf(c), id, c.req.valid('json'), { now: Date.now(), translate: c.var.t })
          return c.json((await quality.surveys.reads.detail(actorOf(c), id))!, 200)
        },
      )
      .post(
        '/quality/surveys/:id/not-reached',
        access.can('update', 'sale_quality_surveys'),
        validate('param', qualityIdSchema),
        validate('json', surveyNotReachedSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          await quality.surveys.outcomes.notReached(actorOf(c), id, c.req.valid('json'), { now: Date.now(), translate: c.var.t })
          return c.json((await quality.surveys.reads.detail(actorOf(c), id))!, 200)
        },
      )
      .post(
        '/quality/surveys/:id/regret',
        access.can('update', 'sale_quality_surveys'),
        validate('param', qualityIdSchema),
        validate('json', surveyRegretSchema),
        async (c) => {
          const { id } = c.req.valid('param')
          await quality.surveys.outcomes.regret(actorOf(c), id, c.req.valid('json'), { now: Date.now(), translate: c.var.t })
          return c.json((await quality.surveys.reads.detail(actorOf(c), id))!, 200)
        },
      )
  )
}
