import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'

/** People's identities at the providers (`user_identities`), and the sessions signed in through a provider (decision 093). */
export function ssoLinksRepo({ db, t }: Database) {
  return {
    /** The account a provider's subject is linked to, with whether it may sign in. */
    async linkedUser(providerId: string, subject: string): Promise<{ linkId: string; userId: string; active: boolean } | undefined> {
      const [row] = await db
        .select({ linkId: t.userIdentities.id, userId: t.users.id, active: t.users.active })
        .from(t.userIdentities)
        .innerJoin(t.users, eq(t.users.id, t.userIdentities.userId))
        .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.subject, subject)))
        .limit(1)
      return row
    },
    async userByEmail(tx: Db, email: string): Promise<{ id: string; active: boolean } | undefined> {
      const [row] = await tx.select({ id: t.users.id, active: t.users.active }).from(t.users).where(eq(t.users.email, email)).limit(1)
      return row
    },
    /** Whether the account already has an identity at this provider (one per provider). */
    async hasLink(tx: Db, providerId: string, userId: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: t.userIdentities.id })
        .from(t.userIdentities)
        .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.userId, userId)))
        .limit(1)
      return !!row
    },
    async link(tx: Db, row: { id: string; userId: string; providerId: string; subject: string; email: string | null; createdAt: number }) {
      await tx.insert(t.userIdentities).values({ ...row, lastUsedAt: row.createdAt })
    },
    /** The sessions a provider's back-channel logout names: its session (`sid`), or every one of its person's. */
    async providerSessions(providerId: string, by: { sid?: string; userIds?: string[] }): Promise<string[]> {
      const conditions = [eq(t.sessions.ssoProviderId, providerId)]
      if (by.sid) conditions.push(eq(t.sessions.ssoSid, by.sid))
      if (by.userIds) conditions.push(inArray(t.sessions.userId, by.userIds))
      const rows = await db
        .select({ id: t.sessions.id })
        .from(t.sessions)
        .where(and(...conditions))
      return rows.map((r) => r.id)
    },
    /** A person's own identities at the providers, with the provider's name. */
    async identitiesOf(userId: string) {
      const { id, email, createdAt, lastUsedAt } = t.userIdentities
      return db
        .select({ id, providerLabel: t.identityProviders.label, email, createdAt, lastUsedAt })
        .from(t.userIdentities)
        .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.userIdentities.providerId))
        .where(eq(t.userIdentities.userId, userId))
        .orderBy(asc(t.identityProviders.label))
    },
    /** Removes one of the person's own links; the provider's key when there was one. */
    async unlink(tx: Db, userId: string, id: string): Promise<string | undefined> {
      const [row] = await tx
        .select({ key: t.identityProviders.key })
        .from(t.userIdentities)
        .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.userIdentities.providerId))
        .where(and(eq(t.userIdentities.id, id), eq(t.userIdentities.userId, userId)))
        .limit(1)
      if (!row) return undefined
      await tx.delete(t.userIdentities).where(eq(t.userIdentities.id, id))
      return row.key
    },
    async usersOfSubject(providerId: string, subject: string): Promise<string[]> {
      const rows = await db
        .select({ userId: t.userIdentities.userId })
        .from(t.userIdentities)
        .where(and(eq(t.userIdentities.providerId, providerId), eq(t.userIdentities.subject, subject)))
      return rows.map((r) => r.userId)
    },
    async noteUsed(linkId: string, at: number) {
      await db.update(t.userIdentities).set({ lastUsedAt: at }).where(eq(t.userIdentities.id, linkId))
    },
  }
}
