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
  const sso = ssoService(ctx, {
    createAccount:
      opts.createAccount ??
      (() => {
        throw new Error('no account maker: accounts cannot be made at a first sign-in')
      }),
    setRole:
      opts.setAccountRole ??
      (() => {
        throw new Error('no role setter: the provider’s groups cannot give roles')
      }),
    forgetSessionsOf: (userId) => sessions.forgetSessionsOf(userId),
    endSessions: (ids) => database.transaction((tx) => sessions.endSessions(tx, ids)),
  })
  return {
    // A role that signs in through a provider has no password sign-in (decision 093).
    signIn: authSignIn(ctx, { requiredProviders: sso.requiredProviders, confirmProviders: sso.confirmProviders }),
    sessions,
    impersonation: authImpersonation(ctx),
    sso,
    sessionAnswer,
    mfa,
  }
}

export type AuthService = ReturnType<typeof authService>
