import { displayChannel, GAME_CHANNEL, REALTIME_EVENTS, type RealtimeConfig } from '../../../../shared/realtime'
import type { DisplayNewsflash } from '../../../../shared/schemas/displays'
import { pusherClient } from '../../../lib/pusher-client'
import { displayRealtime } from '../api/displays-api'

type Handlers = {
  /** a moment to interrupt the cycle for */
  onFlash(flash: DisplayNewsflash): void
  /** the screen was changed or revoked: ask how it stands now */
  onChanged(): void
  /** the game's standings moved: read the figures again soon */
  onStandings(): void
}

/**
 * A paired screen's realtime channel (docs/decisions/101): pusher-js with the app's settings, its own private channel
 * signed by the display auth endpoint with the screen's credential (in a header, never in an address), and the
 * game's public channel. Back within a couple of seconds of the server answering again, as the app is.
 */
export function connectScreen(displayId: string, authorization: () => string, handlers: Handlers): { stop(): void } {
  let stopped = false
  let stop = () => {}
  void (async () => {
    let config: RealtimeConfig
    try {
      config = await displayRealtime(authorization())
    } catch {
      // Without the channel the screen still reads its figures and its status on its timers.
      return
    }
    if (stopped) return
    const { client, stop: stopClient } = pusherClient(config, () => ({ Authorization: authorization() }))
    const own = client.subscribe(`private-${displayChannel(displayId)}`)
    own.bind(REALTIME_EVENTS.displayNewsflash, (flash: DisplayNewsflash) => handlers.onFlash(flash))
    own.bind(REALTIME_EVENTS.displayChanged, () => handlers.onChanged())
    // A socket the server closed (a revocation) or a channel it refused: ask how the screen stands.
    own.bind('pusher:subscription_error', () => handlers.onChanged())
    client.subscribe(GAME_CHANNEL).bind(REALTIME_EVENTS.gameStandings, () => handlers.onStandings())
    stop = stopClient
  })()
  return {
    stop() {
      stopped = true
      stop()
    },
  }
}
