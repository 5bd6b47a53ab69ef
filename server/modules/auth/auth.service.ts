import type { Database } from '../../db/client'

import { authContext, type AuthOptions } from './auth.context'
import { authSignIn } from './auth.sign-in'
import { authSessions } from './auth.sessions'
import { authImpersonation } from './auth.impersonation'
import { ssoService } from './sso.service'

export { THROTTLE, SESSION_CACHE_MS, hashToken, type LoginResult } from './auth.context'

/** Sign-in and sessions: passwords, two-step codes (docs/decisions/043), session tokens, impersonation. */
export function authService(database: Database, opts: AuthOptions) {
  const ctx = authContext(database, opts)
  const { sessionAnswer, mfa } = ctx
  const sessions = authSessions(ctx)
  return {
    signIn: authSignIn(ctx),
    sessions,
    impersonation: authImpersonation(ctx),
    sso: ssoService(ctx, {
      createAccount:
        opts.createAccount ??
        (() => {
          throw new Error('no account maker: accounts cannot be made at a first sign-in')
        }),
      endSessions: (ids) => database.transaction((tx) => sessions.endSessions(tx, ids)),
    }),
    sessionAnswer,
    mfa,
  }
}

export type AuthService = ReturnType<typeof authService>
