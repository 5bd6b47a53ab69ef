import { and, asc, eq } from 'drizzle-orm'
import type { Database, Db } from '../../db/client'

/** A role mapping as stored: its value, its role, its place in the order, and who made it. */
export type RoleMappingRow = { claimValue: string; roleId: string; position: number; mappedBy: string | null }

/**
 * Who may sign in as whom beyond a provider's link (docs/decisions/093): the provider's groups that give roles, the
 * accounts with a personal identity number, the roles that must sign in through a provider, and a person's providers.
 */
export function ssoAccessRepo({ db, t }: Database) {
  const mapping = {
    claimValue: t.identityProviderRoles.claimValue,
    roleId: t.identityProviderRoles.roleId,
    position: t.identityProviderRoles.position,
    mappedBy: t.identityProviderRoles.mappedBy,
  }
  return {
    /** A provider's role mappings in order (the first the person holds gives the role). */
    async mappingsOf(tx: Db, providerId: string): Promise<RoleMappingRow[]> {
      return tx
        .select(mapping)
        .from(t.identityProviderRoles)
        .where(eq(t.identityProviderRoles.providerId, providerId))
        .orderBy(asc(t.identityProviderRoles.position))
    },
    /** Every provider's role mappings, by provider (the administrator's list). */
    async allMappings(): Promise<Map<string, RoleMappingRow[]>> {
      const rows = await db
        .select({ providerId: t.identityProviderRoles.providerId, ...mapping })
        .from(t.identityProviderRoles)
        .orderBy(asc(t.identityProviderRoles.position))
      const byProvider = new Map<string, RoleMappingRow[]>()
      for (const { providerId, ...row } of rows) byProvider.set(providerId, [...(byProvider.get(providerId) ?? []), row])
      return byProvider
    },
    async replaceMappings(tx: Db, providerId: string, rows: Array<RoleMappingRow & { id: string; createdAt: number }>) {
      await tx.delete(t.identityProviderRoles).where(eq(t.identityProviderRoles.providerId, providerId))
      if (rows.length > 0) await tx.insert(t.identityProviderRoles).values(rows.map((r) => ({ ...r, providerId })))
    },
    /** The accounts with this personal identity number (12 digits): more than one is no match. */
    async usersByIdentityNumber(tx: Db, personalNumber: string): Promise<Array<{ id: string; active: boolean }>> {
      return tx.select({ id: t.users.id, active: t.users.active }).from(t.users).where(eq(t.users.personalNumber, personalNumber)).limit(2)
    },
    /** An account's role and whether it may sign in. */
    async userRole(tx: Db, userId: string): Promise<{ roleId: string; active: boolean } | undefined> {
      const [row] = await tx.select({ roleId: t.users.roleId, active: t.users.active }).from(t.users).where(eq(t.users.id, userId)).limit(1)
      return row
    },
    /** The active providers this account's role must sign in through (few providers: read whole, filtered here). */
    async requiredFor(tx: Db, userId: string): Promise<Array<{ id: string; key: string; label: string }>> {
      const [account] = await tx.select({ roleId: t.users.roleId }).from(t.users).where(eq(t.users.id, userId)).limit(1)
      if (!account) return []
      const { id, key, label, requiredForRoleIds } = t.identityProviders
      const rows = await tx
        .select({ id, key, label, requiredForRoleIds })
        .from(t.identityProviders)
        .where(eq(t.identityProviders.active, true))
        .orderBy(asc(t.identityProviders.label))
      return rows.filter((r) => r.requiredForRoleIds.includes(account.roleId)).map((r) => ({ id: r.id, key: r.key, label: r.label }))
    },
    /** The person's active providers they are linked to (how they can confirm it is them). */
    async linkedProviders(userId: string): Promise<Array<{ key: string; label: string }>> {
      return db
        .select({ key: t.identityProviders.key, label: t.identityProviders.label })
        .from(t.userIdentities)
        .innerJoin(t.identityProviders, eq(t.identityProviders.id, t.userIdentities.providerId))
        .where(and(eq(t.userIdentities.userId, userId), eq(t.identityProviders.active, true)))
        .orderBy(asc(t.identityProviders.label))
    },
  }
}
