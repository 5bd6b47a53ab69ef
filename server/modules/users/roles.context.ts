import { asc, count, eq, inArray, isNotNull } from 'drizzle-orm'
import type { AppAbility, StoredRule } from '../../../shared/permissions/ability'
import { holdsRule } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import type { RoleDetail } from '../../../shared/schemas/roles'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { refuseTakenName } from '../../db/unique-name'
import { permissionRows } from './permission-rows'

export type Actor = { id: string; ability: AppAbility; actingAsId?: string | null }
export type RoleRow = { id: string; key: string; name: string; description: string; isSystem: boolean; updatedAt: number }

/** The role that holds everything: nobody edits or deletes it, so somebody can always administer (docs/decisions/032). */
export const LOCKED_KEY = 'admin'

/** What the role editor's parts share: the tables, a role's row with its rules and users, the name and key checks, and writing the rules. */
export function rolesContext({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { onChanged: () => void; now?: () => number }) {
  const { db, t } = database
  const now = opts.now ?? Date.now
  const roleColumns = {
    id: t.roles.id,
    key: t.roles.key,
    name: t.roles.name,
    description: t.roles.description,
    isSystem: t.roles.isSystem,
    updatedAt: t.roles.updatedAt,
  }

  async function rulesByRole(tx: Db, roleIds?: string[]): Promise<Map<string, Array<StoredRule & { id: string }>>> {
    const rows = await tx
      .select({
        id: t.permissionRules.id,
        roleId: t.permissionRules.roleId,
        action: t.permissionRules.action,
        subject: t.permissionRules.subject,
        fields: t.permissionRules.fields,
        conditions: t.permissionRules.conditions,
        inverted: t.permissionRules.inverted,
        reason: t.permissionRules.reason,
      })
      .from(t.permissionRules)
      .where(roleIds ? inArray(t.permissionRules.roleId, roleIds) : isNotNull(t.permissionRules.roleId))
      .orderBy(asc(t.permissionRules.position))
    const byRole = new Map<string, Array<StoredRule & { id: string }>>()
    for (const { roleId, ...rule } of rows) {
      const list = byRole.get(roleId!) ?? []
      list.push(rule)
      byRole.set(roleId!, list)
    }
    return byRole
  }

  async function userCounts(tx: Db): Promise<Map<string, number>> {
    const rows = await tx.select({ roleId: t.users.roleId, n: count() }).from(t.users).groupBy(t.users.roleId)
    return new Map(rows.map((r) => [r.roleId, r.n]))
  }

  function detail(row: RoleRow, rules: StoredRule[], users: number, reader: AppAbility): RoleDetail {
    const permissions = rules.flatMap((r) => {
      const scoped = scopedOfRule(r)
      return scoped ? [scoped] : []
    })
    return {
      id: row.id,
      key: row.key,
      name: row.name,
      description: row.description,
      system: row.isSystem,
      locked: row.key === LOCKED_KEY,
      userCount: users,
      updatedAt: row.updatedAt,
      permissions,
      otherRules: rules.length - permissions.length,
      grantable: rules.every((r) => holdsRule(reader, r)),
    }
  }

  async function roleRow(tx: Db, id: string): Promise<RoleRow | undefined> {
    const [row] = await tx.select(roleColumns).from(t.roles).where(eq(t.roles.id, id))
    return row
  }

  async function current(tx: Db, id: string, reader: AppAbility): Promise<RoleDetail> {
    const row = await roleRow(tx, id)
    if (!row) throw notFound()
    const [rules, counts] = await Promise.all([rulesByRole(tx, [id]), userCounts(tx)])
    return detail(row, rules.get(id) ?? [], counts.get(id) ?? 0, reader)
  }

  async function nameTaken(tx: Db, name: string, exceptId: string | null, translate: Translate) {
    await refuseTakenName(tx, t.roles, name, { exceptId, message: translate('validation.roleNameTaken') })
  }

  async function uniqueKey(tx: Db, name: string): Promise<string> {
    const base =
      name
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 40) || 'role'
    const taken = new Set((await tx.select({ key: t.roles.key }).from(t.roles)).map((r) => r.key))
    if (!taken.has(base)) return base
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`
  }

  async function writeRules(tx: Db, roleId: string, rules: StoredRule[]) {
    await tx.delete(t.permissionRules).where(eq(t.permissionRules.roleId, roleId))
    if (rules.length === 0) return
    await tx.insert(t.permissionRules).values(permissionRows(rules, { roleId }))
  }

  async function committed<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await database.transaction(work)
    opts.onChanged()
    return result
  }

  return { database, events, opts, db, t, now, roleColumns, rulesByRole, userCounts, detail, roleRow, current, nameTaken, uniqueKey, writeRules, committed }
}
export type RolesContext = ReturnType<typeof rolesContext>
