import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { randomInt } from 'node:crypto'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { verifyChannel, verifyUser, type AppCredentials } from './pusher-auth'
import type { ClusterLink, EndedSessions, PresenceMember, SessionBinding } from './socket-types'

/**
 * The Pusher Channels WebSocket protocol, version 7 (https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/),
 * served by this process on the path `/app/{key}`, so pusher-js, laravel-echo or any other Pusher client connects
 * to it unchanged: connection established with a socket id, subscribe and unsubscribe, public, private and presence
 * channels (private and presence ones only with a signature from the auth endpoint), ping and pong, member added and
 * removed, user sign-in, error codes, and events the server triggers. Client events are not enabled.
 *
 * What it triggers and who is present also reaches the other instances through the cluster link (./cluster.ts),
 * so a client sees the same channel whichever instance it is connected to.
 */

/** The spec's realtime constants (section 9): the client pings after 120 s of silence and waits 30 s for the pong. */
export const ACTIVITY_TIMEOUT_S = 120
export const PONG_TIMEOUT_S = 30

/**
 * An event's data at most 7 kB (Pusher allows 10 kB; PostgreSQL's NOTIFY, which carries it to the other instances,
 * 8 kB), a channel name at most 164 characters of Pusher's alphabet.
 */
export const MAX_EVENT_BYTES = 7_000
const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/
const MAX_CHANNELS_PER_CONNECTION = 100
/**
 * Sockets from one address at once: an office behind one NAT address with every seller's phone and a few tabs
 * stays far below it; one client opening sockets in a loop does not get far.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 300
/** How long an ended session is remembered, for a binding that reaches an instance after the end did. */
const ENDED_MEMORY_MS = 10 * 60_000
/** how often an instance says it is alive to the others; one not heard from in three is gone */
const HEARTBEAT_MS = 10_000

type Connection = {
  ws: WebSocket
  socketId: string
  channels: Set<string>
  /** the member each presence channel was joined as */
  presence: Map<string, PresenceMember>
  lastSeen: number
  pinged: boolean
  /** the sessions that authorised its channels or its sign-in */
  sessions: Map<string, SessionBinding>
  address: string
}

type Frame = { event: string; channel?: string; data?: unknown }

export type SocketServerOptions = {
  app: AppCredentials
  /** origins a browser may connect from (its Origin header); clients that send none (native ones) are let in */
  allowOrigin: (origin: string) => boolean
  cluster?: ClusterLink
  /** how often idle connections are checked (tests lower it) */
  sweepMs?: number
  activityTimeoutS?: number
  pongTimeoutS?: number
  /** sockets one address may hold at once (tests lower it) */
  maxConnectionsPerAddress?: number
}

export type SocketServer = ReturnType<typeof socketServer>

