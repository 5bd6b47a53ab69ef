import type { Database } from '../../db/client'

import { authContext, type AuthOptions } from './auth.context'
import { authSignIn } from './auth.sign-in'
import { authSessions } from './auth.sessions'
import { authImpersonation } from './auth.impersonation'

export { THROTTLE, SESSION_CACHE_MS, hashToken, type LoginResult } from './auth.context'

/** Sign-in and sessions: passwords, two-step codes (docs/decisions/043), session tokens, impersonation. */
export function authService(database: Database, opts: AuthOptions) {
  const ctx = authContext(database, opts)
  const { sessionAnswer, mfa } = ctx
  return {
    signIn: authSignIn(ctx),
    sessions: authSessions(ctx),
    impersonation: authImpersonation(ctx),
    sessionAnswer,
    mfa,
  }
}

export type AuthService = ReturnType<typeof authService>
