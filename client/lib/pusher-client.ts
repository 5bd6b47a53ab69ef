import Pusher from 'pusher-js'
import { REALTIME_TIMERS, type RealtimeConfig } from '../../shared/realtime'
import { reconnectWhenBack, type ReconnectingClient } from '../../shared/realtime-return'

/**
 * A pusher-js client with the settings the server gives (GET /api/realtime/config, or a screen's own), so one build
 * works with the built-in server and a hosted service; the channels' auth endpoint signs with the headers given (an
 * office screen's credential) or the session cookie. Back within a couple of seconds of the server answering again,
 * not after pusher-js's own 15 s timeouts. `stop` ends both.
 */
export function pusherClient(config: RealtimeConfig, authHeaders?: () => Record<string, string>) {
  const secure = config.forceTLS || window.location.protocol === 'https:'
  const port = config.wsPort ?? (window.location.port ? Number(window.location.port) : secure ? 443 : 80)
  const client = new Pusher(config.key, {
    cluster: config.cluster,
    wsHost: config.wsHost ?? window.location.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: secure,
    enabledTransports: ['ws', 'wss'],
    activityTimeout: REALTIME_TIMERS.activityTimeout,
    pongTimeout: REALTIME_TIMERS.pongTimeout,
    unavailableTimeout: REALTIME_TIMERS.unavailableTimeout,
    channelAuthorization: { endpoint: config.authEndpoint, transport: 'ajax', ...(authHeaders ? { headersProvider: authHeaders } : {}) },
    userAuthentication: { endpoint: config.userAuthEndpoint, transport: 'ajax' },
  })
  const stopReturning = reconnectWhenBack(client as unknown as ReconnectingClient, async () => (await fetch('/api/health', { cache: 'no-store' })).ok)
  return {
    client,
    stop() {
      stopReturning()
      client.disconnect()
    },
  }
}
