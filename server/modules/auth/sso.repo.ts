import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { IdentityProviderItem } from '../../../shared/schemas/sso'
import type { Database, Db } from '../../db/client'
import { ssoAccessRepo } from './sso.repo-access'

/** A provider as stored: the administrator's item with its sealed secret in place of whether there is one. */
export type IdentityProviderRow = Omit<IdentityProviderItem, 'hasSecret' | 'linkedCount' | 'subjectClaim' | 'groupsClaim' | 'roleMappings'> & {
  clientSecret: string | null
  subjectClaim: string
  groupsClaim: string | null
}
export type { RoleMappingRow } from './sso.repo-access'

/** The identity providers and the people's links to them (docs/decisions/093). */
export function ssoRepo(database: Database) {
  const { db, t } = database
  const columns = {
    id: t.identityProviders.id,
    key: t.identityProviders.key,
    label: t.identityProviders.label,
    issuer: t.identityProviders.issuer,
    clientId: t.identityProviders.clientId,
    clientSecret: t.identityProviders.clientSecret,
    scopes: t.identityProviders.scopes,
    acrValues: t.identityProviders.acrValues,
    subjectClaim: t.identityProviders.subjectClaim,
    matchByEmail: t.identityProviders.matchByEmail,
    trustEmails: t.identityProviders.trustEmails,
    allowedDomains: t.identityProviders.allowedDomains,
    jitRoleId: t.identityProviders.jitRoleId,
    identityNumberClaim: t.identityProviders.identityNumberClaim,
    groupsClaim: t.identityProviders.groupsClaim,
    requiredForRoleIds: t.identityProviders.requiredForRoleIds,
    fromEnv: t.identityProviders.fromEnv,
    active: t.identityProviders.active,
    version: t.identityProviders.version,
  }
  return {
    async list(): Promise<Array<IdentityProviderRow & { linkedCount: number }>> {
      const linked = db
        .select({ providerId: t.userIdentities.providerId, n: count().as('n') })
        .from(t.userIdentities)
        .groupBy(t.userIdentities.providerId)
        .as('linked')
      const rows = await db
        .select({ ...columns, linkedCount: linked.n })
        .from(t.identityProviders)
        .leftJoin(linked, eq(linked.providerId, t.identityProviders.id))
        .orderBy(asc(t.identityProviders.label))
      return rows.map((r) => ({ ...r, linkedCount: Number(r.linkedCount ?? 0) }))
    },
    async byKey(key: string, tx: Db = db): Promise<IdentityProviderRow | undefined> {
      const [row] = await tx.select(columns).from(t.identityProviders).where(eq(t.identityProviders.key, key)).limit(1)
      return row
    },
    async byId(tx: Db, id: string): Promise<IdentityProviderRow | undefined> {
      const [row] = await tx.select(columns).from(t.identityProviders).where(eq(t.identityProviders.id, id)).limit(1)
      return row
    },
    async keyTaken(tx: Db, key: string, exceptId?: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.identityProviders.id }).from(t.identityProviders).where(eq(t.identityProviders.key, key)).limit(1)
      return !!row && row.id !== exceptId
    },
    async insert(tx: Db, row: Omit<IdentityProviderRow, 'version'> & { createdAt: number; updatedAt: number }) {
      await tx.insert(t.identityProviders).values(row)
    },
    /** The change on the version read; false when someone changed it first. */
    async update(tx: Db, id: string, version: number, values: Partial<Omit<IdentityProviderRow, 'id' | 'version'>> & { updatedAt: number }) {
      const changed = await tx
        .update(t.identityProviders)
        .set({ ...values, version: version + 1 })
        .where(and(eq(t.identityProviders.id, id), eq(t.identityProviders.version, version)))
        .returning({ id: t.identityProviders.id })
      return changed.length === 1
    },
    async remove(tx: Db, id: string) {
      await tx.delete(t.identityProviders).where(eq(t.identityProviders.id, id))
    },
    async active(): Promise<Array<{ key: string; label: string }>> {
      return db
        .select({ key: t.identityProviders.key, label: t.identityProviders.label })
        .from(t.identityProviders)
        .where(eq(t.identityProviders.active, true))
        .orderBy(asc(t.identityProviders.label))
    },
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
      return db
        .select({
          id: t.userIdentities.id,
          providerLabel: t.identityProviders.label,
          email: t.userIdentities.email,
          createdAt: t.userIdentities.createdAt,
          lastUsedAt: t.userIdentities.lastUsedAt,
        })
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
    /** Who may sign in as whom beyond the link: role mappings, identity numbers, roles that need a provider. */
    access: ssoAccessRepo(database),
    async roleExists(tx: Db, roleId: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.id, roleId)).limit(1)
      return !!row
    },
  }
}
export type SsoRepo = ReturnType<typeof ssoRepo>
