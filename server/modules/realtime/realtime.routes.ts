import { Hono } from 'hono'
import type { PresenceInfo, RealtimeConfig } from '../../../shared/realtime'
import { broadcastingAuthSchema, broadcastingUserAuthSchema } from '../../../shared/schemas/realtime'
import { access } from '../../lib/access'
import type { AppEnv, AuthContext } from '../../lib/context'
import { ApiError } from '../../lib/errors'
import { validate } from '../../lib/validate'
import type { Deps } from '../../platform/deps'

/**
 * Who may join which channel (docs/decisions/030): their own private channel; the presence channel of a team they
 * are in or coach and of their own office. An admin (manage all) may join any. Public channels need no signature.
 */
export function mayJoin(auth: AuthContext, channel: string): boolean {
  const me = auth.userData
  const admin = auth.ability.can('manage', 'all')
  let m = /^private-App\.Models\.User\.([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (m) return m[1] === me.id
  m = /^presence-App\.Team\.([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (m) return admin || me.teamIds.includes(m[1]!)
  m = /^presence-App\.Office\.([A-Za-z0-9-]{1,64})$/.exec(channel)
  if (m) return admin || me.officeId === m[1]
  return false
}

/** The realtime channel's endpoints: the client's settings, and Pusher's channel and user authentication. */
export function realtimeRoutes({ realtime }: Deps) {
  return new Hono<AppEnv>()
    .get('/realtime/config', access.signedIn(), (c) => c.json(realtime.clientConfig satisfies RealtimeConfig, 200))
    .post('/broadcasting/auth', access.signedIn(), validate('form', broadcastingAuthSchema), (c) => {
      const auth = c.var.auth!
      const { socket_id, channel_name } = c.req.valid('form')
      if (!mayJoin(auth, channel_name)) throw new ApiError(403, 'forbidden')
      // When this session ends (a sign-out, a revocation), the socket is closed (issue 39: it kept receiving).
      if (channel_name.startsWith('private-') || channel_name.startsWith('presence-'))
        realtime.bindSession(socket_id, { sessionId: auth.sessionId, userId: auth.userData.id })
      // An admin acting as a user is not that user at work: they do not show as present (docs/decisions/037).
      if (auth.impersonator && channel_name.startsWith('presence-')) throw new ApiError(403, 'not_while_impersonating')
      if (channel_name.startsWith('presence-')) {
        const info: PresenceInfo = { id: auth.userData.id, name: auth.userData.fullName, role: auth.userData.roleName }
        const channelData = JSON.stringify({ user_id: auth.userData.id, user_info: info })
        return c.json(realtime.authorizeChannel(socket_id, channel_name, channelData), 200)
      }
      return c.json(realtime.authorizeChannel(socket_id, channel_name), 200)
    })
    .post('/broadcasting/user-auth', access.signedIn(), validate('form', broadcastingUserAuthSchema), (c) => {
      const me = c.var.auth!.userData
      realtime.bindSession(c.req.valid('form').socket_id, { sessionId: c.var.auth!.sessionId, userId: me.id })
      const userData = JSON.stringify({ id: me.id, user_info: { name: me.fullName, role: me.roleName } })
      return c.json(realtime.authorizeUser(c.req.valid('form').socket_id, userData), 200)
    })
}
