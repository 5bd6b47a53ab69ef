import type { SessionAnswer } from '../../../shared/schemas/auth'
import type { AuthContext } from '../../lib/context'
import { ApiError, notFound } from '../../lib/errors'
import type { Translate } from '../../../shared/schemas/errors'
import { logActivity } from '../../platform/activity-log'
import type { AuthServiceContext } from './auth.context'

/** An admin viewing the app as someone else, and stopping (both logged). */
export function authImpersonation(ctx: AuthServiceContext) {
  const { repo, impersonated, fullName, now, database, dropSession, sessionAnswer } = ctx
  return {
    /**
     * The signed-in admin starts acting as another user in this session (docs/decisions/037): refused while already
     * acting as someone, for an unknown or former user, and when the admin's rules do not allow it. Logged on the
     * user. Answers the session as the user.
     */
    async startImpersonation(auth: AuthContext, targetId: string, translate: Translate): Promise<SessionAnswer> {
      if (auth.impersonator) throw new ApiError(403, 'not_while_impersonating')
      const admin = await repo.profile(auth.userData.id)
      if (!admin) throw new ApiError(401, 'unauthenticated')
      const as = await impersonated(admin, auth.ability, targetId)
      if (as.refused === 'not_found') throw notFound()
      if (!as.answer) {
        throw new ApiError(403, 'cannot_impersonate', {
          params: { name: as.target ? fullName(as.target) : '', reason: translate(`impersonation.refused.${as.refused}`) },
        })
      }
      const at = now()
      await database.transaction(async (tx) => {
        await repo.setImpersonation(tx, auth.sessionId, targetId, at)
        await logActivity(tx, database.t, { at, actorId: admin.id, entity: 'user', entityId: targetId, action: 'impersonation_started' })
      })
      dropSession(auth.sessionId)
      return as.answer
    },
    /**
     * Back to the admin's own account; logged on the user they acted as. Answers the admin's session. A stop of a
     * session that acts as nobody (any more) changes nothing and answers the session as it is: a second stop sent at
     * once, or again after a lost answer, finds the first one done.
     */
    async stopImpersonation(auth: AuthContext): Promise<SessionAnswer> {
      const admin = auth.impersonator
      if (!admin) {
        const self = await repo.profile(auth.userData.id)
        if (!self) throw new ApiError(401, 'unauthenticated')
        return (await sessionAnswer(self)).answer
      }
      const at = now()
      await database.transaction(async (tx) => {
        if (!(await repo.setImpersonation(tx, auth.sessionId, null, at, auth.userData.id))) return
        await logActivity(tx, database.t, { at, actorId: admin.id, entity: 'user', entityId: auth.userData.id, action: 'impersonation_stopped' })
      })
      dropSession(auth.sessionId)
      const own = await repo.profile(admin.id)
      if (!own) throw new ApiError(401, 'unauthenticated')
      return (await sessionAnswer(own)).answer
    },
  }
}
