import type { EventBus } from '../../platform/events'
import type { OffersService } from './offers.service'

/** The offers' reactions (docs/decisions/094): a sale regretted elsewhere withdraws its open offer. */
export function offersReactions(events: EventBus, offers: OffersService) {
  events.subscribe({ name: 'offers.withdraw', events: ['sale.statusChanged'], handleInTransaction: (tx, e) => offers.fromSaleMoved(tx, e) })
}
