import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { canGrantRules } from '../../../shared/permissions/grant'
import type { Translate } from '../../../shared/schemas/errors'
import type { IdentityProviderItem, identityProviderInputSchema, identityProviderUpdateSchema, roleMappingsInputSchema } from '../../../shared/schemas/sso'
import type { Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { AuthServiceContext } from './auth.context'
import type { IdentityProviderRow, RoleMappingRow, SsoRepo } from './sso.repo'

/**
 * The administrator's identity providers (docs/decisions/093): listed with how many people are linked, the secret
 * sealed and never shown again, a role for first sign-ins only one the administrator holds whole, every change logged.
 */
export function ssoProviders(ctx: AuthServiceContext, repo: SsoRepo, ready: () => Promise<void>) {
  const { database, now } = ctx
  const secrets = ctx.opts.secrets
  const itemOf = (p: IdentityProviderRow & { linkedCount: number }, mappings: RoleMappingRow[]): IdentityProviderItem => ({
    id: p.id,
    key: p.key,
    label: p.label,
    issuer: p.issuer,
    clientId: p.clientId,
    hasSecret: !!p.clientSecret,
    scopes: p.scopes,
    acrValues: p.acrValues,
    subjectClaim: p.subjectClaim === 'oid' ? 'oid' : 'sub',
    matchByEmail: p.matchByEmail,
    trustEmails: p.trustEmails,
    allowedDomains: p.allowedDomains,
    jitRoleId: p.jitRoleId,
    identityNumberClaim: p.identityNumberClaim,
    groupsClaim: p.groupsClaim === 'groups' || p.groupsClaim === 'roles' ? p.groupsClaim : null,
    requiredForRoleIds: p.requiredForRoleIds,
    roleMappings: mappings.map(({ claimValue, roleId }) => ({ claimValue, roleId })),
    fromEnv: p.fromEnv,
    active: p.active,
    version: p.version,
    linkedCount: p.linkedCount,
  })

  /** A role for people's first sign-in: one that exists, and whose every rule the administrator holds (decision 016). */
  async function mustGrantRole(tx: Db, admin: AuthContext, roleId: string | null, t: Translate) {
    if (!roleId) return
    if (!(await repo.roleExists(tx, roleId))) throw validationError({ jitRoleId: [t('validation.unknownRole')] })
    if (!canGrantRules(admin.ability, await ctx.repo.rules(roleId, '')))
      throw new ApiError(403, 'forbidden', { fieldErrors: { jitRoleId: [t('validation.roleNotGrantable')] } })
  }

  /**
   * Roles whose people must sign in through this provider: roles that exist, and never the administrator's own while
   * their account is not linked to it (they would lock themselves out of the password they are using).
   */
  async function mustRequire(tx: Db, admin: AuthContext, providerId: string | null, roleIds: string[], t: Translate) {
    for (const roleId of roleIds) if (!(await repo.roleExists(tx, roleId))) throw validationError({ requiredForRoleIds: [t('validation.unknownRole')] })
    const own = await repo.access.userRole(tx, admin.userData.id)
    if (!own || !roleIds.includes(own.roleId)) return
    const linked = providerId ? await repo.links.hasLink(tx, providerId, admin.userData.id) : false
    if (!linked) throw new ApiError(409, 'conflict', { fieldErrors: { requiredForRoleIds: [t('validation.requiredLocksYouOut')] } })
  }

  const logged = (p: Partial<IdentityProviderRow>) => {
    const { clientSecret, ...rest } = p
    return clientSecret === undefined ? rest : { ...rest, clientSecret: clientSecret ? '(sealed)' : null }
  }

  /**
   * A provider decides who signs in as whom (a matched e-mail can be any account's, an administrator's too): only one
   * who holds every rule may change one, so no one reaches an account beyond their own rules through it (decision 016).
   */
  const mustGovern = (actor: AuthContext) => {
    if (!actor.ability.can('manage', 'all')) throw new ApiError(403, 'forbidden')
  }

  async function list(): Promise<IdentityProviderItem[]> {
    await ready()
    const [rows, mappings] = await Promise.all([repo.list(), repo.access.allMappings()])
    return rows.map((p) => itemOf(p, mappings.get(p.id) ?? []))
  }

  return {
    list,
    replaceMappings: ssoRoleMappings(ctx, repo, ready, list),
    async create(actor: AuthContext, input: z.output<typeof identityProviderInputSchema>, t: Translate): Promise<{ id: string }> {
      mustGovern(actor)
      await ready()
      return database.transaction(async (tx) => {
        if (await repo.keyTaken(tx, input.key)) throw new ApiError(409, 'conflict', { fieldErrors: { key: [t('validation.ssoKeyTaken')] } })
        await mustGrantRole(tx, actor, input.jitRoleId, t)
        await mustRequire(tx, actor, null, input.requiredForRoleIds, t)
        const at = now()
        const row = {
          id: randomUUID(),
          ...input,
          fromEnv: false,
          clientSecret: input.clientSecret ? secrets.seal(input.clientSecret) : null,
          createdAt: at,
          updatedAt: at,
        }
        await repo.insert(tx, row)
        await logActivity(tx, database.t, {
          at,
          actorId: actor.userData.id,
          entity: 'identity_provider',
          entityId: row.id,
          action: 'created',
          after: logged(row),
        })
        return { id: row.id }
      })
    },
    async update(actor: AuthContext, id: string, input: z.output<typeof identityProviderUpdateSchema>, t: Translate): Promise<IdentityProviderItem> {
      mustGovern(actor)
      await ready()
      await database.transaction(async (tx) => {
        const before = mustBeTheScreens(await repo.byId(tx, id))
        if (before.version !== input.version) throw new ApiError(409, 'version_conflict')
        if (await repo.keyTaken(tx, input.key, id)) throw new ApiError(409, 'conflict', { fieldErrors: { key: [t('validation.ssoKeyTaken')] } })
        if (input.jitRoleId !== before.jitRoleId) await mustGrantRole(tx, actor, input.jitRoleId, t)
        await mustRequire(tx, actor, id, input.requiredForRoleIds, t)
        const { version: _v, clientSecret, ...rest } = input
        const values = {
          ...rest,
          clientSecret: clientSecret === undefined ? before.clientSecret : clientSecret ? secrets.seal(clientSecret) : null,
        }
        const at = now()
        if (!(await repo.update(tx, id, before.version, { ...values, updatedAt: at }))) throw new ApiError(409, 'version_conflict')
        const diff = changedFields(logged(before) as Record<string, unknown>, logged(values) as Record<string, unknown>)
        if (clientSecret !== undefined) {
          diff.before.clientSecret = before.clientSecret ? '(sealed)' : null
          diff.after.clientSecret = clientSecret ? '(replaced)' : null
        }
        await logActivity(tx, database.t, { at, actorId: actor.userData.id, entity: 'identity_provider', entityId: id, action: 'updated', ...diff })
      })
      const item = (await list()).find((p) => p.id === id)
      if (!item) throw new ApiError(404, 'not_found')
      return item
    },
    /** A provider removed: its links go with it; the accounts stay (with their passwords). */
    async remove(actor: AuthContext, id: string): Promise<void> {
      mustGovern(actor)
      await ready()
      await database.transaction(async (tx) => {
        const before = mustBeTheScreens(await repo.byId(tx, id))
        await repo.remove(tx, id)
        await logActivity(tx, database.t, {
          at: now(),
          actorId: actor.userData.id,
          entity: 'identity_provider',
          entityId: id,
          action: 'deleted',
          before: logged(before),
        })
      })
    },
  }
}

/**
 * The provider's groups (or app roles) that give roles here, in order (decision 093). Each new row's role is one the
 * administrator may give whole (decision 016), and a mapping remembers who made it: at a sign-in it gives no more
 * than they may give then. A row kept as it was keeps its author. Logged; the provider's version counts it.
 */
function ssoRoleMappings(ctx: AuthServiceContext, repo: SsoRepo, ready: () => Promise<void>, list: () => Promise<IdentityProviderItem[]>) {
  const { database, now } = ctx
  return async function replaceMappings(
    actor: AuthContext,
    id: string,
    input: z.output<typeof roleMappingsInputSchema>,
    t: Translate,
  ): Promise<IdentityProviderItem> {
    await ready()
    await database.transaction(async (tx) => {
      const before = mustBeTheScreens(await repo.byId(tx, id))
      if (before.version !== input.version) throw new ApiError(409, 'version_conflict')
      const old = await repo.access.mappingsOf(tx, id)
      const at = now()
      const rows = []
      for (const [position, m] of input.mappings.entries()) {
        const kept = old.find((o) => o.claimValue === m.claimValue && o.roleId === m.roleId)
        if (!kept) {
          if (!(await repo.roleExists(tx, m.roleId))) throw validationError({ [`mappings.${position}.roleId`]: [t('validation.unknownRole')] })
          if (!canGrantRules(actor.ability, await ctx.repo.rules(m.roleId, '')))
            throw new ApiError(403, 'forbidden', { fieldErrors: { [`mappings.${position}.roleId`]: [t('validation.roleNotGrantable')] } })
        }
        rows.push({ id: randomUUID(), ...m, position, mappedBy: kept ? kept.mappedBy : actor.userData.id, createdAt: at })
      }
      if (!(await repo.update(tx, id, before.version, { updatedAt: at }))) throw new ApiError(409, 'version_conflict')
      await repo.access.replaceMappings(tx, id, rows)
      const shown = (ms: Array<{ claimValue: string; roleId: string }>) => ms.map((m) => `${m.claimValue} → ${m.roleId}`)
      await logActivity(tx, database.t, {
        at,
        actorId: actor.userData.id,
        entity: 'identity_provider',
        entityId: id,
        action: 'role_mappings_changed',
        before: { roleMappings: shown(old) },
        after: { roleMappings: shown(input.mappings) },
      })
    })
    const item = (await list()).find((p) => p.id === id)
    if (!item) throw new ApiError(404, 'not_found')
    return item
  }
}

/** A provider the screen may change: one that exists, and not one the server's environment declares. */
function mustBeTheScreens(provider: IdentityProviderRow | undefined): IdentityProviderRow {
  if (!provider) throw new ApiError(404, 'not_found')
  if (provider.fromEnv) throw new ApiError(409, 'provider_from_environment')
  return provider
}
