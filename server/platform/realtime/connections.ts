import { randomInt } from 'node:crypto'
import type { WebSocket } from 'ws'
import { closeWith, type Frame } from './frames'
import type { PresenceMember, SessionBinding } from './socket-types'

export type Connection = {
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

export const send = (conn: Connection, frame: Frame) => sendText(conn, JSON.stringify(frame))
export const sendText = (conn: Connection, text: string) => {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(text)
}
export const sendError = (conn: Connection, code: number | null, message: string) => send(conn, { event: 'pusher:error', data: { code, message } })

/** This instance's sockets: each by its socket id, counted by address (for the cap), and indexed by channel. */
export function connectionTable() {
  const all = new Set<Connection>()
  const bySocketId = new Map<string, Connection>()
  const perAddress = new Map<string, number>()
  const channels = new Map<string, Set<Connection>>()

  return {
    all,
    byId: (socketId: string) => bySocketId.get(socketId),
    atAddress: (address: string) => perAddress.get(address) ?? 0,
    channelCount: () => channels.size,
    subscribers: (channel: string): Iterable<Connection> => channels.get(channel) ?? [],

    /** A new socket, under a socket id no other socket of this instance has. */
    open(ws: WebSocket, address: string): Connection {
      let socketId = ''
      do socketId = `${randomInt(1, 2 ** 47)}.${randomInt(1, 2 ** 47)}`
      while (bySocketId.has(socketId))
      const conn: Connection = { ws, socketId, channels: new Set(), presence: new Map(), lastSeen: Date.now(), pinged: false, sessions: new Map(), address }
      all.add(conn)
      perAddress.set(address, (perAddress.get(address) ?? 0) + 1)
      bySocketId.set(socketId, conn)
      return conn
    },

    /** Forgets a socket that closed (after it left its channels). */
    closed(conn: Connection) {
      all.delete(conn)
      bySocketId.delete(conn.socketId)
      const left = (perAddress.get(conn.address) ?? 1) - 1
      if (left > 0) perAddress.set(conn.address, left)
      else perAddress.delete(conn.address)
    },

    join(conn: Connection, channel: string) {
      conn.channels.add(channel)
      let set = channels.get(channel)
      if (!set) channels.set(channel, (set = new Set()))
      set.add(conn)
    },

    /** Takes a socket out of a channel; answers whether it was in it. */
    leave(conn: Connection, channel: string): boolean {
      if (!conn.channels.delete(channel)) return false
      const set = channels.get(channel)
      set?.delete(conn)
      if (set && set.size === 0) channels.delete(channel)
      return true
    },
  }
}

/** Silent connections are asked once (pusher:ping) and closed if nothing comes back within the pong timeout. */
export function sweepIdle(connections: Iterable<Connection>, now: number, activityMs: number, pongMs: number) {
  for (const conn of connections) {
    if (conn.pinged && now - conn.lastSeen > activityMs + pongMs) {
      closeWith(conn.ws, 4201, 'Pong reply not received')
      conn.ws.terminate()
    } else if (!conn.pinged && now - conn.lastSeen > activityMs) {
      conn.pinged = true
      send(conn, { event: 'pusher:ping', data: {} })
    }
  }
}
