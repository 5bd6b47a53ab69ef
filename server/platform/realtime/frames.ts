import type { RawData, WebSocket } from 'ws'
import { verifyChannel, type AppCredentials } from './pusher-auth'
import type { PresenceMember } from './socket-types'

/** A message of the Pusher protocol (docs/decisions/030), either way. */
export type Frame = { event: string; channel?: string; data?: unknown }

/** A client's message read: its event and data's fields, or why it cannot be. */
export function readFrame(raw: RawData): { event: string; fields: Record<string, unknown> } | { invalid: string } {
  let frame: Frame
  try {
    frame = JSON.parse(raw.toString()) as Frame
  } catch {
    return { invalid: 'Invalid JSON' }
  }
  if (!frame || typeof frame !== 'object' || typeof frame.event !== 'string') return { invalid: 'Invalid message: an event is required' }
  // pusher-js sends data as an object; some clients send it as a JSON string.
  let data = frame.data
  if (typeof data === 'string') {
    try {
      data = JSON.parse(data)
    } catch {
      /* a string as it is */
    }
  }
  return { event: frame.event, fields: data && typeof data === 'object' ? (data as Record<string, unknown>) : {} }
}

/** A presence channel's member from the signed channel data: a user id is required. */
export function parseMember(channelData: string): PresenceMember | null {
  try {
    const parsed = JSON.parse(channelData) as { user_id?: unknown; user_info?: unknown }
    const id = parsed.user_id
    if ((typeof id !== 'string' && typeof id !== 'number') || String(id) === '') return null
    return { user_id: String(id), user_info: parsed.user_info ?? null }
  } catch {
    return null
  }
}

/** A user sign-in's data names the user. */
export function parseUser(userData: string): boolean {
  try {
    const parsed = JSON.parse(userData) as { id?: unknown }
    return typeof parsed.id === 'string' && parsed.id !== ''
  } catch {
    return false
  }
}

/** Why a socket's opening request is turned away (the close code and message), or null: a known app key, protocol 5 to 7. */
export function handshakeRefusal(requestUrl: string, appKey: string): [number, string] | null {
  const url = new URL(requestUrl, 'http://localhost')
  const key = decodeURIComponent(url.pathname.slice('/app/'.length))
  if (key !== appKey) return [4001, `App key ${key.slice(0, 40)} does not exist`]
  const protocol = url.searchParams.get('protocol')
  if (!protocol) return [4008, 'No protocol version supplied']
  const version = Number(protocol)
  if (!Number.isInteger(version) || version < 5 || version > 7) return [4007, `Unsupported protocol version ${protocol.slice(0, 10)}`]
  return null
}

/**
 * Whether a socket may join a channel: a public one always; a private one with the auth endpoint's signature; a
 * presence one with a signature over its channel data, which names the member. Encrypted channels are not served.
 */
export function authoriseChannel(
  app: AppCredentials,
  socketId: string,
  channel: string,
  data: Record<string, unknown>,
): { refused: string } | { member: PresenceMember | null } {
  if (channel.startsWith('private-encrypted-')) return { refused: 'Encrypted channels are not supported by this server' }
  if (channel.startsWith('private-')) {
    return verifyChannel(app, socketId, channel, data.auth) ? { member: null } : { refused: 'Invalid signature' }
  }
  if (!channel.startsWith('presence-')) return { member: null }
  const channelData = data.channel_data
  if (typeof channelData !== 'string' || !verifyChannel(app, socketId, channel, data.auth, channelData)) return { refused: 'Invalid signature' }
  const member = parseMember(channelData)
  return member ? { member } : { refused: 'Invalid channel_data: a user_id is required' }
}

/** An error frame, then the close with its code. */
export function closeWith(ws: WebSocket, code: number, message: string) {
  ws.send(JSON.stringify({ event: 'pusher:error', data: { code, message } }))
  ws.close(code, message)
}
