import { randomUUID } from 'node:crypto'
import type { AppAbility } from '../../../shared/permissions/ability'
import { canGrantRules } from '../../../shared/permissions/grant'
import type { ListQuery } from '../../../shared/schemas/pagination'
import type { LookupQuery } from '../../../shared/schemas/lookups'
import type { Translate } from '../../../shared/schemas/errors'
import { createUserInputSchema } from '../../../shared/schemas/users'
import type { z } from 'zod'
import { accessFilter } from '../../db/conditions'
import type { Database } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { hashPassword } from '../../lib/password'
import { usersRepo } from './users.repo'

export function usersService(database: Database, opts: { scryptLogN: number; now?: () => number }) {
  const repo = usersRepo(database)
  const now = opts.now ?? Date.now

  return {
    list(ability: AppAbility, q: ListQuery) {
      return repo.list(accessFilter(ability, 'view', 'users', repo.conditionColumns), q)
    },

    lookup(ability: AppAbility, q: LookupQuery) {
      return repo.lookup(accessFilter(ability, 'view', 'users', repo.conditionColumns), q)
    },

    roles() {
      return repo.roles()
    },

    /** The roles this user may give: those whose every rule they hold themselves (shared/permissions/grant.ts). */
    async grantableRoles(granter: AppAbility) {
      const [roles, rules] = await Promise.all([repo.roles(), repo.roleRules()])
      return roles.filter((r) => canGrantRules(granter, rules.get(r.id) ?? []))
    },

    async create(granter: AppAbility, input: z.output<typeof createUserInputSchema>, t: Translate): Promise<{ id: string }> {
      const passwordHash = await hashPassword(input.password, opts.scryptLogN)
      return database.transaction(async (tx) => {
        if (!(await repo.roleExists(tx, input.roleId))) throw validationError({ roleId: [t('validation.unknownRole')] })
        // Giving a role gives its rules: only a role the creator holds all of (no escalation, decision 016).
        const roleRules = (await repo.roleRules(tx, input.roleId)).get(input.roleId) ?? []
        if (!canGrantRules(granter, roleRules)) {
          throw new ApiError(403, 'forbidden', { fieldErrors: { roleId: [t('validation.roleNotGrantable')] } })
        }
        if (input.teamId && !(await repo.teamExists(tx, input.teamId))) {
          throw validationError({ teamId: [t('validation.unknownTeam')] })
        }
        if (await repo.emailExists(tx, input.email)) {
          throw new ApiError(409, 'conflict', { fieldErrors: { email: [t('validation.emailTaken')] } })
        }
        const id = randomUUID()
        const at = now()
        await repo.insert(tx, {
          id,
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          shortName: input.shortName || null,
          roleId: input.roleId,
          teamId: input.teamId ?? null,
          employeeId: input.employeeId || null,
          phone: input.phone || null,
          language: input.language ?? null,
          active: true,
          createdAt: at,
          updatedAt: at,
        })
        return { id }
      })
    },
  }
}
