import type { EventBus } from '../../platform/events'
import type { payService } from './pay.service'

/** The commission ledger from the sales area's events (docs/decisions/029): only the ledger's table, exactly once. */
export function payReactions(events: EventBus, pay: ReturnType<typeof payService>) {
  events.subscribe({
    name: 'pay.commission',
    events: ['sale.statusChanged', 'sale.created'],
    handleInTransaction: (tx, e) => pay.commissions.fromSaleEvent(tx, e),
  })
}
