import { asc } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { RoleDetail } from '../../../shared/schemas/roles'
import { type RolesContext } from './roles.context'

/** The roles as the editor reads them: the list and one role with its rules. */
export function roleReads(ctx: RolesContext) {
  const { db, t, roleColumns, rulesByRole, userCounts, detail, current } = ctx
  return {
    async list(reader: AppAbility): Promise<RoleDetail[]> {
      const [rows, rules, counts] = await Promise.all([db.select(roleColumns).from(t.roles).orderBy(asc(t.roles.name)), rulesByRole(db), userCounts(db)])
      return rows.map((r) => detail(r, rules.get(r.id) ?? [], counts.get(r.id) ?? 0, reader))
    },

    get(reader: AppAbility, id: string) {
      return current(db, id, reader)
    },
  }
}
