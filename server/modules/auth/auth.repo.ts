import { and, asc, eq, inArray, lt, or } from 'drizzle-orm'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { Database, Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'

export type UserProfileRow = {
  id: string
  email: string
  firstName: string
  lastName: string
  shortName: string | null
  roleId: string
  roleKey: string
  roleName: string
  teamId: string | null
  officeId: string | null
  regionId: string | null
  language: 'sv' | 'en' | 'fi' | null
  active: boolean
  canViewTeam: boolean
  passwordChangeRequired: boolean
}

export function authRepo({ db, t }: Database) {
  const teamOffice = userOfficeId(t)

  const profileColumns = {
    id: t.users.id,
    email: t.users.email,
    firstName: t.users.firstName,
    lastName: t.users.lastName,
    shortName: t.users.shortName,
    roleId: t.users.roleId,
    roleKey: t.roles.key,
    roleName: t.roles.name,
    teamId: t.users.teamId,
    officeId: t.offices.id,
    regionId: t.offices.regionId,
    language: t.users.language,
    active: t.users.active,
    canViewTeam: t.users.canViewTeam,
    passwordChangeRequired: t.users.passwordChangeRequired,
  }

  const profileQuery = () =>
    db
      .select(profileColumns)
      .from(t.users)
      .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
      .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
      .leftJoin(t.offices, eq(t.offices.id, teamOffice))

  return {
    async findCredentials(email: string) {
      const [row] = await db
        .select({ id: t.users.id, passwordHash: t.users.passwordHash, active: t.users.active })
        .from(t.users)
        .where(eq(t.users.email, email))
        .limit(1)
      return row
    },

    async passwordHash(userId: string): Promise<string | null> {
      const [row] = await db.select({ hash: t.users.passwordHash }).from(t.users).where(eq(t.users.id, userId)).limit(1)
      return row?.hash ?? null
    },

    async profile(userId: string): Promise<UserProfileRow | undefined> {
      const [row] = await profileQuery().where(eq(t.users.id, userId)).limit(1)
      return row
    },

    async sessionWithProfile(tokenHash: string) {
      const [row] = await db
        .select({
          sessionId: t.sessions.id,
          expiresAt: t.sessions.expiresAt,
          lastSeenAt: t.sessions.lastSeenAt,
          impersonatingId: t.sessions.impersonatingId,
          createdAt: t.sessions.createdAt,
          authenticatedAt: t.sessions.authenticatedAt,
          ...profileColumns,
        })
        .from(t.sessions)
        .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .leftJoin(t.offices, eq(t.offices.id, teamOffice))
        .where(eq(t.sessions.tokenHash, tokenHash))
        .limit(1)
      return row
    },

    /** The role's rules first, then the user's own, each in their stored order. */
    async rules(roleId: string, userId: string): Promise<StoredRule[]> {
      const { action, subject, fields, conditions, inverted, reason, userId: byUser } = t.permissionRules
      const rows = await db
        .select({ action, subject, fields, conditions, inverted, reason, byUser })
        .from(t.permissionRules)
        .where(or(eq(t.permissionRules.roleId, roleId), eq(t.permissionRules.userId, userId)))
        .orderBy(asc(t.permissionRules.position), asc(t.permissionRules.id))
      // CASL gives later rules priority: role rules first, direct (user) rules after them.
      return [...rows.filter((r) => r.byUser === null), ...rows.filter((r) => r.byUser !== null)].map(({ byUser: _byUser, ...rule }) => rule)
    },

    async coachedTeamIds(userId: string): Promise<string[]> {
      const rows = await db.select({ teamId: t.teamCoaches.teamId }).from(t.teamCoaches).where(eq(t.teamCoaches.userId, userId))
      return rows.map((r) => r.teamId)
    },

    async createSession(s: NewSession) {
      await db.insert(t.sessions).values({
        id: s.id,
        tokenHash: s.tokenHash,
        userId: s.userId,
        createdAt: s.now,
        expiresAt: s.expiresAt,
        lastSeenAt: s.now,
        ssoProviderId: s.sso?.providerId ?? null,
        ssoSid: s.sso?.sid ?? null,
        userAgent: s.userAgent,
        ip: s.ip,
      })
    },

    /**
     * Starts (a user's id) or ends (null) the session's impersonation, in the caller's transaction. Ending names whom
     * it acted as: answers whether this call ended it (two requests at once end it once, and log it once).
     */
    async setImpersonation(tx: Db, sessionId: string, userId: string | null, at: number, endingFor?: string): Promise<boolean> {
      const rows = await tx
        .update(t.sessions)
        .set({ impersonatingId: userId, impersonationStartedAt: userId ? at : null })
        .where(endingFor ? and(eq(t.sessions.id, sessionId), eq(t.sessions.impersonatingId, endingFor)) : eq(t.sessions.id, sessionId))
        .returning({ id: t.sessions.id })
      return rows.length > 0
    },

    async renewSession(sessionId: string, now: number, expiresAt: number) {
      await db.update(t.sessions).set({ lastSeenAt: now, expiresAt }).where(eq(t.sessions.id, sessionId))
    },
    async deleteSession(sessionId: string) {
      await db.delete(t.sessions).where(eq(t.sessions.id, sessionId))
    },
    /** These sessions, in the caller's transaction (a device marked lost ends its own). */
    async deleteSessions(tx: Db, sessionIds: string[]) {
      if (sessionIds.length > 0) await tx.delete(t.sessions).where(inArray(t.sessions.id, sessionIds))
    },
    /** Every session of these users, in the caller's transaction (deactivation ends them). */
    async deleteSessionsOf(tx: Db, userIds: string[]) {
      if (userIds.length > 0) await tx.delete(t.sessions).where(inArray(t.sessions.userId, userIds))
    },

    /** The person proved who they are again in this session (decision 093). */
    async noteAuthenticated(sessionId: string, at: number) {
      await db.update(t.sessions).set({ authenticatedAt: at }).where(eq(t.sessions.id, sessionId))
    },

    /** The identity provider a session was signed in through, if any (decision 093). */
    async sessionProvider(sessionId: string): Promise<string | null> {
      const [row] = await db.select({ providerId: t.sessions.ssoProviderId }).from(t.sessions).where(eq(t.sessions.id, sessionId)).limit(1)
      return row?.providerId ?? null
    },

    async noteSignIn(userId: string, at: number) {
      await db.update(t.users).set({ lastSignInAt: at }).where(eq(t.users.id, userId))
    },
  }
}

export type AuthRepo = ReturnType<typeof authRepo>

/** A session begun: its token's hash, whose it is, when it ends, where from, and the provider it came through. */
export type NewSession = {
  id: string
  tokenHash: string
  userId: string
  now: number
  expiresAt: number
  userAgent: string | null
  ip: string | null
  sso?: { providerId: string; sid: string | null }
}

/** Sign-in's housekeeping (server/housekeeping.ts): what has expired, removed. */
export function authHousekeeping({ db, t }: Database) {
  return {
    async deleteExpiredSessions(now: number) {
      await db.delete(t.sessions).where(lt(t.sessions.expiresAt, now))
      // sign-ins that never got their second step (docs/decisions/038)
      await db.delete(t.loginChallenges).where(lt(t.loginChallenges.expiresAt, now))
    },

    /** Sign-in counters whose window and block ended more than an hour ago (unknown e-mails included). */
    async deleteExpiredRateLimits(now: number) {
      await db.delete(t.rateLimits).where(lt(t.rateLimits.expire, new Date(now - 60 * 60_000)))
    },
  }
}
