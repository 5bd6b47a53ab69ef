import { type AppAbility } from '../../../shared/permissions/ability'
import { canGrantRules } from '../../../shared/permissions/grant'
import type { LookupQuery } from '../../../shared/schemas/lookups'
import { formatPersonalNumber } from '../../../shared/rules/identity'
import { type RevealedUserFields, type SensitiveUserField, type UserDetail, type UserListQuery } from '../../../shared/schemas/users'
import { accessFilter } from '../../db/conditions'
import { notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'

import { type UserActor, type UsersContext } from './users.context'

/** The users as the admin screens list, look up and open them; the roles one may give; hidden fields revealed (logged). */
export function userReads(ctx: UsersContext) {
  const { database, repo, now, titles, asSubject, detailOf, mayChange } = ctx
  return {
    /** The user, when the actor may change them (other parts of this area ask it: external accounts). */
    mayChange,

    list(ability: AppAbility, q: UserListQuery) {
      return repo.listReads.list(accessFilter(ability, 'view', 'users', repo.listReads.conditionColumns), q)
    },

    lookup(ability: AppAbility, q: LookupQuery) {
      return repo.listReads.lookup(accessFilter(ability, 'view', 'users', repo.listReads.conditionColumns), q)
    },

    /** The titles list (decision 040): renamed, added and removed on its own screen. */
    titles,

    /** The roles this user may give: those whose every rule they hold themselves (shared/permissions/grant.ts). */
    async grantableRoles(granter: AppAbility) {
      const [roles, rules] = await Promise.all([repo.checks.roles(), repo.checks.roleRules()])
      return roles.filter((r) => canGrantRules(granter, rules.get(r.id) ?? []))
    },

    async detail(actor: UserActor, id: string): Promise<UserDetail> {
      const row = await repo.listReads.row(database.db, id)
      if (!row || !actor.ability.can('view', asSubject({ id, teamId: row.user.teamId, officeId: row.officeId }))) throw notFound()
      return detailOf(database.db, actor, row)
    },

    /** The full values of sensitive fields, for someone who may edit the user; the reading is logged. */
    async reveal(actor: UserActor, id: string, fields: SensitiveUserField[]): Promise<RevealedUserFields> {
      return database.transaction(async (tx) => {
        const row = await mayChange(tx, actor, id)
        const unique = [...new Set(fields)]
        await logActivity(tx, database.t, { at: now(), actorId: actor.id, entity: 'user', entityId: id, action: 'sensitive_read', after: { fields: unique } })
        const out: RevealedUserFields = {}
        for (const f of unique) {
          const value = row.user[f]
          out[f] = value && f === 'personalNumber' ? formatPersonalNumber(value) : value
        }
        return out
      })
    },
  }
}
