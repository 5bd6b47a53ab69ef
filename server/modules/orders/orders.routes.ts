import { Hono } from 'hono'
import {
  matchOrderSchema,
  orderIdParamSchema,
  orderImportIdParamSchema,
  orderImportMappingSchema,
  orderListQuerySchema,
  orderUploadQuerySchema,
  unmatchedSalesQuerySchema,
  unmatchOrderSchema,
} from '../../../shared/schemas/orders'
import { access, recentSignIn } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { forbidden, found } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'
import { readUpload } from '../../platform/files'
import type { OrdersService } from './orders.service'
import { uploadUpTo } from '../../lib/upload-limit'
import { FILE_KINDS } from '../../../shared/schemas/files'

/**
 * Order management (docs/decisions/026): a provider's order file is uploaded (the body is the file: CSV or XLSX,
 * checked by its content), mapped and previewed, then run as a job whose progress the screen follows; the order
 * registrations are listed, opened, and compared with the period's sale reports.
 */
export function ordersRoutes({ files }: Deps, orders: OrdersService) {
  // An order file is read by those who may see order registrations (besides who uploaded it).
  files.readPolicy('order_import', async (_file, auth) => auth.ability.can('view', 'order_registrations'))

  return (
    new Hono<AppEnv>()
      .post(
        '/order-imports',
        uploadUpTo(FILE_KINDS.order_import.maxBytes),
        access.can('create', 'order_registrations'),
        validate('query', orderUploadQuerySchema),
        async (c) => {
          const upload = await readUpload(c, 'order_import', 'orders')
          const answer = await orders.imports.upload(c.var.auth!.userData.id, c.req.valid('query').providerId, upload, c.var.t)
          return c.json(answer, 201)
        },
      )
      .get('/order-imports/:id', access.can('view', 'order_registrations'), validate('param', orderImportIdParamSchema), async (c) => {
        return c.json(await orders.imports.state(c.req.valid('param').id), 200)
      })
      .post(
        '/order-imports/:id/preview',
        access.can('create', 'order_registrations'),
        validate('param', orderImportIdParamSchema),
        validate('json', orderImportMappingSchema),
        async (c) => c.json(await orders.imports.preview(c.req.valid('param').id, c.req.valid('json').mapping, c.var.t), 200),
      )
      .post(
        '/order-imports/:id/run',
        access.can('create', 'order_registrations'),
        validate('param', orderImportIdParamSchema),
        validate('json', orderImportMappingSchema),
        async (c) => c.json(await orders.imports.run(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json').mapping, c.var.t, c.var.lang), 202),
      )
      .get('/order-registrations', access.can('view', 'order_registrations'), validate('query', orderListQuerySchema), async (c) => {
        return c.json(await orders.list(c.var.auth!.ability, c.req.valid('query')), 200)
      })
      // The sale reports no order registration has: sale data too, so it also needs the sale reports' permission.
      .get('/order-registrations/unmatched-sales', access.can('view', 'order_registrations'), validate('query', unmatchedSalesQuerySchema), async (c) => {
        if (!c.var.auth!.ability.can('view', 'sale_reports')) throw forbidden()
        const q = c.req.valid('query')
        return c.json({ items: await orders.matching.unmatchedSales(q.providerId, q.from, q.to) }, 200)
      })
      .get('/order-registrations/:id', access.can('view', 'order_registrations'), validate('param', orderIdParamSchema), async (c) => {
        return c.json(found(await orders.detail(c.var.auth!.ability, c.req.valid('param').id)), 200)
      })
      // Matching by hand shows sale data too: the sale reports' permission as well.
      .post(
        '/order-registrations/:id/match',
        access.can('update', 'order_registrations'),
        validate('param', orderIdParamSchema),
        validate('json', matchOrderSchema),
        async (c) => {
          const auth = c.var.auth!
          if (!auth.ability.can('view', 'sale_reports')) throw forbidden()
          return c.json(await orders.matching.match(actorOf(c), c.req.valid('param').id, c.req.valid('json'), c.var.t), 200)
        },
      )
      .post(
        '/order-registrations/:id/unmatch',
        access.can('update', 'order_registrations'),
        validate('param', orderIdParamSchema),
        validate('json', unmatchOrderSchema),
        async (c) => {
          return c.json(await orders.matching.unmatch(actorOf(c), c.req.valid('param').id, c.req.valid('json').reason), 200)
        },
      )
      // A POST, not a GET: reading the full number is an act that is logged, and never cached or prefetched.
      .post('/order-registrations/:id/identity', access.can('view', 'identity_numbers'), recentSignIn, validate('param', orderIdParamSchema), async (c) => {
        const auth = c.var.auth!
        if (!auth.ability.can('view', 'order_registrations')) throw forbidden()
        return c.json(found(await orders.identity(actorOf(c), c.req.valid('param').id)), 200)
      })
  )
}
