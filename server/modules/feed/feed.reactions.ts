import { FEED_CHANNEL, REALTIME_EVENTS } from '../../../shared/realtime'
import type { EventBus } from '../../platform/events'
import type { Deps } from '../../platform/deps'
import { throttled } from '../../lib/throttled'
import type { FeedService } from './feed.service'

/**
 * The feed's reactions (docs/decisions/102): the moments it hears of from the sales area, the game and the users
 * area; and, after any change, a poke on the feed's public channel (no data: the devices showing a feed read it
 * again), at most once a second.
 */
export function feedReactions(events: EventBus, feed: FeedService, realtime?: Deps['realtime']) {
  events.subscribe({ name: 'feed.sales', events: ['sale.statusChanged'], handle: (e) => feed.moments.fromSaleStatus(e) })
  events.subscribe({
    name: 'feed.game',
    events: ['game.levelReached', 'game.badgeAwarded', 'game.competitionFinished'],
    handle: (e) => feed.moments.fromGame(e),
  })
  events.subscribe({ name: 'feed.people', events: ['user.changed'], handle: (e) => feed.moments.fromUser(e) })
  if (!realtime) return
  const poke = throttled(1000, 'feed.poke', () => realtime.trigger([FEED_CHANNEL], REALTIME_EVENTS.feedChanged, {}))
  events.subscribe({ name: 'feed.live', events: ['feed.changed'], handle: async () => poke() })
}
