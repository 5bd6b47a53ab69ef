import type { IncomingMessage, Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import { verifyUser, type AppCredentials } from './pusher-auth'
import { connectionTable, send, sendError, sweepIdle, type Connection } from './connections'
import { closeWith, handshakeRefusal, parseUser, readFrame } from './frames'
import { sessionEnds } from './session-ends'
import { channelMembership } from './channels'
import { HEARTBEAT_MS } from './presence'
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
 * 8 kB), a channel name at most 164 characters of Pusher's alphabet (./channels.ts).
 */
export const MAX_EVENT_BYTES = 7_000
/**
 * Sockets from one address at once: an office behind one NAT address with every seller's phone and a few tabs
 * stays far below it; one client opening sockets in a loop does not get far.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 300

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
  const table = connectionTable()
  const connections = table.all

  const { deliverLocal, eventText, presence, leave, subscribe } = channelMembership(table, app, options.cluster)

  const ends = sessionEnds()
  const bindLocal = (socketId: string, session: SessionBinding) => {
    const conn = table.byId(socketId)
    if (conn) ends.bind(conn, session)
    return !!conn
  }
  const endLocal = (ended: EndedSessions) => ends.end(ended, connections)

  function onFrame(conn: Connection, raw: RawData) {
    conn.lastSeen = Date.now()
    conn.pinged = false
    const frame = readFrame(raw)
    if ('invalid' in frame) return sendError(conn, null, frame.invalid)
    const { fields } = frame
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
          return sendError(conn, 4009, 'Invalid signature for the user sign-in')
        }
        return send(conn, { event: 'pusher:signin_success', data: { user_data: userData } })
      }
      default:
        if (frame.event.startsWith('client-')) return sendError(conn, null, 'Client events are not enabled on this server')
        return sendError(conn, null, `Unsupported event ${frame.event.slice(0, 40)}`)
    }
  }

  function connect(ws: WebSocket, request: IncomingMessage) {
    const refused = handshakeRefusal(request.url ?? '/', app.key)
    if (refused) return closeWith(ws, ...refused)
    const conn = table.open(ws, request.socket.remoteAddress ?? '')
    ws.on('message', (raw) => onFrame(conn, raw))
    ws.on('pong', () => {
      conn.lastSeen = Date.now()
      conn.pinged = false
    })
    ws.on('close', () => {
      for (const channel of [...conn.channels]) leave(conn, channel)
      table.closed(conn)
    })
    ws.on('error', () => ws.terminate())
    send(conn, {
      event: 'pusher:connection_established',
      data: JSON.stringify({ socket_id: conn.socketId, activity_timeout: Math.round(activityMs / 1000) }),
    })
  }

  wss.on('connection', connect)

  const sweep = setInterval(
    () => {
      const now = Date.now()
      sweepIdle(connections, now, activityMs, pongMs)
      presence.dropSilent(now)
    },
    options.sweepMs ?? Math.min(10_000, activityMs / 4),
  )
  sweep.unref()

  const cluster = options.cluster
  let heartbeat: NodeJS.Timeout | null = null
  if (cluster) {
    cluster.onMessage((from, message) => {
      switch (message.type) {
        case 'event':
          return deliverLocal(message.channel, eventText(message.channel, message.event, message.data), message.except)
        case 'member':
        case 'hello':
        case 'state':
        case 'alive':
          return presence.heard(from, message)
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

  /** Set once this instance is going away: no new socket is taken, so a client's immediate reconnect goes elsewhere. */
  let closing = false

  return {
    /** Takes over HTTP upgrade requests for `/app/{key}`; other upgrades are refused. */
    attach(server: Server) {
      server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        // Going away: refused before the handshake (a socket taken now would be dropped with 1006, which puts pusher-js
        // into its back-off); a proxy tries the next instance, a client its next attempt.
        if (closing) return refuseUpgrade(socket, '503 Service Unavailable', 'Retry-After: 1')
        const path = (request.url ?? '').split('?')[0] ?? ''
        const origin = request.headers.origin
        if (!path.startsWith('/app/') || (origin !== undefined && !options.allowOrigin(origin))) {
          return refuseUpgrade(socket, '403 Forbidden')
        }
        if (table.atAddress(request.socket.remoteAddress ?? '') >= (options.maxConnectionsPerAddress ?? MAX_CONNECTIONS_PER_ADDRESS)) {
          return refuseUpgrade(socket, '429 Too Many Requests')
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
      return [...presence.members(channel).values()]
    },

    stats() {
      return { connections: connections.size, channels: table.channelCount() }
    },

    /**
     * Ends this instance's realtime. First no new socket is taken (upgrades answer 503: with the HTTP listener closed
     * by then too, a client's reconnect reaches another instance); then every socket is told, as the Pusher protocol
     * has it for a server going away, to reconnect at once (`pusher:error` and a close with 4200, "generic reconnect
     * immediately"), so clients come back to another instance or to this one restarted without waiting out a
     * back-off. Sockets that do not finish the closing handshake within a second are dropped.
     */
    async close() {
      closing = true
      clearInterval(sweep)
      if (heartbeat) clearInterval(heartbeat)
      await closeAll(connections, wss)
      await cluster?.close()
    },
  }
}

function refuseUpgrade(socket: Duplex, status: string, header?: string) {
  socket.write(`HTTP/1.1 ${status}\r\n${header ? `${header}\r\n` : ''}Connection: close\r\n\r\n`)
  socket.destroy()
}

/** Every socket told to reconnect at once (4200); those that do not finish closing within a second are dropped. */
async function closeAll(connections: Set<Connection>, wss: WebSocketServer) {
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
}
