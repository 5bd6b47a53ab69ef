import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { EnvIdentityProvider } from '../../../shared/schemas/sso'
import type { Db } from '../../db/client'
import { log } from '../../lib/log'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { AuthServiceContext } from './auth.context'
import type { IdentityProviderRow, SsoRepo } from './sso.repo'

/**
 * The providers the server's environment declares (SSO_PROVIDERS; decision 093), made to match it before any sign-in
 * reads them: each stored by its key (added, or changed where it differs, its secret sealed), its role mappings as
 * declared (from the environment, so no administrator is their author); one the environment no longer declares is
 * turned off and given back to the screen. A provider naming a role that does not exist is left out, and said in
 * the server's log. Every change is logged as the server's own (no actor). Once per start; a failure tries again.
 */
export function ssoEnvironment(ctx: AuthServiceContext, repo: SsoRepo, declared: readonly EnvIdentityProvider[]) {
  const { database, now } = ctx
  let synced: Promise<void> | null = null
  /** after a failed attempt, when the next may be made (sign-ins go on meanwhile with the providers as stored) */
  let retryAt = 0

  /** A stored secret, or null when it cannot be opened (sealed under another key): the environment's replaces it. */
  function openedOrNull(sealed: string): string | null {
    try {
      return ctx.opts.secrets.open(sealed)
    } catch {
      return null
    }
  }

  async function roleIds(tx: Db): Promise<Map<string, string>> {
    const rows = await tx.select({ id: database.t.roles.id, key: database.t.roles.key }).from(database.t.roles)
    return new Map(rows.map((r) => [r.key, r.id]))
  }

  /** One declared provider as a stored row's settings, or the role keys it names that do not exist. */
  function settingsOf(p: EnvIdentityProvider, roles: Map<string, string>) {
    const { jitRole, requiredFor, roleMappings, clientSecret, ...rest } = p
    const unknown = [jitRole, ...requiredFor, ...roleMappings.map((m) => m.role)].filter((k): k is string => !!k && !roles.has(k))
    if (unknown.length > 0) return { unknown }
    return {
      values: {
        ...rest,
        jitRoleId: jitRole ? roles.get(jitRole)! : null,
        requiredForRoleIds: requiredFor.map((k) => roles.get(k)!),
        fromEnv: true,
      },
      secret: clientSecret ?? '',
      mappings: roleMappings.map((m, position) => ({ claimValue: m.claimValue, roleId: roles.get(m.role)!, position, mappedBy: null })),
    }
  }

  async function applyOne(tx: Db, p: EnvIdentityProvider, roles: Map<string, string>, at: number) {
    const settings = settingsOf(p, roles)
    if ('unknown' in settings) {
      log.error({ provider: p.key, roles: settings.unknown }, '[sso] SSO_PROVIDERS names roles that do not exist: the provider is left out')
      return
    }
    const before = await repo.byKey(p.key, tx)
    const secretChanged = !before?.clientSecret ? !!settings.secret : openedOrNull(before.clientSecret) !== settings.secret
    const clientSecret = secretChanged ? (settings.secret ? ctx.opts.secrets.seal(settings.secret) : null) : (before?.clientSecret ?? null)
    const oldMappings = before ? await repo.access.mappingsOf(tx, before.id) : []
    const mappingsChanged =
      JSON.stringify(oldMappings.map((m) => [m.claimValue, m.roleId])) !== JSON.stringify(settings.mappings.map((m) => [m.claimValue, m.roleId]))
    const diff = before ? changedFields(comparable(before), comparable(settings.values)) : null
    if (before && !secretChanged && !mappingsChanged && Object.keys(diff!.after).length === 0) return
    const id = before?.id ?? randomUUID()
    if (before) {
      await repo.update(tx, id, before.version, { ...settings.values, clientSecret, updatedAt: at })
    } else {
      await repo.insert(tx, { id, ...settings.values, clientSecret, createdAt: at, updatedAt: at })
    }
    await repo.access.replaceMappings(
      tx,
      id,
      settings.mappings.map((m) => ({ ...m, id: randomUUID(), createdAt: at })),
    )
    await logActivity(tx, database.t, {
      at,
      actorId: null,
      entity: 'identity_provider',
      entityId: id,
      action: before ? 'updated' : 'created',
      ...(before ? diff : { after: comparable(settings.values) }),
      reason: before ? `SSO_PROVIDERS${secretChanged ? ' (secret replaced)' : ''}${mappingsChanged ? ' (role mappings)' : ''}` : 'SSO_PROVIDERS',
    })
  }

  async function sync() {
    const at = now()
    await database.transaction(async (tx) => {
      const roles = await roleIds(tx)
      for (const p of declared) await applyOne(tx, p, roles, at)
      // No longer declared: off, and the screen's again.
      const keys = new Set(declared.map((p) => p.key))
      const released = await tx
        .select({
          id: database.t.identityProviders.id,
          key: database.t.identityProviders.key,
          version: database.t.identityProviders.version,
          active: database.t.identityProviders.active,
        })
        .from(database.t.identityProviders)
        .where(eq(database.t.identityProviders.fromEnv, true))
      for (const r of released.filter((row) => !keys.has(row.key))) {
        await repo.update(tx, r.id, r.version, { fromEnv: false, active: false, updatedAt: at })
        await logActivity(tx, database.t, {
          at,
          actorId: null,
          entity: 'identity_provider',
          entityId: r.id,
          action: 'updated',
          before: { fromEnv: true, active: r.active },
          after: { fromEnv: false, active: false },
          reason: 'SSO_PROVIDERS no longer declares it',
        })
      }
    })
  }

  return {
    /**
     * Resolves once the stored providers match the environment (the first call does the work). A failure is said in
     * the server's log and does not stop anyone signing in: the providers stay as stored, and it is tried again a
     * minute later.
     */
    ready(): Promise<void> {
      if (!synced && now() < retryAt) return Promise.resolve()
      synced ??= sync().catch((err: unknown) => {
        log.error({ err }, '[sso] SSO_PROVIDERS could not be applied: the stored providers stay as they were')
        synced = null
        retryAt = now() + RETRY_MS
      })
      return synced
    },
  }
}

/** How long after a failed attempt to make the providers match the environment the next is made. */
const RETRY_MS = 60_000

/** A provider's settings as the log compares them: no secret. */
function comparable(p: Partial<IdentityProviderRow>): Record<string, unknown> {
  const { clientSecret: _secret, id: _id, version: _version, ...rest } = p as IdentityProviderRow
  return rest
}
