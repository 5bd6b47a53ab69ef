import { hash, randomBytes, randomUUID } from 'node:crypto'
import { RateLimiterRes } from 'rate-limiter-flexible'
import { buildAbility, toRawRules } from '../../../shared/permissions/ability'
import { impersonationRefusal } from '../../../shared/permissions/grant'
import { CAN_VIEW_TEAM_RULES } from '../../../shared/permissions/roles'
import type { SessionAnswer, UserData } from '../../../shared/schemas/auth'
import type { EnvIdentityProvider } from '../../../shared/schemas/sso'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { Database, Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError } from '../../lib/errors'
import { keyedQueue } from '../../lib/keyed-queue'
import { hashPassword, verifyPassword } from '../../lib/password'
import { authRepo, type UserProfileRow } from './auth.repo'
import { mfaService } from './mfa.service'
import type { SecretBox } from '../../platform/secret-box'
import type { EventBus } from '../../platform/events'
import type { EndedSessions } from '../../platform/realtime'
import { dbRateLimiter, tooManyRequests } from '../../platform/rate-limits'

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
export const RENEW_AFTER_MS = 60 * 60_000

/**
 * How long a loaded session (user data and ability) is reused before it is read again. Logout and
 * permission changes on this instance drop it at once; other instances see them within this time
 * (docs/decisions/005-session-cache.md).
 */
export const SESSION_CACHE_MS = 5_000

export const SESSION_CACHE_MAX = 10_000

export type CachedSession = { auth: AuthContext; expiresAt: number; lastSeenAt: number; loadedAt: number }

export function hashToken(token: string): string {
  // Node's one-shot digest: every authenticated request hashes its session token.
  return hash('sha256', token, 'hex')
}

export type LoginResult = { token: string; expiresAt: number; answer: SessionAnswer } | { challenge: string }

/** An account made at a person's first sign-in through an identity provider, in the caller's transaction (decision 093). */
export type AccountMaker = (
  tx: Db,
  input: { email: string; firstName: string; lastName: string; roleId: string; language: 'sv' | 'en' | 'fi' | null; passwordHash: string },
  at: number,
) => Promise<{ userId: string }>

/** An account's role as the provider's groups give it, in the caller's transaction (the users area's; decision 093). */
export type AccountRoleSetter = (tx: Db, userId: string, roleId: string, at: number) => Promise<void>

/** How sign-in is set up: sessions' lifetime, the password hash's cost, and what other areas answer. */
export type AuthOptions = {
  sessionTtlMs: number
  /** how long a sign-in counts as recent for sensitive actions (decision 093; 15 minutes unless set) */
  stepUpMs?: number
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
  /** an account made at a person's first sign-in through an identity provider (the users area's; decision 093) */
  createAccount?: AccountMaker
  /** an account's role as the provider's groups give it (the users area's; decision 093) */
  setAccountRole?: AccountRoleSetter
  /** identity providers the server's environment declares (SSO_PROVIDERS; decision 093) */
  envProviders?: readonly EnvIdentityProvider[]
}

/**
 * What sign-in's parts share: the repository, two-step sign-in, the session cache and its invalidations, a session's
 * answer, the throttles on guessing, and the start of a session.
 */
export function authContext(database: Database, opts: AuthOptions) {
  const repo = authRepo(database)
  const now = opts.now ?? Date.now
  /** how long a sign-in counts as recent for sensitive actions (decision 093) */
  const stepUpMs = opts.stepUpMs ?? 15 * 60_000
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
  const invalidation = { count: 0 }

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
      ...(user.passwordChangeRequired ? { passwordChangeRequired: true } : {}),
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
    const answer: SessionAnswer = {
      ...own.answer,
      userData: { ...own.answer.userData, passwordChangeRequired: undefined, impersonatedBy: { id: admin.id, fullName: fullName(admin) } },
    }
    return { refused: null, target, answer, ability: own.ability }
  }

  function dropSession(sessionId: string) {
    invalidation.count++
    for (const [key, entry] of cache) if (entry.auth.sessionId === sessionId) cache.delete(key)
  }

  const limiter = (name: keyof typeof THROTTLE) => dbRateLimiter(database, `login-${name}`, THROTTLE[name])
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

  const tooMany = (ms: number) => tooManyRequests(ms)

  /** A new session for a signed-in user (after the password, and the code when they use two-step sign-in). */
  async function startSession(
    userId: string,
    meta: { ip: string | null; userAgent: string | null },
    sso?: { providerId: string; sid: string | null },
  ): Promise<LoginResult> {
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
      sso,
    })
    await repo.noteSignIn(user.id, at)
    const { answer } = await sessionAnswer(user)
    const termsPending = (await opts.pendingTerms?.(user.id)) ?? null
    return { token, expiresAt, answer: termsPending ? { ...answer, userData: { ...answer.userData, termsPending } } : answer }
  }

  return {
    database,
    opts,
    repo,
    now,
    stepUpMs,
    mfa,
    dummyHash,
    cache,
    invalidation,
    remember,
    sessionAnswer,
    fullName,
    impersonated,
    dropSession,
    limiter,
    limiters,
    countAttempt,
    perAddress,
    checkPassword,
    tooMany,
    startSession,
  }
}
export type AuthServiceContext = ReturnType<typeof authContext>
