import Echo from 'laravel-echo'
import {
  userChannel,
  teamChannel,
  officeChannel,
  CATALOG_CHANNEL,
  GAME_CHANNEL,
  FEED_CHANNEL,
  type LiveNotification,
  type PresenceInfo,
  type RealtimeConfig,
} from '../../shared/realtime'
import type { UserData } from '../../shared/schemas/auth'
import { call, rpc } from './api-client'
import { notificationPopup } from './popup-store'
import { pusherClient } from './pusher-client'
import { announced, realtimeStore, type ConnectionState, type PresentMember } from './realtime-store'

/**
 * The realtime connection (docs/decisions/030), loaded after sign-in: Laravel Echo over pusher-js, with the settings
 * the server gives (GET /api/realtime/config), so one build works with the built-in server and a hosted service.
 * A notification pops up and refreshes its bell; a sync poke makes the device pull now; the user's teams'
 * presence channels say who has the app open. When the socket is down, the bells and the sync engine keep their
 * own timers.
 */
export type Connection = { stop(): void }

/**
 * What the app does with what arrives (client/app/realtime-bindings.ts): this module knows no feature, so a
 * notification's and a standing's refresh go through the features' cache keys there.
 */
export type RealtimeHandlers = {
  /** The device should pull now (a sync poke, spread). */
  onPoke(): void
  /** A live notification arrived (it has popped up already). */
  onNotification(n: LiveNotification): void
  /** The sales game's standings moved. */
  onGameStandings(): void
  /** The team feed changed: an open feed reads again. */
  onFeed(): void
}

/** Pulls soon after a poke, spread over two seconds so a poke to many devices does not arrive as one burst. */
const POKE_SPREAD_MS = 2000

export async function connectRealtime(user: UserData, handlers: RealtimeHandlers): Promise<Connection> {
  const config: RealtimeConfig = await call(rpc.realtime.config.$get())
  const { client, stop: stopClient } = pusherClient(config)
  client.connection.bind('state_change', ({ current }: { current: ConnectionState }) => realtimeStore.setState(current))
  realtimeStore.setState(client.connection.state as ConnectionState)
  const echo = new Echo({ broadcaster: 'pusher', client, withoutInterceptors: true })

  let pokeTimer: ReturnType<typeof setTimeout> | null = null
  const poke = () => {
    if (pokeTimer) return
    pokeTimer = setTimeout(() => {
      pokeTimer = null
      handlers.onPoke()
    }, Math.random() * POKE_SPREAD_MS)
  }

  const own = echo.private(userChannel(user.id))
  own.notification((n: LiveNotification) => {
    announced.add(n.id)
    notificationPopup.show({ title: n.title, message: n.message, link: n.link ?? undefined, from: n.fromName ?? undefined })
    handlers.onNotification(n)
  })
  own.listen('SyncPoke', poke)
  echo.channel(CATALOG_CHANNEL).listen('SyncPoke', poke)
  echo.channel(GAME_CHANNEL).listen('GameStandings', () => handlers.onGameStandings())
  echo.channel(FEED_CHANNEL).listen('FeedChanged', () => handlers.onFeed())

  // Presence: the user's teams (as member or coach) and office; the screens read who is present per team. An admin
  // acting as someone is not that person at work (decision 037): they join no presence channel, which the server
  // would refuse.
  const presence: string[] = []
  const present = !user.impersonatedBy
  for (const teamId of present ? user.teamIds : []) {
    const name = teamChannel(teamId)
    presence.push(name)
    let members: PresentMember[] = []
    const publish = () => realtimeStore.setPresent(teamId, members)
    // Echo hands each callback the members' info (which carries the id, see PresenceInfo).
    const member = (info: PresenceInfo): PresentMember | null => (info && typeof info.id === 'string' ? { id: info.id, info } : null)
    echo
      .join(name)
      .here((list: PresenceInfo[]) => {
        members = list.map(member).filter((m): m is PresentMember => m !== null)
        publish()
      })
      .joining((info: PresenceInfo) => {
        const m = member(info)
        if (!m) return
        members = [...members.filter((x) => x.id !== m.id), m]
        publish()
      })
      .leaving((info: PresenceInfo) => {
        members = members.filter((x) => x.id !== info?.id)
        publish()
      })
  }
  if (present && user.officeId) {
    presence.push(officeChannel(user.officeId))
    echo.join(officeChannel(user.officeId))
  }

  return {
    stop() {
      if (pokeTimer) clearTimeout(pokeTimer)
      echo.leave(userChannel(user.id))
      for (const name of presence) echo.leave(name)
      echo.disconnect()
      stopClient()
      realtimeStore.reset()
    },
  }
}
