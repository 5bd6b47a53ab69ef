import { Hono } from 'hono'
import {
  contactBlockIdParamSchema,
  contactBlockInputSchema,
  contactBlockListQuerySchema,
  removeContactBlockSchema,
  customerIdParamSchema,
  customerListQuerySchema,
  updateCustomerSchema,
} from '../../../shared/schemas/customers'
import { access, recentSignIn } from '../../lib/access'
import { actorOf, type AppEnv } from '../../lib/context'
import { forbidden, found } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { CustomersService } from './customers.service'

/**
 * The customer register (docs/decisions/027): the list, a customer with their sales and log, corrections, and the
 * identity number on request.
 */
export function customersRoutes(customers: CustomersService) {
  return (
    new Hono<AppEnv>()
      .get('/customers', access.can('view', 'customers'), validate('query', customerListQuerySchema), async (c) => {
        return c.json(await customers.list(c.var.auth!.ability, c.req.valid('query'), c.var.t), 200)
      })
      .get('/customers/:id', access.can('view', 'customers'), validate('param', customerIdParamSchema), async (c) => {
        return c.json(found(await customers.reads.detail(c.var.auth!.ability, c.req.valid('param').id)), 200)
      })
      .patch(
        '/customers/:id',
        access.can('update', 'customers'),
        validate('param', customerIdParamSchema),
        validate('json', updateCustomerSchema),
        async (c) => {
          return c.json(await customers.changes.update(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json')), 200)
        },
      )
      // A POST, not a GET: reading the full number is an act that is logged, and never cached or prefetched.
      .post('/customers/:id/identity', access.can('view', 'identity_numbers'), recentSignIn, validate('param', customerIdParamSchema), async (c) => {
        if (!c.var.auth!.ability.can('view', 'customers')) throw forbidden()
        return c.json(await customers.reads.identity(c.var.auth!.userData.id, c.req.valid('param').id), 200)
      })
      // The do-not-contact register (docs/decisions/096): back office reads and removes; whoever meets the customer records.
      .get('/contact-blocks', access.can('view', 'contact_blocks'), validate('query', contactBlockListQuerySchema), async (c) =>
        c.json(await customers.blocks.list(c.var.auth!.ability, c.req.valid('query')), 200),
      )
      .post('/contact-blocks', access.can('create', 'contact_blocks'), validate('json', contactBlockInputSchema), async (c) => {
        const { block, created } = await customers.blocks.add(actorOf(c), c.req.valid('json'), { now: Date.now(), translate: c.var.t })
        return c.json(block, created ? 201 : 200)
      })
      .post(
        '/contact-blocks/:id/remove',
        access.can('delete', 'contact_blocks'),
        validate('param', contactBlockIdParamSchema),
        validate('json', removeContactBlockSchema),
        async (c) => {
          await customers.blocks.remove(c.var.auth!.userData.id, c.req.valid('param').id, c.req.valid('json').reason, Date.now())
          return c.body(null, 204)
        },
      )
  )
}