export function socketServer(options: SocketServerOptions) {
  const { app } = options
  const activityMs = (options.activityTimeoutS ?? ACTIVITY_TIMEOUT_S) * 1000
  const pongMs = (options.pongTimeoutS ?? PONG_TIMEOUT_S) * 1000
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false, clientTracking: false })
  const connections = new Set<Connection>()
  const bySocketId = new Map<string, Connection>()
  const channels = new Map<string, Set<Connection>>()
  /** presence channel → user id → the member and how many of this instance's connections hold it */
  const localMembers = new Map<string, Map<string, { member: PresenceMember; count: number }>>()
  /** presence members held by other instances: instance → channel → user id → member, and when it was last heard */
  const remote = new Map<string, { heardAt: number; channels: Map<string, Map<string, PresenceMember>> }>()
  const perAddress = new Map<string, number>()
  /** sessions ended lately (id → when), so a late binding of one closes its socket at once */
  const endedLately = new Map<string, number>()

  const send = (conn: Connection, frame: Frame) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(frame))
  }
  const sendRaw = (conn: Connection, text: string) => {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text)
  }
  const error = (conn: Connection, code: number | null, message: string) => send(conn, { event: 'pusher:error', data: { code, message } })
  const closeWith = (ws: WebSocket, code: number, message: string) => {
    ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
    ws.close(code, message)
  }

  /** Everyone in a presence channel, on any instance (a user present on two instances counts once). */
  function members(channel: string): Map<string, PresenceMember> {
    const all = new Map<string, PresenceMember>()
    for (const [, instance] of remote) for (const [id, m] of instance.channels.get(channel) ?? []) all.set(id, m)
    for (const [id, { member }] of localMembers.get(channel) ?? []) all.set(id, member)
    return all
  }
  const presentElsewhere = (channel: string, userId: string) => {
    for (const [, instance] of remote) if (instance.channels.get(channel)?.has(userId)) return true
    return false
  }

  function deliverLocal(channel: string, text: string, except?: string) {
    for (const conn of channels.get(channel) ?? []) if (conn.socketId !== except) sendRaw(conn, text)
  }
  const eventText = (channel: string, event: string, data: string) => JSON.stringify({ event, channel, data })

  function memberChanged(channel: string, op: 'add' | 'remove', member: PresenceMember, exceptConn?: Connection) {
    const text =
      op === 'add'
        ? eventText(channel, 'pusher_internal:member_added', JSON.stringify(member))
        : eventText(channel, 'pusher_internal:member_removed', JSON.stringify({ user_id: member.user_id }))
    for (const conn of channels.get(channel) ?? []) if (conn !== exceptConn) sendRaw(conn, text)
  }

  function leave(conn: Connection, channel: string) {
    if (!conn.channels.delete(channel)) return
    const set = channels.get(channel)
    set?.delete(conn)
    if (set && set.size === 0) channels.delete(channel)
    const member = conn.presence.get(channel)
    if (!member) return
    conn.presence.delete(channel)
    const held = localMembers.get(channel)
    const entry = held?.get(member.user_id)
    if (!held || !entry) return
    entry.count -= 1
    if (entry.count > 0) return
    held.delete(member.user_id)
    if (held.size === 0) localMembers.delete(channel)
    options.cluster?.publish({ type: 'member', channel, op: 'remove', member })
    if (!presentElsewhere(channel, member.user_id)) memberChanged(channel, 'remove', member)
  }

  function subscribe(conn: Connection, data: Record<string, unknown>) {
    const channel = data.channel
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      return error(conn, 4009, 'Invalid channel name')
    }
    const refuse = (message: string) => send(conn, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: message, status: 401 } })
    if (channel.startsWith('private-encrypted-')) return refuse('Encrypted channels are not supported by this server')
    if (conn.channels.has(channel)) {
      // Subscribing again (a client that reconnected its channel): confirmed again, nothing doubled.
      const presence = channel.startsWith('presence-')
      return send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: presence ? presenceData(channel) : '{}' })
    }
    if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return error(conn, 4301, 'Too many channels on one connection')
    let member: PresenceMember | null = null
    if (channel.startsWith('private-')) {
      if (!verifyChannel(app, conn.socketId, channel, data.auth)) return refuse('Invalid signature')
    } else if (channel.startsWith('presence-')) {
      const channelData = data.channel_data
      if (typeof channelData !== 'string' || !verifyChannel(app, conn.socketId, channel, data.auth, channelData)) return refuse('Invalid signature')
      const parsed = parseMember(channelData)
      if (!parsed) return refuse('Invalid channel_data: a user_id is required')
      member = parsed
    }
    conn.channels.add(channel)
    let set = channels.get(channel)
    if (!set) channels.set(channel, (set = new Set()))
    set.add(conn)
    if (!member) return send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' })
    conn.presence.set(channel, member)
    let held = localMembers.get(channel)
    if (!held) localMembers.set(channel, (held = new Map()))
    const entry = held.get(member.user_id)
    const isNew = !entry && !presentElsewhere(channel, member.user_id)
    if (entry) entry.count += 1
    else {
      held.set(member.user_id, { member, count: 1 })
      options.cluster?.publish({ type: 'member', channel, op: 'add', member })
    }
    send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: presenceData(channel) })
    if (isNew) memberChanged(channel, 'add', member, conn)
  }

  function presenceData(channel: string): string {
    const all = members(channel)
    const hash: Record<string, unknown> = {}
    for (const [id, m] of all) hash[id] = m.user_info ?? null
    return JSON.stringify({ presence: { ids: [...all.keys()], hash, count: all.size } })
  }

  const endedMatch = (ended: EndedSessions, b: SessionBinding) =>
    !!ended.sessionIds?.includes(b.sessionId) || (!!ended.userIds?.includes(b.userId) && !ended.exceptSessionIds?.includes(b.sessionId))

  /** Closes this instance's sockets whose channels a session that ended authorised (4009: unauthorised, no retry). */
  function endLocal(ended: EndedSessions) {
    const at = Date.now()
    for (const id of ended.sessionIds ?? []) endedLately.set(id, at)
    for (const [id, when] of endedLately) if (at - when > ENDED_MEMORY_MS) endedLately.delete(id)
    for (const conn of connections) {
      for (const b of conn.sessions.values()) {
        if (!endedMatch(ended, b)) continue
        closeWith(conn.ws, 4009, 'The session that authorised this connection has ended')
        break
      }
    }
  }

  function bindLocal(socketId: string, session: SessionBinding) {
    const conn = bySocketId.get(socketId)
    if (!conn) return false
    if (endedLately.has(session.sessionId)) closeWith(conn.ws, 4009, 'The session that authorised this connection has ended')
    else conn.sessions.set(session.sessionId, session)
    return true
  }

  function onFrame(conn: Connection, raw: RawData) {
    conn.lastSeen = Date.now()
    conn.pinged = false
    let frame: Frame
    try {
      frame = JSON.parse(raw.toString()) as Frame
    } catch {
      return error(conn, null, 'Invalid JSON')
    }
    if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return error(conn, null, 'Invalid message: an event is required')
    // pusher-js sends data as an object; some clients send it as a JSON string.
    let data = frame.data
    if (typeof data === 'string') {
      try {
        data = JSON.parse(data)
      } catch {
        /* a string as it is */
      }
    }
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {}
    switch (frame.event) {
      case 'pusher:ping':
        return send(conn, { event: 'pusher:pong', data: {} })
      case 'pusher:pong':
        return
      case 'pusher:subscribe':
        return subscribe(conn, fields)
      case 'pusher:unsubscribe':
        if (typeof fields.channel === 'string') leave(conn, fields.channel)
        return
      case 'pusher:signin': {
        const userData = fields.user_data
        if (typeof userData !== 'string' || !verifyUser(app, conn.socketId, fields.auth, userData) || !parseUser(userData)) {
          return error(conn, 4009, 'Invalid signature for the user sign-in')
        }
        return send(conn, { event: 'pusher:signin_success', data: { user_data: userData } })
      }
      default:
        if (frame.event.startsWith('client-')) return error(conn, null, 'Client events are not enabled on this server')
        return error(conn, null, `Unsupported event ${frame.event.slice(0, 40)}`)
    }
  }

  function connect(ws: WebSocket, request: IncomingMessage) {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const key = decodeURIComponent(url.pathname.slice('/app/'.length))
    if (key !== app.key) return closeWith(ws, 4001, `App key ${key.slice(0, 40)} does not exist`)
    const protocol = url.searchParams.get('protocol')
    if (!protocol) return closeWith(ws, 4008, 'No protocol version supplied')
    const version = Number(protocol)
    if (!Number.isInteger(version) || version < 5 || version > 7) return closeWith(ws, 4007, `Unsupported protocol version ${protocol.slice(0, 10)}`)
    let socketId = ''
    do socketId = `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`
    while (bySocketId.has(socketId))
    const address = request.socket.remoteAddress ?? ''
    const conn: Connection = { ws, socketId, channels: new Set(), presence: new Map(), lastSeen: Date.now(), pinged: false, sessions: new Map(), address }
    connections.add(conn)
    perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
    bySocketId.set(socketId, conn)
    ws.on('message', (raw) => onFrame(conn, raw))
    ws.on('pong', () => {
      conn.lastSeen = Date.now()
      conn.pinged = false
    })
    ws.on('close', () => {
      for (const channel of [...conn.channels]) leave(conn, channel)
      connections.delete(conn)
      bySocketId.delete(socketId)
      const left = (perAddress.get(address) ?? 1) - 1
      if (left > 0) perAddress.set(address, left)
      else perAddress.delete(address)
    })
    ws.on('error', () => ws.terminate())
    send(conn, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: socketId, activity_timeout: Math.round(activityMs / 1000) }),
    })
  }

  wss.on('connection', connect)

  // Silent connections are asked once (pusher:ping) and closed if nothing comes back within the pong timeout.
  const sweep = setInterval(
    () => {
      const now = Date.now()
      for (const conn of connections) {
        if (conn.pinged && now - conn.lastSeen > activityMs + pongMs) {
          closeWith(conn.ws, 4201, 'Pong reply not received')
          conn.ws.terminate()
        } else if (!conn.pinged && now - conn.lastSeen > activityMs) {
          conn.pinged = true
          send(conn, { event: 'pusher:ping', data: {} })
        }
      }
      // Another instance not heard from in three heartbeats is gone: its members leave their channels.
      for (const [instance, state] of remote) {
        if (now - state.heardAt > 3 * HEARTBEAT_MS) dropInstance(instance)
      }
    },
    options.sweepMs ?? Math.min(10_000, activityMs / 4),
  )
  sweep.unref()

  const cluster = options.cluster
  let heartbeat: NodeJS.Timeout | null = null
  function dropInstance(instance: string) {
    const state = remote.get(instance)
    if (!state) return
    remote.delete(instance)
    for (const [channel, users] of state.channels) {
      for (const [id, member] of users) if (!localMembers.get(channel)?.has(id) && !presentElsewhere(channel, id)) memberChanged(channel, 'remove', member)
    }
  }
  if (cluster) {
    const stateOf = (instance: string) => {
      let state = remote.get(instance)
      if (!state) remote.set(instance, (state = { heardAt: Date.now(), channels: new Map() }))
      state.heardAt = Date.now()
      return state
    }
    cluster.onMessage((from, message) => {
      const state = stateOf(from)
      switch (message.type) {
        case 'event':
          return deliverLocal(message.channel, eventText(message.channel, message.event, message.data), message.except)
        case 'member': {
          const { channel, member } = message
          let users = state.channels.get(channel)
          if (message.op === 'add') {
            const known = localMembers.get(channel)?.has(member.user_id) || presentElsewhere(channel, member.user_id)
            if (!users) state.channels.set(channel, (users = new Map()))
            users.set(member.user_id, member)
            if (!known) memberChanged(channel, 'add', member)
          } else {
            users?.delete(member.user_id)
            if (users && users.size === 0) state.channels.delete(channel)
            if (!localMembers.get(channel)?.has(member.user_id) && !presentElsewhere(channel, member.user_id)) memberChanged(channel, 'remove', member)
          }
          return
        }
        case 'hello': {
          // A new instance asks who is present here: answered in pieces small enough for the link.
          let batch: Array<{ channel: string; member: PresenceMember }> = []
          let size = 0
          for (const [channel, users] of localMembers) {
            for (const [, { member }] of users) {
              const item = { channel, member }
              const itemSize = JSON.stringify(item).length
              if (size + itemSize > 6000 && batch.length > 0) {
                cluster.publish({ type: 'state', members: batch })
                batch = []
                size = 0
              }
              batch.push(item)
              size += itemSize
            }
          }
          if (batch.length > 0) cluster.publish({ type: 'state', members: batch })
          return
        }
        case 'state':
          for (const { channel, member } of message.members) {
            let users = state.channels.get(channel)
            if (!users) state.channels.set(channel, (users = new Map()))
            users.set(member.user_id, member)
          }
          return
        case 'alive':
          return
        case 'bind':
          bindLocal(message.socketId, message.session)
          return
        case 'end':
          endLocal(message.ended)
          return
      }
    })
    void Promise.resolve(cluster.ready).then(() => cluster.publish({ type: 'hello' }))
    heartbeat = setInterval(() => cluster.publish({ type: 'alive' }), HEARTBEAT_MS)
    heartbeat.unref()
  }

  return {
    /** Takes over HTTP upgrade requests for `/app/{key}`; other upgrades are refused. */
    attach(server: Server) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        const path = (request.url ?? '').split('?')[0] ?? ''
        const origin = request.headers.origin
        if (!path.startsWith('/app/') || (origin !== undefined && !options.allowOrigin(origin))) {
          socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n')
          socket.destroy()
          return
        }
        if ((perAddress.get(request.socket.remoteAddress ?? '') ?? 0) >= (options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS)) {
          socket.write('HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\n\r\n')
          socket.destroy()
          return
        }
        wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request))
      })
    },

    /** Sends an event to everyone subscribed to the channels, on every instance (`except`: the socket that caused it). */
    trigger(channelNames: string[], event: string, data: unknown, except?: string) {
      const text = typeof data === 'string' ? data : JSON.stringify(data)
      if (Buffer.byteLength(text) > MAX_EVENT_BYTES) throw new Error(`realtime event ${event} is larger than ${MAX_EVENT_BYTES} bytes`)
      for (const channel of channelNames) {
        deliverLocal(channel, eventText(channel, event, text), except)
        cluster?.publish({ type: 'event', channel, event, data: text, except })
      }
    },

    /** A socket's private channels or sign-in were authorised by this session (whichever instance holds the socket). */
    bindSession(socketId: string, session: SessionBinding) {
      if (!bindLocal(socketId, session)) cluster?.publish({ type: 'bind', socketId, session })
    },

    /** Sessions ended: the sockets they authorised are closed, on every instance. */
    endSessions(ended: EndedSessions) {
      endLocal(ended)
      cluster?.publish({ type: 'end', ended })
    },

    /** Who is in a presence channel right now, on any instance. */
    members(channel: string): PresenceMember[] {
      return [...members(channel).values()]
    },

    stats() {
      return { connections: connections.size, channels: channels.size }
    },

    /**
     * Ends this instance's realtime: every socket is told, as the Pusher protocol has it for a server going away,
     * to reconnect at once (`pusher:error` and a close with 4200, "generic reconnect immediately"), so clients come
     * back to another instance or to this one restarted without waiting out a back-off. Sockets that do not finish
     * the closing handshake within a second are dropped.
     */
    async close() {
      clearInterval(sweep)
      if (heartbeat) clearInterval(heartbeat)
      const closed = [...connections].map(
        (conn) =>
          new Promise<void>((resolve) => {
            if (conn.ws.readyState === conn.ws.CLOSED) return resolve()
            conn.ws.once('close', () => resolve())
            if (conn.ws.readyState === conn.ws.OPEN) closeWith(conn.ws, 4200, 'The server is restarting: reconnect now')
          }),
      )
      let timer: NodeJS.Timeout | undefined
      await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, 1_000)))])
      clearTimeout(timer)
      for (const conn of connections) conn.ws.terminate()
      connections.clear()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await cluster?.close()
    },
  }
}

function parseMember(channelData: string): PresenceMember | null {
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown }
    const id = parsed.user_id
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null
    return { user_id: String(id), user_info: parsed.user_info ?? null }
  } catch {
    return null
  }
}

function parseUser(userData: string): boolean {
  try {
    const parsed = JSON.parse(userData) as { id?: unknown }
    return typeof parsed.id === 'string' && parsed.id !== ''
  } catch {
    return false
  }
}
