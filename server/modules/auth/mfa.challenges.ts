import { randomBytes, randomUUID } from 'node:crypto'
import { RateLimiterRes } from 'rate-limiter-flexible'
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { logActivity } from '../../platform/activity-log'
import { CHALLENGE, FAILED_CODES, hashCode, hashToken, type MfaContext } from './mfa.context'

/** Two-step sign-in at the door: the challenge after the password, its answer, and clearing expired ones. */
export function mfaChallenges(ctx: MfaContext) {
  const { database, opts, db, t, now, plain, failures, row, acceptTotp } = ctx
  return {
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
