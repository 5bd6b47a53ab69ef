import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import type { Database, Db } from '../../db/client'
import type { SecretBox } from '../../platform/secret-box'
import { dbRateLimiter } from '../../platform/rate-limits'

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
export const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'
export function recoveryCode(): string {
  const bytes = randomBytes(10)
  const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')
  return `${chars.slice(0, 5)}-${chars.slice(5)}`
}
/** What a typed recovery code is compared as: lower case, without spaces and dashes. */
export const normalise = (code: string) => code.toLowerCase().replace(/[\s-]/g, '')
export const hashCode = (code: string) => createHash('sha256').update(normalise(code)).digest('hex')
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

export const totpOf = (secret: string, label: string) =>
  new OTPAuth.TOTP({
    issuer: TOTP.issuer,
    label,
    algorithm: TOTP.algorithm,
    digits: TOTP.digits,
    period: TOTP.period,
    secret: OTPAuth.Secret.fromBase32(secret),
  })

/** What two-step sign-in's parts share: the tables, the secret box, the failures' limiter, a person's row, new recovery codes and checking a code. */
export function mfaContext(
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
  const failures = dbRateLimiter(database, 'mfa-failures', { points: FAILED_CODES.points, durationS: FAILED_CODES.durationS, blockS: FAILED_CODES.lockS })

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

  return { database, opts, db, t, now, plain, failures, row, newRecoveryCodes, acceptTotp }
}
export type MfaContext = ReturnType<typeof mfaContext>
