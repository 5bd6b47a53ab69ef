import type { SsoButton } from '../../../shared/schemas/sso'
import type { AuthContext } from '../../lib/context'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { type LoginResult } from './auth.context'
import type { AuthServiceContext } from './auth.context'

/**
 * Signing in: a password (throttled by address, account and the pair), the second step's code, and one's own password
 * checked again.
 */
export function authSignIn(
  ctx: AuthServiceContext,
  sso: {
    /** the providers the account's role must sign in through (decision 093): no password for them */
    requiredProviders: (userId: string) => Promise<SsoButton[]>
    /** the providers the person can confirm it is them through */
    confirmProviders: (userId: string) => Promise<SsoButton[]>
  },
) {
  /** A password is not how this person signs in: their role signs in through a provider. */
  async function mustUsePassword(userId: string) {
    const providers = await sso.requiredProviders(userId)
    if (providers.length > 0) throw new ApiError(403, 'sso_required', { details: { providers } })
  }
  const { repo, sessionAnswer, countAttempt, checkPassword, dummyHash, mfa, startSession, now, dropSession, database } = ctx
  return {
    /** The user data and rules of a user as they are stored now. */
    async sessionAnswerFor(userId: string, impersonator: AuthContext['impersonator'] = null) {
      const user = await repo.profile(userId)
      if (!user) return null
      const { answer } = await sessionAnswer(user)
      return impersonator ? { ...answer, userData: { ...answer.userData, impersonatedBy: impersonator } } : answer
    },
    async login(input: { email: string; password: string }, meta: { ip: string | null; userAgent: string | null }): Promise<LoginResult> {
      const attempt = await countAttempt(input.email, meta.ip)
      const creds = await repo.findCredentials(input.email)
      const ok = await checkPassword(meta.ip, input.password, creds?.passwordHash ?? (await dummyHash))
      if (!creds || !ok || !creds.active) throw new ApiError(401, 'invalid_credentials')
      await attempt.succeeded()
      // Said only to one who knew the password: guessers learn nothing about whose role needs a provider.
      await mustUsePassword(creds.id)
      // Two-step sign-in: the password was right, the session waits for a code (docs/decisions/038).
      if (await mfa.enrolment.isEnabled(creds.id)) return { challenge: await mfa.challenges.challenge(creds.id) }
      return startSession(creds.id, meta)
    },
    /**
     * The second step: a code from the app or a recovery code, against the challenge the password step gave.
     * Wrong: 401 `invalid_code` (the challenge allows a few tries); gone or used up: 401 `unauthenticated`, sign in again.
     */
    async loginWithCode(input: { challenge: string; code: string }, meta: { ip: string | null; userAgent: string | null }): Promise<LoginResult> {
      const answered = await mfa.challenges.answer(input.challenge, input.code)
      if (answered === null) throw new ApiError(401, 'invalid_code')
      if ('expired' in answered) throw new ApiError(401, 'unauthenticated')
      if ('lockedMs' in answered)
        throw new ApiError(429, 'mfa_locked', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(answered.lockedMs / 1000))) } })
      return startSession(answered.userId, meta)
    },
    /**
     * How the person confirms it is them before a sensitive action (decision 093): their code if they use two-step
     * sign-in, else their password unless their role signs in through a provider; and the providers they are linked to.
     */
    async stepUpMethod(session: AuthContext): Promise<{ method: 'totp' | 'password' | 'provider'; providers: SsoButton[] }> {
      const userId = session.impersonator?.id ?? session.userData.id
      const [totp, required, providers] = await Promise.all([mfa.enrolment.isEnabled(userId), sso.requiredProviders(userId), sso.confirmProviders(userId)])
      // A role that must sign in through some providers confirms through those only.
      const usable = required.length > 0 ? providers.filter((p) => required.some((r) => r.key === p.key)) : providers
      return { method: totp ? 'totp' : required.length > 0 ? 'provider' : 'password', providers: usable }
    },
    /**
     * A sensitive action's confirmation (decision 093): the person really signed in (the administrator, when acting
     * as someone) gives their authenticator's code or a recovery code when they use two-step sign-in, else their
     * password, throttled as a sign-in is. Right: the session counts as recently signed in again. Logged.
     */
    async stepUp(session: AuthContext, input: { code?: string; password?: string }, meta: { ip: string | null }, wrong: (field: 'code' | 'password') => Error) {
      const userId = session.impersonator?.id ?? session.userData.id
      if (await mfa.enrolment.isEnabled(userId)) {
        if (!input.code) throw wrong('code')
        const answered = await mfa.challenges.answer(await mfa.challenges.challenge(userId), input.code)
        if (answered && 'lockedMs' in answered)
          throw new ApiError(429, 'mfa_locked', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(answered.lockedMs / 1000))) } })
        if (!answered || !('userId' in answered)) throw wrong('code')
      } else {
        await mustUsePassword(userId)
        const user = await repo.profile(userId)
        if (!user || !input.password) throw wrong('password')
        const attempt = await countAttempt(user.email, meta.ip)
        if (!(await checkPassword(meta.ip, input.password, (await repo.passwordHash(userId)) ?? (await dummyHash)))) throw wrong('password')
        await attempt.succeeded()
      }
      const at = now()
      await repo.noteAuthenticated(session.sessionId, at)
      dropSession(session.sessionId)
      await database.transaction((tx) => logActivity(tx, database.t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'step_up' }))
      return { validUntil: at + ctx.stepUpMs }
    },
    /** Whether this is the user's password (asked again before a change to their sign-in methods). */
    async checkOwnPassword(userId: string, password: string): Promise<boolean> {
      const hash = await repo.passwordHash(userId)
      return !!hash && (await checkPassword(null, password, hash))
    },
  }
}
