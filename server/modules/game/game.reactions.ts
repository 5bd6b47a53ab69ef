import type { EventBus } from '../../platform/events'
import type { gameService } from './game.service'

/**
 * The sales game's view of each sale and its ledger from the sales and quality areas' events (docs/decisions/052):
 * only its own tables, exactly once with each delivery's mark.
 */
export function gameReactions(events: EventBus, game: ReturnType<typeof gameService>) {
  events.subscribe({
    name: 'game.sales',
    events: ['sale.created', 'sale.statusChanged', 'quality.graded'],
    handleInTransaction: (tx, e) =>
      e.name === 'sale.created'
        ? game.feed.fromSaleCreated(tx, e)
        : e.name === 'sale.statusChanged'
          ? game.feed.fromSaleStatus(tx, e)
          : game.feed.fromQualityGraded(tx, e),
  })
}
