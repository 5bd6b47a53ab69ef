import { Hono } from 'hono'
import {
  areaInputSchema,
  areasQuerySchema,
  promiseIdSchema,
  promisesReportQuerySchema,
  runIdSchema,
  runInputSchema,
  runsQuerySchema,
  runUpdateSchema,
  teamMembersQuerySchema,
} from '../../../shared/schemas/field'
import {
  areaUpdateSchema,
  mapAreasQuerySchema,
  mapClusterQuerySchema,
  mapSaleIdsSchema,
  mapSalesQuerySchema,
  mapSettingsInputSchema,
  mapVisitsQuerySchema,
  postalImportQuerySchema,
  BASEMAP_MAX_BYTES,
} from '../../../shared/schemas/maps'
import { checkFile } from '../../platform/files'
import { ApiError } from '../../lib/errors'
import { access } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { validate } from '../../lib/validate'
import type { FieldService } from './field.service'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

/** The sales planner's runs and areas, the runs screen (docs/decisions/073) and the maps (docs/decisions/074). */
export function fieldRoutes(field: FieldService) {
  return (
    new Hono<AppEnv>()
      .get('/field/runs', access.can('view', 'sales_planner'), validate('query', runsQuerySchema), async (c) =>
        c.json(await field.list(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .post('/field/runs', access.can('update', 'sales_planner'), validate('json', runInputSchema), async (c) =>
        c.json(await field.create(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .put('/field/runs/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), validate('json', runUpdateSchema), async (c) => {
        const { version, ...input } = c.req.valid('json')
        return c.json(await field.update(actorOf(c), c.req.valid('param').id, version, input, c.var.t), 200)
      })
      .delete('/field/runs/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), async (c) => {
        await field.remove(actorOf(c), c.req.valid('param').id)
        return c.body(null, 204)
      })
      .get('/field/areas', access.can('view', 'sales_planner'), validate('query', areasQuerySchema), async (c) =>
        c.json(await field.planning.areas(c.req.valid('query').teamId), 200),
      )
      .post('/field/areas', access.can('update', 'sales_planner'), validate('json', areaInputSchema), async (c) =>
        c.json(await field.planning.createArea(actorOf(c), c.req.valid('json'), c.var.t), 201),
      )
      .get('/field/team-members', access.can('view', 'sales_planner'), validate('query', teamMembersQuerySchema), async (c) =>
        c.json(await field.teamMembers(c.var.auth!.ability, c.req.valid('query').teamId), 200),
      )
      // Promises (docs/decisions/097): the team's queue and taking from it, the closers an appointment is booked for,
      // and kept, late and missed per seller with no-shows per setter.
      .get('/field/promises/queue', access.can('create', 'sales'), async (c) => c.json(await field.promises.queue.teamQueue(c.var.auth!.userData), 200))
      .get('/field/promises/closers', access.can('create', 'sales'), async (c) => c.json(await field.promises.queue.closers(c.var.auth!.userData), 200))
      .post('/field/promises/:id/take', access.can('create', 'sales'), validate('param', promiseIdSchema), async (c) => {
        await field.promises.queue.take(c.var.auth!.userData, c.req.valid('param').id)
        return c.body(null, 204)
      })
      .get('/field/promises-report', access.can('view', 'controlling'), validate('query', promisesReportQuerySchema), async (c) =>
        c.json(await field.promises.queue.report(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .get('/field/runs-report', access.can('view', 'controlling'), validate('query', runsQuerySchema), async (c) =>
        c.json(await field.report(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .put('/field/areas/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), validate('json', areaUpdateSchema), async (c) => {
        await field.planning.updateArea(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t)
        return c.body(null, 204)
      })
      .delete('/field/areas/:id', access.can('update', 'sales_planner'), validate('param', runIdSchema), async (c) => {
        await field.planning.removeArea(actorOf(c), c.req.valid('param').id)
        return c.body(null, 204)
      })
      .get('/maps/sales', access.can('view', 'controlling'), validate('query', mapSalesQuerySchema), async (c) =>
        c.json(await field.maps.saleMaps.sales(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .get('/maps/sales/cluster', access.can('view', 'controlling'), validate('query', mapClusterQuerySchema), async (c) => {
        const { clusterId, ...q } = c.req.valid('query')
        return c.json(await field.maps.saleMaps.clusterSales(c.var.auth!.ability, q, clusterId), 200)
      })
      .get('/maps/sales/summaries', access.can('view', 'controlling'), validate('query', mapSaleIdsSchema), async (c) =>
        c.json(await field.maps.summaries(c.var.auth!.ability, c.req.valid('query').ids), 200),
      )
      .get('/maps/visits', access.can('view', 'controlling'), validate('query', mapVisitsQuerySchema), async (c) =>
        c.json(await field.maps.visits(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .get('/maps/areas', access.can('view', 'controlling'), validate('query', mapAreasQuerySchema), async (c) =>
        c.json(await field.maps.areas(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .get('/maps/settings', access.can('view', 'controlling'), async (c) => c.json(await field.basemap.settings(c.var.auth!.ability), 200))
      .put('/maps/settings', access.can('update', 'controlling'), validate('json', mapSettingsInputSchema), async (c) => {
        await field.basemap.updateSettings(c.var.auth!.userData.id, c.req.valid('json'), c.var.t)
        return c.json(await field.basemap.settings(c.var.auth!.ability), 200)
      })
      .post('/maps/basemap', uploadUpTo(BASEMAP_MAX_BYTES), access.can('update', 'controlling'), async (c) => {
        const body = c.req.raw.body
        if (!body) throw new ApiError(400, 'validation_failed', { fieldErrors: { file: [c.var.t('validation.maps.notPmtiles')] } })
        let name = 'basemap.pmtiles'
        try {
          name = decodeURIComponent(c.req.header('x-file-name') ?? name).slice(0, 200) || name
        } catch {
          // keep the default name
        }
        return c.json(await field.basemap.upload(c.var.auth!.userData.id, name, body, c.var.t), 201)
      })
      .get('/maps/basemap.pmtiles', access.can('view', 'controlling'), async (c) => {
        const answer = await field.basemap.serve(c.req.header('range'), c.req.header('if-none-match'))
        if (answer.status === 404) throw new ApiError(404, 'not_found')
        return c.body(answer.body as never, answer.status, answer.headers)
      })
      .post(
        '/maps/postal-codes',
        uploadUpTo(FILE_KINDS.device_import.maxBytes),
        access.can('update', 'controlling'),
        validate('query', postalImportQuerySchema),
        async (c) => {
          const declared = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase() || null
          const bytes = new Uint8Array(await c.req.arrayBuffer())
          const contentType = await checkFile('device_import', bytes, declared, c.var.t)
          return c.json(
            await field.postal.import(c.var.auth!.userData.id, { contentType, bytes: Buffer.from(bytes) }, c.req.valid('query').country, c.var.t),
            200,
          )
        },
      )
  )
}
