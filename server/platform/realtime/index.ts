import { randomBytes } from 'node:crypto'
import type { Server } from 'node:http'
import Pusher from 'pusher'
import type { RealtimeConfig } from '../../../shared/realtime'
import type { Database } from '../../db/client'
import type { Env } from '../../env'
import { serverKey } from '../server-keys'
import { pgClusterLink } from './cluster'
import { authorizeChannel, authorizeUser, type AppCredentials, type ChannelAuthorization } from './pusher-auth'
import { socketServer, type SocketServer } from './socket-server'
import type { EndedSessions, PresenceMember, SessionBinding } from './socket-types'
import { log } from '../../lib/log'

export type { EndedSessions, PresenceMember, SessionBinding } from './socket-types'

/**
 * The realtime channel (docs/decisions/030). By default this server speaks the Pusher protocol itself
 * (./socket-server.ts) with a key and secret it made at first start; with PUSHER_APP_ID and the rest set it
 * hands events to a hosted Pusher-compatible service (Pusher Channels, Soketi) through the `pusher` library and
 * serves no sockets. Either way the auth endpoint signs with the same secret and the client reads its settings
 * from GET /api/realtime/config.
 */
export type Realtime = {
  driver: 'builtin' | 'hosted'
  clientConfig: RealtimeConfig
  authorizeChannel(socketId: string, channel: string, channelData?: string): ChannelAuthorization
  authorizeUser(socketId: string, userData: string): { auth: string; user_data: string }
  /** Sends an event on channels (wire names); resolves once it is handed over (never throws: realtime is best effort). */
  trigger(channels: string[], event: string, data: unknown): Promise<void>
  /** Who is in a presence channel now. */
  members(channel: string): Promise<PresenceMember[]>
  /** The auth endpoint signed for a socket on behalf of this session. */
  bindSession(socketId: string, session: SessionBinding): void
  /** Sessions ended: the sockets they authorised stop receiving (closed, on every instance). */
  endSessions(ended: EndedSessions): void
  /** Serves the socket on an HTTP server's upgrades (the built-in driver only). */
  attach(server: Server): void
  stats(): { connections: number; channels: number }
  close(): Promise<void>
}

export async function createRealtime(env: Env, database: Database, options: { instanceId?: string } = {}): Promise<Realtime> {
  if (env.pusher) return hosted(env.pusher)
  const app = await serverKey<AppCredentials>(database, 'realtime', () => ({ key: randomBytes(10).toString('hex'), secret: randomBytes(20).toString('hex') }))
  const instanceId = options.instanceId ?? randomBytes(8).toString('hex')
  const cluster = database.raw.kind === 'pg' && env.databaseUrl ? pgClusterLink(database.raw.pool, env.databaseUrl, instanceId) : undefined
  const allowed = new Set(env.appOrigins)
  const server: SocketServer = socketServer({
    app,
    cluster,
    // Browsers send their origin: only the app's own (and loopback outside production, as the CSRF check does).
    allowOrigin: (origin) => allowed.has(origin) || (env.nodeEnv !== 'production' && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(origin)),
  })
  return {
    driver: 'builtin',
    clientConfig: {
      driver: 'builtin',
      key: app.key,
      cluster: 'mt1',
      wsHost: null,
      wsPort: null,
      forceTLS: env.nodeEnv === 'production',
      authEndpoint: '/api/broadcasting/auth',
      userAuthEndpoint: '/api/broadcasting/user-auth',
    },
    authorizeChannel: (socketId, channel, channelData) => authorizeChannel(app, socketId, channel, channelData),
    authorizeUser: (socketId, userData) => authorizeUser(app, socketId, userData),
    async trigger(channels, event, data) {
      try {
        server.trigger(channels, event, data)
      } catch (err) {
        log.warn({ event, err }, '[realtime] could not trigger')
      }
    },
    members: async (channel) => server.members(channel),
    bindSession: (socketId, session) => server.bindSession(socketId, session),
    endSessions: (ended) => server.endSessions(ended),
    attach: (http) => server.attach(http),
    stats: () => server.stats(),
    close: () => server.close(),
  }
}

function hosted(config: NonNullable<Env['pusher']>): Realtime {
  const client = new Pusher({
    appId: config.appId,
    key: config.key,
    secret: config.secret,
    cluster: config.cluster,
    host: config.host ?? undefined,
    port: config.port ? String(config.port) : undefined,
    useTLS: config.scheme === 'https',
  })
  const app = { key: config.key, secret: config.secret }
  return {
    driver: 'hosted',
    clientConfig: {
      driver: 'hosted',
      key: config.key,
      cluster: config.cluster,
      wsHost: config.host ?? null,
      wsPort: config.port ?? null,
      forceTLS: config.scheme === 'https',
      authEndpoint: '/api/broadcasting/auth',
      userAuthEndpoint: '/api/broadcasting/user-auth',
    },
    authorizeChannel: (socketId, channel, channelData) => authorizeChannel(app, socketId, channel, channelData),
    authorizeUser: (socketId, userData) => authorizeUser(app, socketId, userData),
    async trigger(channels, event, data) {
      // Pusher's HTTP API takes at most 100 channels a call.
      for (let i = 0; i < channels.length; i += 100) {
        await client.trigger(channels.slice(i, i + 100), event, data).catch((err: Error) => log.warn({ event, err }, '[realtime] the hosted service refused'))
      }
    },
    async members(channel) {
      try {
        const res = await client.get({ path: `/channels/${channel}/users` })
        const body = (await res.json()) as { users?: Array<{ id: string }> }
        return (body.users ?? []).map((u) => ({ user_id: String(u.id), user_info: null }))
      } catch {
        return []
      }
    },
    bindSession: () => {},
    // A hosted service ends a user's connections, not a session's: a user's every session that ended (a
    // deactivation) is ended there; one device signing out keeps its socket until the page goes to the login, which
    // it does at once.
    endSessions(ended) {
      for (const userId of ended.userIds ?? [])
        if (!ended.exceptSessionIds?.length)
          void client.terminateUserConnections(userId).catch((err: Error) => log.warn({ err }, '[realtime] the hosted service refused'))
    },
    attach: () => {},
    stats: () => ({ connections: 0, channels: 0 }),
    close: async () => {},
  }
}
