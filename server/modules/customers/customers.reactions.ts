import type { EventBus } from '../../platform/events'
import type { customersService } from './customers.service'

/**
 * The customer register is built from the sales area's events (docs/decisions/027): only the register's table,
 * written with the delivery's mark, exactly once, a batch of events a commit.
 */
export function customersReactions(events: EventBus, customers: ReturnType<typeof customersService>) {
  events.subscribe({
    name: 'customers.register',
    events: ['sale.created', 'sale.customerCorrected'],
    handleInTransaction: async (tx, e) => {
      if (e.payload.customer) await customers.changes.fromSale(tx, e.payload.customer, e.payload.soldAt, { correction: e.name === 'sale.customerCorrected' })
      // A sale to a number or person in the do-not-contact register keeps a warning in its log (docs/decisions/096).
      if (e.name === 'sale.created') await customers.blocks.fromSale(tx, e)
    },
  })
}
