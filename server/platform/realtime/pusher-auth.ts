import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Pusher's channel and user authentication (https://pusher.com/docs/channels/library_auth_reference/auth-signatures/):
 * the signature is the hex HMAC-SHA256, keyed with the app secret, of `socket_id:channel_name`, with
 * `:channel_data` appended for a presence channel; the auth string is `key:signature`. A user sign-in signs
 * `socket_id::user::user_data`. The signature binds the socket id, so a signature taken from another connection
 * (a replay) does not verify.
 */
export type AppCredentials = { key: string; secret: string }

/** What the auth endpoint answers for one channel (JSON: `{ auth, channel_data? }`). */
export type ChannelAuthorization = { auth: string; channel_data?: string }

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text, 'utf8').digest('hex')

/** A socket id as Pusher gives them: two positive integers joined by a dot. */
export const SOCKET_ID = /^\d{1,20}\.\d{1,20}$/

export function authorizeChannel(app: AppCredentials, socketId: string, channel: string, channelData?: string): ChannelAuthorization {
  const text = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`
  const auth = `${app.key}:${hmac(app.secret, text)}`
  return channelData === undefined ? { auth } : { auth, channel_data: channelData }
}

export function authorizeUser(app: AppCredentials, socketId: string, userData: string): { auth: string; user_data: string } {
  return { auth: `${app.key}:${hmac(app.secret, `${socketId}::user::${userData}`)}`, user_data: userData }
}

function sameSignature(app: AppCredentials, auth: unknown, text: string): boolean {
  if (typeof auth !== 'string') return false
  const colon = auth.indexOf(':')
  if (colon < 0 || auth.slice(0, colon) !== app.key) return false
  const given = Buffer.from(auth.slice(colon + 1), 'utf8')
  const expected = Buffer.from(hmac(app.secret, text), 'utf8')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export function verifyChannel(app: AppCredentials, socketId: string, channel: string, auth: unknown, channelData?: string): boolean {
  return sameSignature(app, auth, channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`)
}

export function verifyUser(app: AppCredentials, socketId: string, auth: unknown, userData: string): boolean {
  return sameSignature(app, auth, `${socketId}::user::${userData}`)
}
