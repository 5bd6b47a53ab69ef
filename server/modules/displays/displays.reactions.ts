import type { EventBus } from '../../platform/events'
import type { DisplaysService } from './displays.service'

/**
 * The office screens' reactions (issue 76): a sale approved, a level, a badge or a competition won flashes on the
 * screens of its office; a screen changed or revoked is told at once. Realtime only (best effort, at least once: a
 * screen shows a flash heard twice once, by its id).
 */
export function displaysReactions(events: EventBus, displays: DisplaysService) {
  events.subscribe({
    name: 'displays.newsflash',
    events: ['sale.statusChanged', 'game.levelReached', 'game.badgeAwarded', 'game.competitionFinished'],
    handle: (e) => (e.name === 'sale.statusChanged' ? displays.live.saleApproved(e) : displays.live.gameMoment(e)),
  })
  events.subscribe({ name: 'displays.changed', events: ['display.changed'], handle: (e) => displays.live.screenChanged(e) })
}
