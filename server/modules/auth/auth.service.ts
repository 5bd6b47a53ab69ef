import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { buildAbility, toRawRules } from '../../../shared/permissions/ability'
import type { SessionAnswer, UserData } from '../../../shared/schemas/auth'
import type { Database } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError } from '../../lib/errors'
import { hashPassword, verifyPassword } from '../../lib/password'
import { authRepo, type UserProfileRow } from './auth.repo'

/** Failed sign-ins: how many are allowed in a window, and how long the lock that follows lasts (doubling). */
export const THROTTLE = {
  account: { max: 5, windowMs: 15 * 60_000, baseLockMs: 60_000, maxLockMs: 15 * 60_000 },
  ip: { max: 30, windowMs: 15 * 60_000, baseLockMs: 5 * 60_000, maxLockMs: 30 * 60_000 },
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

  function throttleKeys(email: string, ip: string | null) {
    return { account: `acct:${email}`, ip: ip ? `ip:${ip}` : null }
  }

  async function lockedFor(keys: string[]): Promise<number> {
    const rows = await repo.throttleRows(keys)
    const until = Math.max(0, ...rows.map((r) => r.lockedUntil))
    return Math.max(0, until - now())
  }

  async function recordFailure(key: string, policy: (typeof THROTTLE)[keyof typeof THROTTLE]): Promise<number> {
    return database.transaction(async (tx) => {
      const { t } = database
      const at = now()
      const [row] = await tx.select().from(t.loginThrottle).where(eq(t.loginThrottle.key, key))
      const inWindow = row && at - row.windowStart < policy.windowMs
      const failures = inWindow ? row.failures + 1 : 1
      const windowStart = inWindow ? row.windowStart : at
      const over = failures - policy.max
      const lockedUntil = over >= 0 ? at + Math.min(policy.maxLockMs, policy.baseLockMs * 2 ** over) : 0
      await tx
        .insert(t.loginThrottle)
        .values({ key, failures, windowStart, lockedUntil })
        .onConflictDoUpdate({ target: t.loginThrottle.key, set: { failures, windowStart, lockedUntil } })
      return lockedUntil > at ? lockedUntil - at : 0
    })
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
      const keys = throttleKeys(input.email, meta.ip)
      const activeKeys = [keys.account, ...(keys.ip ? [keys.ip] : [])]
      const wait = await lockedFor(activeKeys)
      if (wait > 0) throw tooMany(wait)

      const creds = await repo.findCredentials(input.email)
      const ok = await verifyPassword(input.password, creds?.passwordHash ?? (await dummyHash))
      if (!creds || !ok || !creds.active) {
        const locks = await Promise.all([
          recordFailure(keys.account, THROTTLE.account),
          keys.ip ? recordFailure(keys.ip, THROTTLE.ip) : Promise.resolve(0),
        ])
        const lock = Math.max(...locks)
        if (lock > 0) throw tooMany(lock)
        throw new ApiError(401, 'invalid_credentials')
      }

      await repo.clearThrottle(keys.account)
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
        entry = {
          auth: {
            sessionId: row.sessionId,
            userData: answer.userData,
            rules: answer.userAbilityRules,
            ability,
            answerJson: JSON.stringify(answer),
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

    /** Drops every cached session, so changed roles or permissions apply on the next request. */
    forgetCachedSessions() {
      cache.clear()
    },
  }
}

export type AuthService = ReturnType<typeof authService>
