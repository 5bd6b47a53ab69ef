import type { AppCredentials } from './pusher-auth'
import type { ClusterLink, PresenceMember } from './socket-types'
import { send, sendError, sendText, type Connection, type connectionTable } from './connections'
import { authoriseChannel } from './frames'
import { presenceRegistry } from './presence'

const CHANNEL_NAME = /^[A-Za-z0-9_\-=@,.;]{1,164}$/
const MAX_CHANNELS_PER_CONNECTION = 100

const eventText = (channel: string, event: string, data: string) => JSON.stringify({ event, channel, data })

/**
 * Joining and leaving channels (docs/decisions/030): the name and the signature checked, the socket indexed under
 * the channel, a presence channel's member counted and announced to the others in it; and the delivery of a
 * channel's events to this instance's sockets in it.
 */
export function channelMembership(table: ReturnType<typeof connectionTable>, app: AppCredentials, cluster?: ClusterLink) {
  function deliverLocal(channel: string, text: string, except?: string) {
    for (const conn of table.subscribers(channel)) if (conn.socketId !== except) sendText(conn, text)
  }

  function memberChanged(channel: string, op: 'add' | 'remove', member: PresenceMember, exceptConn?: Connection) {
    const text =
      op === 'add'
        ? eventText(channel, 'pusher_internal:member_added', JSON.stringify(member))
        : eventText(channel, 'pusher_internal:member_removed', JSON.stringify({ user_id: member.user_id }))
    for (const conn of table.subscribers(channel)) if (conn !== exceptConn) sendText(conn, text)
  }
  const presence = presenceRegistry<Connection>(memberChanged, cluster)

  function leave(conn: Connection, channel: string) {
    if (!table.leave(conn, channel)) return
    const member = conn.presence.get(channel)
    if (!member) return
    conn.presence.delete(channel)
    presence.leave(channel, member)
  }

  function subscribe(conn: Connection, data: Record<string, unknown>) {
    const channel = data.channel
    if (typeof channel !== 'string' || !CHANNEL_NAME.test(channel)) {
      return sendError(conn, 4009, 'Invalid channel name')
    }
    if (conn.channels.has(channel)) {
      // Subscribing again (a client that reconnected its channel): confirmed again, nothing doubled.
      return send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: channel.startsWith('presence-') ? presence.data(channel) : '{}' })
    }
    if (conn.channels.size >= MAX_CHANNELS_PER_CONNECTION) return sendError(conn, 4301, 'Too many channels on one connection')
    const auth = authoriseChannel(app, conn.socketId, channel, data)
    if ('refused' in auth) return send(conn, { event: 'pusher:subscription_error', channel, data: { type: 'AuthError', error: auth.refused, status: 401 } })
    const { member } = auth
    table.join(conn, channel)
    if (!member) return send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: '{}' })
    conn.presence.set(channel, member)
    const isNew = presence.join(channel, member)
    send(conn, { event: 'pusher_internal:subscription_succeeded', channel, data: presence.data(channel) })
    if (isNew) memberChanged(channel, 'add', member, conn)
  }

  return { deliverLocal, eventText, presence, leave, subscribe }
}
