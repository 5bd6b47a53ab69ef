import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { buildAbility, toRawRules } from '../../../shared/permissions/ability'
import type { SessionAnswer, UserData } from '../../../shared/schemas/auth'
import type { Database, Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError } from '../../lib/errors'
import { keyedQueue } from '../../lib/keyed-queue'
import { hashPassword, verifyPassword } from '../../lib/password'
import { authRepo, type UserProfileRow } from './auth.repo'

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

export type LoginResult = { token: string; expiresAt: number; answer: SessionAnswer }

export function authService(database: Database, opts: { sessionTtlMs: number; scryptLogN: number; now?: () => number }) {
  const repo = authRepo(database)
  const now = opts.now ?? Date.now
  // Unknown e-mails are checked against this hash, so both failures take the same time.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'), opts.scryptLogN)
  const cache = new Map<string, CachedSession>()

  function remember(tokenHash: string, entry: CachedSession) {
    if (cache.size >= SESSION_CACHE_MAX) cache.delete(cache.keys().next().value as string)
    cache.set(tokenHash, entry)
  }

  async function sessionAnswer(user: UserProfileRow): Promise<{ answer: SessionAnswer; ability: AuthContext['ability'] }> {
    const [coached, stored] = await Promise.all([repo.coachedTeamIds(user.id), repo.rules(user.roleId, user.id)])
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
    }
    const rules = toRawRules(stored, { user: { id: user.id, teamIds, officeId: user.officeId, regionId: user.regionId } })
    return { answer: { userData, userAbilityRules: rules }, ability: buildAbility(rules) }
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

  return {
    sessionAnswer,

    /** The user data and rules of a user as they are stored now. */
    async sessionAnswerFor(userId: string) {
      const user = await repo.profile(userId)
      if (!user) return null
      return (await sessionAnswer(user)).answer
    },

    async login(input: { email: string; password: string }, meta: { ip: string | null; userAgent: string | null }): Promise<LoginResult> {
      const attempt = await countAttempt(input.email, meta.ip)
      const creds = await repo.findCredentials(input.email)
      const ok = await checkPassword(meta.ip, input.password, creds?.passwordHash ?? (await dummyHash))
      if (!creds || !ok || !creds.active) throw new ApiError(401, 'invalid_credentials')
      await attempt.succeeded()
      const user = await repo.profile(creds.id)
      if (!user) throw new ApiError(401, 'invalid_credentials')
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
      return { token, expiresAt, answer }
    },

    /** The signed-in context of a session token, or null. Renews the expiry while the session is used. */
    async authenticate(token: string): Promise<{ auth: AuthContext; renewedUntil: number | null } | null> {
      const tokenHash = hashToken(token)
      const at = now()
      let entry = cache.get(tokenHash)
      if (!entry || at - entry.loadedAt >= SESSION_CACHE_MS) {
        cache.delete(tokenHash)
        const row = await repo.sessionWithProfile(tokenHash)
        if (!row) return null
        if (row.expiresAt <= at || !row.active) {
          await repo.deleteSession(row.sessionId)
          return null
        }
        const { answer, ability } = await sessionAnswer(row)
        const answerJson = JSON.stringify(answer)
        entry = {
          auth: {
            sessionId: row.sessionId,
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
        remember(tokenHash, entry)
      }
      if (entry.expiresAt <= at) {
        cache.delete(tokenHash)
        await repo.deleteSession(entry.auth.sessionId)
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

    async logout(sessionId: string) {
      for (const [key, entry] of cache) if (entry.auth.sessionId === sessionId) cache.delete(key)
      await repo.deleteSession(sessionId)
    },

    /**
     * Ends every session of these users in the caller's transaction (a deactivation): their next request is a
     * 401. This instance forgets them once the transaction commits; others within SESSION_CACHE_MS.
     */
    async endSessionsOf(tx: Db, userIds: string[]) {
      await repo.deleteSessionsOf(tx, userIds)
      database.afterCommit(() => {
        const ids = new Set(userIds)
        for (const [key, entry] of cache) if (ids.has(entry.auth.userData.id)) cache.delete(key)
      })
    },

    /** Drops every cached session, so changed roles or permissions apply on the next request. */
    forgetCachedSessions() {
      cache.clear()
    },
  }
}

export type AuthService = ReturnType<typeof authService>
