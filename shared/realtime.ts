/**
 * The realtime channel's contract between the server and the app (docs/decisions/030): channel and event names in
 * Laravel Echo's conventions (the spec's realtime library), the spec's timers (section 9) and the settings the
 * client reads from GET /api/realtime/config.
 */

/** Echo's names (without the private-/presence- prefix Echo adds). */
export const userChannel = (userId: string) => `App.Models.User.${userId}`
export const teamChannel = (teamId: string) => `App.Team.${teamId}`
export const officeChannel = (officeId: string) => `App.Office.${officeId}`
/** A public channel that carries no data: a poke that the team feed changed (open feeds read again). */
export const FEED_CHANNEL = 'App.Feed'
/** An office screen's own channel (docs/decisions/101): its newsflashes, and word that it was changed or revoked. */
export const displayChannel = (displayId: string) => `App.Display.${displayId}`
/** A public channel that carries no data: a poke that reference data (the catalog) changed. */
export const CATALOG_CHANNEL = 'App.Catalog'
/** A public channel that carries no data: a poke that the sales game's standings moved (open competition screens read again). */
export const GAME_CHANNEL = 'App.Game'

/** The wire names (Pusher's): what the server triggers and the auth endpoint authorises. */
export const wire = {
  user: (userId: string) => `private-${userChannel(userId)}`,
  team: (teamId: string) => `presence-${teamChannel(teamId)}`,
  office: (officeId: string) => `presence-${officeChannel(officeId)}`,
  catalog: CATALOG_CHANNEL,
  game: GAME_CHANNEL,
  display: (displayId: string) => `private-${displayChannel(displayId)}`,
}

/** Events: Echo's namespace is App.Events; a notification arrives as Laravel's broadcast-notification event. */
export const EVENT_NAMESPACE = 'App.Events'
export const REALTIME_EVENTS = {
  notification: 'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated',
  /** something of the user's changed on the server: pull now */
  syncPoke: 'App\\Events\\SyncPoke',
  /** the sales game's standings moved: open competition screens read again */
  gameStandings: 'App\\Events\\GameStandings',
  /** a moment an office screen interrupts its cycle for (DisplayNewsflash) */
  displayNewsflash: 'App\\Events\\DisplayNewsflash',
  /** an office screen was changed or revoked: ask how it stands now */
  displayChanged: 'App\\Events\\DisplayChanged',
  /** the team feed changed: open feeds read again */
  feedChanged: 'App\\Events\\FeedChanged',
} as const

/** The spec's realtime constants (section 9), in milliseconds. */
export const REALTIME_TIMERS = {
  activityTimeout: 120_000,
  pongTimeout: 30_000,
  unavailableTimeout: 10_000,
  reconnectBackoff: 1_000,
  transportCacheLifetime: 30 * 60_000,
}

/** What the client needs to connect: the same build works with the built-in server and a hosted service. */
export type RealtimeConfig = {
  driver: 'builtin' | 'hosted'
  key: string
  cluster: string
  /** null: the host the app was opened at */
  wsHost: string | null
  /** null: the port the app was opened at */
  wsPort: number | null
  forceTLS: boolean
  authEndpoint: string
  userAuthEndpoint: string
}

/** A notification as it arrives live (the broadcast-notification event's data). */
export type LiveNotification = {
  id: string
  type: string
  kind: 'general' | 'deviation'
  title: string
  message: string
  link: string | null
  fromName: string | null
  createdAt: number
}

/**
 * A presence channel member's info (spec section 3: Realtime presence member: id, info). It repeats the id:
 * Echo hands a presence callback the member's info alone.
 */
export type PresenceInfo = { id: string; name: string; role: string }
