import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import type { MfaSetup, MfaStatus } from '../../../shared/schemas/auth'
import type { Database, Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { SecretBox } from '../../platform/secret-box'

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238, through otpauth; docs/decisions/038): a user sets it
 * up in their profile with a QR code and confirms it with a code, and gets one-time recovery codes. Signing in
 * then takes the password and a code. A code counts once (the last accepted time step is kept), a recovery code
 * once (its hash is marked used). An admin can reset a user's methods.
 */
export const TOTP = { issuer: 'Säljkraft', digits: 6, period: 30, algorithm: 'SHA1', window: 1 } as const
export const RECOVERY_CODE_COUNT = 10
/** How long the second step may take after the password, and how many codes it may try. */
export const CHALLENGE = { ttlMs: 5 * 60_000, attempts: 5 } as const
/**
 * Wrong codes counted per account, across challenges and addresses (a new sign-in does not start the count again):
 * at the tenth within an hour the account's second step is locked for an hour — every code refused, a right one
 * too — and the person is told. At that pace an even chance at a six-digit code takes years, not hours.
 */
export const FAILED_CODES = { points: 10, durationS: 3600, lockS: 3600 } as const

// Recovery codes: two groups of five from an alphabet without look-alikes (0/o, 1/l/i): about 46 bits each.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
function recoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}
/** What a typed recovery code is compared as: lower case, without spaces and dashes. */
const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
const hashCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex')
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: OTPAuth.Secret.fromBase32(secret),
  })

