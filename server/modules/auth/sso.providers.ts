import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import { canGrantRules } from '../../../shared/permissions/grant'
import type { Translate } from '../../../shared/schemas/errors'
import type { IdentityProviderItem, identityProviderInputSchema, identityProviderUpdateSchema } from '../../../shared/schemas/sso'
import type { Db } from '../../db/client'
import type { AuthContext } from '../../lib/context'
import { ApiError, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { AuthServiceContext } from './auth.context'
import type { IdentityProviderRow, SsoRepo } from './sso.repo'

/**
 * The administrator's identity providers (docs/decisions/093): listed with how many people are linked, the secret
 * sealed and never shown again, a role for first sign-ins only one the administrator holds whole, every change logged.
 */
export function ssoProviders(ctx: AuthServiceContext, repo: SsoRepo) {
  const { database, now } = ctx
  const secrets = ctx.opts.secrets
  const itemOf = (p: IdentityProviderRow & { linkedCount: number }): IdentityProviderItem => ({
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

  return {
    async list(): Promise<IdentityProviderItem[]> {
      return (await repo.list()).map(itemOf)
    },
    async create(actor: AuthContext, input: z.output<typeof identityProviderInputSchema>, t: Translate): Promise<{ id: string }> {
      mustGovern(actor)
      return database.transaction(async (tx) => {
        if (await repo.keyTaken(tx, input.key)) throw new ApiError(409, 'conflict', { fieldErrors: { key: [t('validation.ssoKeyTaken')] } })
        await mustGrantRole(tx, actor, input.jitRoleId, t)
        const at = now()
        const row = {
          id: randomUUID(),
          ...input,
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
      await database.transaction(async (tx) => {
        const before = await repo.byId(tx, id)
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== input.version) throw new ApiError(409, 'version_conflict')
        if (await repo.keyTaken(tx, input.key, id)) throw new ApiError(409, 'conflict', { fieldErrors: { key: [t('validation.ssoKeyTaken')] } })
        if (input.jitRoleId !== before.jitRoleId) await mustGrantRole(tx, actor, input.jitRoleId, t)
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
      const item = (await repo.list()).find((p) => p.id === id)
      if (!item) throw new ApiError(404, 'not_found')
      return itemOf(item)
    },
    /** A provider removed: its links go with it; the accounts stay (with their passwords). */
    async remove(actor: AuthContext, id: string): Promise<void> {
      mustGovern(actor)
      await database.transaction(async (tx) => {
        const before = await repo.byId(tx, id)
        if (!before) throw new ApiError(404, 'not_found')
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
