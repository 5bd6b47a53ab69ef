import { and, count, eq, isNull } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import QRCode from 'qrcode'
import type { MfaSetup, MfaStatus } from '../../../shared/schemas/auth'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { totpOf, type MfaContext } from './mfa.context'

/** Two-step sign-in as the person turns it on and off: status, setup, enabling, disabling, new recovery codes, an admin's reset. */
export function mfaSetup(ctx: MfaContext) {
  const { database, opts, db, t, now, plain, row, newRecoveryCodes, acceptTotp } = ctx
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
  }
}
