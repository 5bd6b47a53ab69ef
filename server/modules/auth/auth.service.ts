import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { buildAbility, toRawRules } from '../../../shared/permissions/ability'
import { impersonationRefusal } from '../../../shared/permissions/grant'
import { CAN_VIEW_TEAM_RULES } from '../../../shared/permissions/roles'
import type { SessionAnswer, UserData } from '../../../shared/schemas/auth'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { Database, Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError, notFound } from '../../lib/errors'
import type { Translate } from '../../../shared/schemas/errors'
import { logActivity } from '../../platform/activity-log'
import { keyedQueue } from '../../lib/keyed-queue'
import { hashPassword, verifyPassword } from '../../lib/password'
import { authRepo, type UserProfileRow } from './auth.repo'
import { mfaService } from './mfa.service'
import type { SecretBox } from '../../platform/secret-box'
import type { EventBus } from '../../platform/events'
import type { EndedSessions } from '../../platform/realtime'

/**
 * Sign-in throttling (docs/decisions/016). Every attempt is counted before the password is checked, with one
 * atomic upsert per key (rate-limiter-flexible's Drizzle store, so every instance on PostgreSQL shares the
 * counts): a burst of parallel guesses gets at most `points` checks per key, the rest are refused unread.
 * - pair: one account from one address. Its lock is what a wrong guess usually meets; the account's owner on
 *   another address is not locked out by someone who only knows the e-mail.
 * - ip: one address across accounts (password spraying).
 * - account: one account from every address (a distributed attack); high enough that locking a person out
 *   takes many addresses.
 * A successful sign-in gives its own point back (ip, account) and clears the pair.
 */
export const THROTTLE = {
  pair: { points: 5, durationS: 15 * 60, blockS: 15 * 60 },
  ip: { points: 30, durationS: 15 * 60, blockS: 30 * 60 },
  account: { points: 50, durationS: 60 * 60, blockS: 60 * 60 },
} as const

/** A session is renewed (sliding expiry) at most once per this interval of use. */
const RENEW_AFTER_MS = 60 * 60_000

/**
 * How long a loaded session (user data and ability) is reused before it is read again. Logout and
 * permission changes on this instance drop it at once; other instances see them within this time
 * (docs/decisions/005-session-cache.md).
 */
export const SESSION_CACHE_MS = 5_000
const SESSION_CACHE_MAX = 10_000

type CachedSession = { auth: AuthContext; expiresAt: number; lastSeenAt: number; loadedAt: number }

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

export type LoginResult = { token: string; expiresAt: number; answer: SessionAnswer } | { challenge: string }

