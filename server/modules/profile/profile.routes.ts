import { Hono } from 'hono'
import { notificationSettingsSchema } from '../../../shared/schemas/notifications'
import { changePasswordInputSchema, updateProfileInputSchema } from '../../../shared/schemas/profile'
import { access, notImpersonating } from '../../lib/access'
import type { AppEnv } from '../../lib/context'
import type { Deps } from '../../platform/deps'
import { found, validationError } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import { validate } from '../../lib/validate'
import type { AuthService } from '../auth/auth.service'
import { profileRepo } from './profile.repo'

/** The signed-in user's own profile: details, password and sessions. */
export function profileRoutes({ env, database }: Deps, auth: AuthService) {
  const repo = profileRepo(database)
  return new Hono<AppEnv>()
    .get('/profile', access.can('view', 'profile'), async (c) => {
      return c.json(found(await repo.get(c.var.auth!.userData.id)), 200)
    })
    .patch('/profile', access.can('update', 'profile'), validate('json', updateProfileInputSchema), async (c) => {
      const session = c.var.auth!
      await repo.updateDetails(session.userData.id, c.req.valid('json'), Date.now())
      // The stored user data (name, language) changed: load the session again and hand it to the client.
      auth.sessions.forgetCachedSessions()
      const [profile, answer] = await Promise.all([repo.get(session.userData.id), auth.signIn.sessionAnswerFor(session.userData.id, session.impersonator)])
      return c.json({ profile, session: answer }, 200)
    })
    .post('/profile/password', access.can('update', 'profile'), notImpersonating, validate('json', changePasswordInputSchema), async (c) => {
      const session = c.var.auth!
      const input = c.req.valid('json')
      const hash = await repo.passwordHash(session.userData.id)
      if (!hash || !(await verifyPassword(input.currentPassword, hash))) {
        throw validationError({ currentPassword: [c.var.t('validation.wrongPassword')] })
      }
      // A password someone else chose is replaced by one only the person knows (decision 082): the flag goes with it.
      await repo.update(session.userData.id, {
        passwordHash: await hashPassword(input.newPassword, env.scryptLogN),
        passwordChangeRequired: false,
        updatedAt: Date.now(),
      })
      // A new password signs out every other device.
      await repo.deleteOtherSessions(session.userData.id, session.sessionId)
      auth.sessions.otherSessionsEnded(session.userData.id, session.sessionId)
      auth.sessions.forgetCachedSessions()
      return c.body(null, 204)
    })
    .get('/profile/notification-settings', access.can('view', 'profile'), async (c) => {
      return c.json(await repo.notificationSettings(c.var.auth!.userData.id), 200)
    })
    .put('/profile/notification-settings', access.can('update', 'profile'), validate('json', notificationSettingsSchema), async (c) => {
      const userId = c.var.auth!.userData.id
      await repo.update(userId, { notificationSettings: c.req.valid('json'), updatedAt: Date.now() })
      return c.json(await repo.notificationSettings(userId), 200)
    })
    .get('/profile/sessions', access.can('view', 'profile'), async (c) => {
      const session = c.var.auth!
      return c.json({ items: await repo.sessions(session.userData.id, session.sessionId) }, 200)
    })
    .post('/profile/sessions/revoke-others', access.can('update', 'profile'), notImpersonating, async (c) => {
      const session = c.var.auth!
      await repo.deleteOtherSessions(session.userData.id, session.sessionId)
      auth.sessions.otherSessionsEnded(session.userData.id, session.sessionId)
      auth.sessions.forgetCachedSessions()
      return c.body(null, 204)
    })
}
