import { createHash } from 'node:crypto'
import type { Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { logActivity } from '../../platform/activity-log'
import { hashToken, SESSION_CACHE_MS, RENEW_AFTER_MS } from './auth.context'
import type { AuthServiceContext } from './auth.context'

/**
 * Sessions: a token made into the request's person and rules (cached briefly, renewed when half used), logging out,
 * and the ends of others' sessions.
 */
export function authSessions(ctx: AuthServiceContext) {
  const { now, cache, invalidation, repo, opts, sessionAnswer, impersonated, fullName, database, remember, dropSession } = ctx
  return {
    /** The signed-in context of a session token, or null. Renews the expiry while the session is used. */
    async authenticate(token: string): Promise<{ auth: AuthContext; renewedUntil: number | null } | null> {
      const tokenHash = hashToken(token)
      const at = now()
      let entry = cache.get(tokenHash)
      if (!entry || at - entry.loadedAt >= SESSION_CACHE_MS) {
        cache.delete(tokenHash)
        const generation = invalidation.count
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
            passwordChangeRequired: !impersonator && !!answer.userData.passwordChangeRequired,
            userData: answer.userData,
            rules: answer.userAbilityRules,
            ability,
            authenticatedAt: row.authenticatedAt ?? row.createdAt,
            stepUpMs: ctx.stepUpMs,
            answerJson,
            rev: createHash('sha256').update(answerJson).digest('base64url').slice(0, 16),
          },
          expiresAt: row.expiresAt,
          lastSeenAt: row.lastSeenAt,
          loadedAt: at,
        }
        if (generation === invalidation.count) remember(tokenHash, entry)
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
    /** The identity provider the session was signed in through, if any (decision 093). */
    providerOf: (sessionId: string) => repo.sessionProvider(sessionId),
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
        invalidation.count++
        const ids = new Set(userIds)
        for (const [key, entry] of cache) if (ids.has(entry.auth.userData.id)) cache.delete(key)
        opts.onSessionsEnded?.({ userIds })
      })
    },
    /** Ends these sessions in the caller's transaction (a device marked lost): their next request is a 401. */
    async endSessions(tx: Db, sessionIds: string[]) {
      if (sessionIds.length === 0) return
      await repo.deleteSessions(tx, sessionIds)
      database.afterCommit(() => {
        invalidation.count++
        const ids = new Set(sessionIds)
        for (const [key, entry] of cache) if (ids.has(entry.auth.sessionId)) cache.delete(key)
        opts.onSessionsEnded?.({ sessionIds })
      })
    },
    /** Drops every cached session, so changed roles or permissions apply on the next request. */
    forgetCachedSessions() {
      invalidation.count++
      cache.clear()
    },
    /** Drops one person's cached sessions (their answer to the terms of use changed what they may do). */
    forgetSessionsOf(userId: string) {
      invalidation.count++
      for (const [key, entry] of cache) if (entry.auth.userData.id === userId) cache.delete(key)
    },
  }
}