export function mfaService(
  database: Database,
  opts: {
    secrets: SecretBox
    now?: () => number
    /** the account's second step was just locked (the person is told: an event, in the transaction of its log line) */
    onLocked?: (tx: Db, userId: string, at: number) => Promise<void>
  },
) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  // The shared secret is sealed at rest (server/platform/secret-box.ts); one stored before that is read as it is.
  const plain = (stored: string) => (stored.startsWith('v1.') ? opts.secrets.open(stored) : stored)
  const failures = new RateLimiterDrizzle({
    storeClient: db,
    schema: t.rateLimits,
    keyPrefix: 'mfa-failures',
    points: FAILED_CODES.points,
    duration: FAILED_CODES.durationS,
    blockDuration: FAILED_CODES.lockS,
    clearExpiredByTimeout: false,
  })

  async function row(tx: Db, userId: string) {
    const [r] = await tx.select().from(t.mfaTotp).where(eq(t.mfaTotp.userId, userId)).limit(1)
    return r
  }

  /** New recovery codes in place of any before; answers them (the only time they are shown). */
  async function newRecoveryCodes(tx: Db, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode)
    await tx.delete(t.mfaRecoveryCodes).where(eq(t.mfaRecoveryCodes.userId, userId))
    await tx.insert(t.mfaRecoveryCodes).values(codes.map((c) => ({ id: randomUUID(), userId, codeHash: hashCode(c), usedAt: null })))
    return codes
  }

  /**
   * The time step of a right code that was not used before, or null. The step is taken atomically (a code
   * tried twice at once counts once).
   */
  async function acceptTotp(tx: Db, userId: string, secret: string, code: string, lastStep: number | null): Promise<number | null> {
    const token = code.replace(/\s/g, '')
    if (!/^\d{6}$/.test(token)) return null
    const at = now()
    const delta = totpOf(secret, '').validate({ token, timestamp: at, window: TOTP.window })
    if (delta === null) return null
    const step = Math.floor(at / 1000 / TOTP.period) + delta
    if (lastStep !== null && step <= lastStep) return null
    const taken = await tx
      .update(t.mfaTotp)
      .set({ lastStep: step })
      .where(and(eq(t.mfaTotp.userId, userId), or(isNull(t.mfaTotp.lastStep), lt(t.mfaTotp.lastStep, step))))
      .returning({ userId: t.mfaTotp.userId })
    return taken.length > 0 ? step : null
  }

  return {
    async status(userId: string): Promise<MfaStatus> {
      const r = await row(db, userId)
      if (!r?.confirmedAt) return { enabled: false, enabledAt: null, recoveryCodesLeft: 0 }
      const [left] = await db
        .select({ n: count() })
        .from(t.mfaRecoveryCodes)
        .where(and(eq(t.mfaRecoveryCodes.userId, userId), isNull(t.mfaRecoveryCodes.usedAt)))
      return { enabled: true, enabledAt: r.confirmedAt, recoveryCodesLeft: left?.n ?? 0 }
    },

    async isEnabled(userId: string): Promise<boolean> {
      return !!(await row(db, userId))?.confirmedAt
    },

    /** A new secret to set up (replacing one not yet confirmed); refused while one is in use. */
    async setup(userId: string, email: string): Promise<MfaSetup> {
      const secret = new OTPAuth.Secret({ size: 20 }).base32
      const sealed = opts.secrets.seal(secret)
      await database.transaction(async (tx) => {
        const r = await row(tx, userId)
        if (r?.confirmedAt) throw new ApiError(409, 'conflict')
        await tx.delete(t.mfaTotp).where(eq(t.mfaTotp.userId, userId))
        await tx.insert(t.mfaTotp).values({ userId, secret: sealed, createdAt: now(), confirmedAt: null, lastStep: null })
      })
      const uri = totpOf(secret, email).toString()
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      return { secret, uri, qrSvg }
    },

    /** Confirms the set-up secret with a code from the app; answers the recovery codes. */
    async enable(userId: string, code: string, invalid: () => ApiError): Promise<string[]> {
      return database.transaction(async (tx) => {
        const r = await row(tx, userId)
        if (!r) throw new ApiError(409, 'conflict')
        if (r.confirmedAt) throw new ApiError(409, 'conflict')
        if ((await acceptTotp(tx, userId, plain(r.secret), code, r.lastStep)) === null) throw invalid()
        await tx.update(t.mfaTotp).set({ confirmedAt: now() }).where(eq(t.mfaTotp.userId, userId))
        const codes = await newRecoveryCodes(tx, userId)
        await logActivity(tx, t, { at: now(), actorId: userId, entity: 'user', entityId: userId, action: 'mfa_enabled' })
        return codes
      })
    },

    async disable(userId: string) {
      await database.transaction(async (tx) => {
        const r = await row(tx, userId)
        if (!r?.confirmedAt) throw new ApiError(409, 'conflict')
        await tx.delete(t.mfaTotp).where(eq(t.mfaTotp.userId, userId))
        await tx.delete(t.mfaRecoveryCodes).where(eq(t.mfaRecoveryCodes.userId, userId))
        await logActivity(tx, t, { at: now(), actorId: userId, entity: 'user', entityId: userId, action: 'mfa_disabled' })
      })
    },

    async regenerateRecoveryCodes(userId: string): Promise<string[]> {
      return database.transaction(async (tx) => {
        if (!(await row(tx, userId))?.confirmedAt) throw new ApiError(409, 'conflict')
        return newRecoveryCodes(tx, userId)
      })
    },

    /** An admin's reset (the users area logs it): the user signs in with the password alone until they set it up again. */
    async reset(tx: Db, userId: string): Promise<boolean> {
      const removed = await tx.delete(t.mfaTotp).where(eq(t.mfaTotp.userId, userId)).returning({ userId: t.mfaTotp.userId })
      await tx.delete(t.mfaRecoveryCodes).where(eq(t.mfaRecoveryCodes.userId, userId))
      return removed.length > 0
    },

    /** After a right password: the challenge the second step answers (its token goes to the client once). */
    async challenge(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url')
      const at = now()
      await db
        .insert(t.loginChallenges)
        .values({ id: randomUUID(), tokenHash: hashToken(token), userId, createdAt: at, expiresAt: at + CHALLENGE.ttlMs, attempts: 0 })
      return token
    },

    /**
     * The second step: a code from the app, or a recovery code. Each try counts against the challenge (atomically);
     * a right one ends it and answers the user's id. Wrong: null, and after the last try the challenge is gone.
     */
    async answer(token: string, code: string): Promise<{ userId: string } | { expired: true } | { lockedMs: number } | null> {
      const at = now()
      const tokenHash = hashToken(token)
      const [taken] = await db
        .update(t.loginChallenges)
        .set({ attempts: sql`${t.loginChallenges.attempts} + 1` })
        .where(and(eq(t.loginChallenges.tokenHash, tokenHash), gt(t.loginChallenges.expiresAt, at), lt(t.loginChallenges.attempts, CHALLENGE.attempts)))
        .returning({ userId: t.loginChallenges.userId, attempts: t.loginChallenges.attempts })
      if (!taken) {
        await db.delete(t.loginChallenges).where(eq(t.loginChallenges.tokenHash, tokenHash))
        return { expired: true }
      }
      const userId = taken.userId
      // Locked: no code is looked at, so guessing on stops meaning anything.
      const counted = await failures.get(userId)
      if (counted && counted.consumedPoints > FAILED_CODES.points) {
        await db.delete(t.loginChallenges).where(eq(t.loginChallenges.tokenHash, tokenHash))
        return { lockedMs: counted.msBeforeNext }
      }
      const ok = await database.transaction(async (tx) => {
        const r = await row(tx, userId)
        if (!r?.confirmedAt) return false
        if ((await acceptTotp(tx, userId, plain(r.secret), code, r.lastStep)) !== null) return true
        const used = await tx
          .update(t.mfaRecoveryCodes)
          .set({ usedAt: at })
          .where(and(eq(t.mfaRecoveryCodes.userId, userId), eq(t.mfaRecoveryCodes.codeHash, hashCode(code)), isNull(t.mfaRecoveryCodes.usedAt)))
          .returning({ id: t.mfaRecoveryCodes.id })
        if (used.length === 0) return false
        await logActivity(tx, t, { at, actorId: userId, entity: 'user', entityId: userId, action: 'recovery_code_used' })
        return true
      })
      if (ok) {
        await Promise.all([db.delete(t.loginChallenges).where(eq(t.loginChallenges.tokenHash, tokenHash)), failures.delete(userId)])
        return { userId }
      }
      if (taken.attempts >= CHALLENGE.attempts) await db.delete(t.loginChallenges).where(eq(t.loginChallenges.tokenHash, tokenHash))
      try {
        await failures.consume(userId)
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err
        // The code that went over the limit locks the second step; later ones find it locked above.
        if (err.consumedPoints === FAILED_CODES.points + 1) {
          await database.transaction(async (tx) => {
            await logActivity(tx, t, { at, actorId: null, entity: 'user', entityId: userId, action: 'mfa_locked' })
            await opts.onLocked?.(tx, userId, at)
          })
        }
        await db.delete(t.loginChallenges).where(eq(t.loginChallenges.tokenHash, tokenHash))
        return { lockedMs: err.msBeforeNext }
      }
      return null
    },

    async deleteExpiredChallenges(at: number) {
      await db.delete(t.loginChallenges).where(lt(t.loginChallenges.expiresAt, at))
    },
  }
}

export type MfaService = ReturnType<typeof mfaService>
