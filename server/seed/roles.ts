import { randomUUID } from 'node:crypto'
import { count } from 'drizzle-orm'
import { DEFAULT_ROLES } from '../../shared/permissions/roles'
import type { Database, Db } from '../db/client'
import { permissionRows } from '../modules/users/permission-rows'

/** Creates the system roles and their default rules when the database has no roles yet. */
export async function seedRolesIfEmpty(database: Database, tx: Db, now: number): Promise<Record<string, string>> {
  const { t } = database
  const [existing] = await tx.select({ n: count() }).from(t.roles)
  const ids: Record<string, string> = {}
  if ((existing?.n ?? 0) > 0) {
    for (const r of await tx.select({ id: t.roles.id, key: t.roles.key }).from(t.roles)) ids[r.key] = r.id
    return ids
  }
  for (const role of DEFAULT_ROLES) {
    const id = randomUUID()
    ids[role.key] = id
    await tx.insert(t.roles).values({
      id,
      key: role.key,
      name: role.name,
      description: role.description,
      isSystem: true,
      createdAt: now,
      updatedAt: now,
    })
    if (role.rules.length > 0) {
      await tx.insert(t.permissionRules).values(permissionRows(role.rules, { roleId: id }))
    }
  }
  return ids
}
