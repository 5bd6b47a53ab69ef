import type { LiveNotification } from '../../shared/realtime'
import { downloadsKeys } from '../features/downloads/api/downloads-keys'
import { feedKeys } from '../features/feed/api/feed-keys'
import { gameKeys } from '../features/game/api/game-keys'
import { notificationsKeys } from '../features/notifications/api/notifications-keys'
import { queryClient } from '../lib/query-client'
import type { RealtimeHandlers } from '../lib/realtime'

/**
 * What the realtime connection's messages refresh, through the features' cache keys (client/lib/realtime.ts knows no
 * feature): a notification its bell, and the sales game's news (a level reached, a competition's standing) the game's
 * screens; a standing that moved, an open competition screen; a download ready, the downloads centre.
 */
export function realtimeHandlers(onPoke: () => void): RealtimeHandlers {
  return {
    onPoke,
    onNotification(n: LiveNotification) {
      void queryClient.invalidateQueries({ queryKey: notificationsKeys.bell(n.kind) })
      if (n.type === 'competition') void queryClient.invalidateQueries({ queryKey: gameKeys.all })
      // A file made for the reader is ready (or failed): the downloads centre shows it at once.
      if (n.type === 'download') void queryClient.invalidateQueries({ queryKey: downloadsKeys.all })
    },
    onGameStandings() {
      void queryClient.invalidateQueries({ queryKey: gameKeys.competitions() })
    },
    onFeed() {
      void queryClient.invalidateQueries({ queryKey: feedKeys.all })
    },
  }
}