export function authService(
  database: Database,
  opts: {
    sessionTtlMs: number
    scryptLogN: number
    now?: () => number
    /** seals the two-step secrets (docs/decisions/043) */
    secrets: SecretBox
    /** the terms of use in force the user has not accepted (the terms area's; docs/decisions/039) */
    pendingTerms?: (userId: string) => Promise<{ versionId: string; number: number } | null>
    /** records the account's events (its two-step sign-in locked) */
    events?: Pick<EventBus, 'record'>
    /** sessions ended: what they authorised elsewhere (the realtime sockets) ends too */
    onSessionsEnded?: (ended: EndedSessions) => void
  },
) {
  const repo = authRepo(database)
  const now = opts.now ?? Date.now
  const mfa = mfaService(database, {
    now,
    secrets: opts.secrets,
    onLocked: async (tx, userId, at) => {
      await opts.events?.record(tx, 'user.changed', { userId, action: 'mfa_locked', fields: [] }, { actorId: null, at })
    },
  })
  // Unknown e-mails are checked against this hash, so both failures take the same time.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), opts.scryptLogN)
  const cache = new Map<string, CachedSession>()
  /**
   * Counts the cache's invalidations. A load that began before one (it read the session as it was before the
   * change) answers its own request but is not cached: cached after the invalidation, it would serve the old
   * answer for the cache's lifetime (an impersonation just started, a role just changed).
   */
  let invalidations = 0

  function remember(tokenHash: string, entry: CachedSession) {
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string)
    cache.set(tokenHash, entry)
  }

  async function sessionAnswer(user: UserProfileRow): Promise<{ answer: SessionAnswer; ability: AuthContext['ability']; stored: StoredRule[] }> {
    const [coached, held] = await Promise.all([repo.coachedTeamIds(user.id), repo.rules(user.roleId, user.id)])
    // "Can view team" (docs/decisions/042) adds reading the team's figures to whatever the role gives.
    const stored = user.canViewTeam ? [...held, ...CAN_VIEW_TEAM_RULES] : held
    const teamIds = [...new Set([...(user.teamId ? [user.teamId] : []), ...coached])]
    const userData: UserData = {
      id: user.id,
      email: user.email,
      fullName: `${user.firstName} ${user.lastName}`.trim(),
      shortName: user.shortName,
      role: user.roleKey,
      roleName: user.roleName,
      teamIds,
      officeId: user.officeId,
      regionId: user.regionId,
      language: user.language,
      canViewTeam: user.canViewTeam,
    }
    const rules = toRawRules(stored, { user: { id: user.id, teamIds, officeId: user.officeId, regionId: user.regionId } })
    return { answer: { userData, userAbilityRules: rules }, ability: buildAbility(rules), stored }
  }

  const fullName = (u: UserProfileRow) => `${u.firstName} ${u.lastName}`.trim()

  /**
   * What a session acting as `targetId` answers, or why its admin may not (docs/decisions/037): the target is an
   * active account other than the admin's, and the admin's rules allow acting as them (impersonationRefusal).
   */
  async function impersonated(admin: UserProfileRow, adminAbility: AuthContext['ability'], targetId: string) {
    const target = targetId === admin.id ? undefined : await repo.profile(targetId)
    if (!target) return { refused: 'not_found' as const, target }
    if (!target.active) return { refused: 'inactive' as const, target }
    const own = await sessionAnswer(target)
    const refused = impersonationRefusal(adminAbility, own.stored, own.ability)
    if (refused) return { refused, target }
    const answer: SessionAnswer = { ...own.answer, userData: { ...own.answer.userData, impersonatedBy: { id: admin.id, fullName: fullName(admin) } } }
    return { refused: null, target, answer, ability: own.ability }
  }

  function dropSession(sessionId: string) {
    invalidations++
    for (const [key, entry] of cache) if (entry.auth.sessionId === sessionId) cache.delete(key)
  }

  const limiter = (name: keyof typeof THROTTLE) =>
    new RateLimiterDrizzle({
      storeClient: database.db,
      schema: database.t.rateLimits,
      keyPrefix: `login-${name}`,
      points: THROTTLE[name].points,
      duration: THROTTLE[name].durationS,
      blockDuration: THROTTLE[name].blockS,
      // expired rows are removed by the housekeeping timer (server/housekeeping.ts), not a timer per limiter
      clearExpiredByTimeout: false,
    })
  const limiters = { pair: limiter('pair'), ip: limiter('ip'), account: limiter('account') }

  /**
   * Counts one attempt on every key at once; a key over its limit refuses the attempt (429) before any
   * password is read. The e-mail is the normalised one the schema produced.
   */
  async function countAttempt(email: string, ip: string | null) {
    const keys = { pair: `${email}|${ip ?? '-'}`, ip, account: email }
    const outcomes = await Promise.allSettled([
      limiters.pair.consume(keys.pair),
      limiters.account.consume(keys.account),
      ...(keys.ip ? [limiters.ip.consume(keys.ip)] : []),
    ])
    const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason as unknown] : []))
    for (const reason of refused) if (!(reason instanceof RateLimiterRes)) throw reason
    if (refused.length > 0) throw tooMany(Math.max(...refused.map((r) => (r as RateLimiterRes).msBeforeNext)))
    return {
      /** a right password: the attempt was no guess */
      async succeeded() {
        await Promise.all([limiters.pair.delete(keys.pair), limiters.account.reward(keys.account, 1), ...(keys.ip ? [limiters.ip.reward(keys.ip, 1)] : [])])
      },
    }
  }

  /**
   * Password checks run under a concurrency limit (lib/password.ts) and, per address, one at a time: a burst
   * from one address queues behind itself, and a sign-in from elsewhere waits for at most one of its checks.
   */
  const perAddress = keyedQueue()
  function checkPassword(ip: string | null, password: string, hash: string): Promise<boolean> {
    return perAddress.run(ip ?? '-', () => verifyPassword(password, hash))
  }

  function tooMany(ms: number): ApiError {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    return new ApiError(429, 'too_many_requests', { params: { seconds }, headers: { 'Retry-After': String(seconds) } })
  }

  /** A new session for a signed-in user (after the password, and the code when they use two-step sign-in). */
  async function startSession(userId: string, meta: { ip: string | null; userAgent: string | null }): Promise<LoginResult> {
    const user = await repo.profile(userId)
    if (!user || !user.active) throw new ApiError(401, 'invalid_credentials')
    const token = randomBytes(32).toString('base64url')
    const at = now()
    const expiresAt = at + opts.sessionTtlMs
    await repo.createSession({
      id: randomUUID(),
      tokenHash: hashToken(token),
      userId: user.id,
      now: at,
      expiresAt,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
    })
    await repo.noteSignIn(user.id, at)
    const { answer } = await sessionAnswer(user)
    const termsPending = (await opts.pendingTerms?.(user.id)) ?? null
    return { token, expiresAt, answer: termsPending ? { ...answer, userData: { ...answer.userData, termsPending } } : answer }
  }

  return {
    sessionAnswer,

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
      // Two-step sign-in: the password was right, the session waits for a code (docs/decisions/038).
      if (await mfa.isEnabled(creds.id)) return { challenge: await mfa.challenge(creds.id) }
      return startSession(creds.id, meta)
    },

    /**
     * The second step: a code from the app or a recovery code, against the challenge the password step gave.
     * Wrong: 401 `invalid_code` (the challenge allows a few tries); gone or used up: 401 `unauthenticated`, sign in again.
     */
    async loginWithCode(input: { challenge: string; code: string }, meta: { ip: string | null; userAgent: string | null }): Promise<LoginResult> {
      const answered = await mfa.answer(input.challenge, input.code)
      if (answered === null) throw new ApiError(401, 'invalid_code')
      if ('expired' in answered) throw new ApiError(401, 'unauthenticated')
      if ('lockedMs' in answered)
        throw new ApiError(429, 'mfa_locked', { headers: { 'Retry-After': String(Math.max(1, Math.ceil(answered.lockedMs / 1000))) } })
      return startSession(answered.userId, meta)
    },

    mfa,

    /** Whether this is the user's password (asked again before a change to their sign-in methods). */
    async checkOwnPassword(userId: string, password: string): Promise<boolean> {
      const hash = await repo.passwordHash(userId)
      return !!hash && (await checkPassword(null, password, hash))
    },

    /** The signed-in context of a session token, or null. Renews the expiry while the session is used. */
    async authenticate(token: string): Promise<{ auth: AuthContext; renewedUntil: number | null } | null> {
      const tokenHash = hashToken(token)
      const at = now()
      let entry = cache.get(tokenHash)
      if (!entry || at - entry.loadedAt >= SESSION_CACHE_MS) {
        cache.delete(tokenHash)
        const generation = invalidations
        const row = await repo.sessionWithProfile(tokenHash)
        if (!row) return null
        if (row.expiresAt <= at || !row.active) {
          await repo.deleteSession(row.sessionId)
          opts.onSessionsEnded?.({ sessionIds: [row.sessionId] })
          return null
        }
        let { answer, ability } = await sessionAnswer(row)
        let impersonator: AuthContext['impersonator'] = null
        if (row.impersonatingId) {
          // Acting as another user: checked at every load, so an admin who lost the right, or a target who left or
          // became an admin, ends it at the next request.
          const as = await impersonated(row, ability, row.impersonatingId)
          if (as.answer) {
            impersonator = { id: row.id, fullName: fullName(row) }
            answer = as.answer
            ability = as.ability
          } else {
            await database.transaction(async (tx) => {
              if (!(await repo.setImpersonation(tx, row.sessionId, null, at, row.impersonatingId!))) return
              await logActivity(tx, database.t, {
                at,
                actorId: row.id,
                entity: 'user',
                entityId: row.impersonatingId!,
                action: 'impersonation_ended',
                reason: as.refused,
              })
            })
          }
        }
        // Terms of use the person has not accepted: the app asks them first (an admin acting as them is not asked:
        // the answer is the person's own).
        const termsPending = impersonator ? null : ((await opts.pendingTerms?.(row.id)) ?? null)
        if (termsPending) answer = { ...answer, userData: { ...answer.userData, termsPending } }
        const answerJson = JSON.stringify(answer)
        entry = {
          auth: {
            sessionId: row.sessionId,
            impersonator,
            termsPending,
            userData: answer.userData,
            rules: answer.userAbilityRules,
            ability,
            answerJson,
            rev: createHash('sha256').update(answerJson).digest('base64url').slice(0, 16),
          },
          expiresAt: row.expiresAt,
          lastSeenAt: row.lastSeenAt,
          loadedAt: at,
        }
        if (generation === invalidations) remember(tokenHash, entry)
      }
      if (entry.expiresAt <= at) {
        cache.delete(tokenHash)
        await repo.deleteSession(entry.auth.sessionId)
        opts.onSessionsEnded?.({ sessionIds: [entry.auth.sessionId] })
        return null
      }
      let renewedUntil: number | null = null
      if (at - entry.lastSeenAt >= RENEW_AFTER_MS) {
        renewedUntil = at + opts.sessionTtlMs
        entry.lastSeenAt = at
        entry.expiresAt = renewedUntil
        await repo.renewSession(entry.auth.sessionId, at, renewedUntil)
      }
      return { auth: entry.auth, renewedUntil }
    },

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

    /** Back to the admin's own account; logged on the user they acted as. Answers the admin's session. */
    async stopImpersonation(auth: AuthContext): Promise<SessionAnswer> {
      const admin = auth.impersonator
      if (!admin) throw new ApiError(409, 'conflict')
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

    async logout(sessionId: string) {
      dropSession(sessionId)
      await repo.deleteSession(sessionId)
      opts.onSessionsEnded?.({ sessionIds: [sessionId] })
    },

    /** Every other session of the user ended (a new password, "sign out other devices"), with what they authorised. */
    otherSessionsEnded(userId: string, keptSessionId: string) {
      opts.onSessionsEnded?.({ userIds: [userId], exceptSessionIds: [keptSessionId] })
    },

    /**
     * Ends every session of these users in the caller's transaction (a deactivation): their next request is a
     * 401. This instance forgets them once the transaction commits; others within SESSION_CACHE_MS.
     */
    async endSessionsOf(tx: Db, userIds: string[]) {
      await repo.deleteSessionsOf(tx, userIds)
      database.afterCommit(() => {
        invalidations++
        const ids = new Set(userIds)
        for (const [key, entry] of cache) if (ids.has(entry.auth.userData.id)) cache.delete(key)
        opts.onSessionsEnded?.({ userIds })
      })
    },

    /** Drops every cached session, so changed roles or permissions apply on the next request. */
    forgetCachedSessions() {
      invalidations++
      cache.clear()
    },

    /** Drops one person's cached sessions (their answer to the terms of use changed what they may do). */
    forgetSessionsOf(userId: string) {
      invalidations++
      for (const [key, entry] of cache) if (entry.auth.userData.id === userId) cache.delete(key)
    },
  }
}

export type AuthService = ReturnType<typeof authService>
