import { and, asc, count, eq } from 'drizzle-orm'
import type { IdentityProviderItem } from '../../../shared/schemas/sso'
import type { Database, Db } from '../../db/client'
import { ssoAccessRepo } from './sso.repo-access'
import { ssoLinksRepo } from './sso.repo-links'

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
    /** The people's links to the providers, and the sessions signed in through them. */
    links: ssoLinksRepo(database),
    /** Who may sign in as whom beyond the link: role mappings, identity numbers, roles that need a provider. */
    access: ssoAccessRepo(database),
    async roleExists(tx: Db, roleId: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.id, roleId)).limit(1)
      return !!row
    },
  }
}
export type SsoRepo = ReturnType<typeof ssoRepo>
