import { randomUUID } from 'node:crypto'
import { and, asc, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppAbility, StoredRule } from '../../../shared/permissions/ability'
import { holdsRule } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import type { RoleDetail, deleteRoleInputSchema, roleInputSchema } from '../../../shared/schemas/roles'
import type { Db } from '../../db/client'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { mustHoldRules, permissionNames, ruleKey, rulesOfPermissions } from './permission-rules'
import { logActivities, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Actor = { id: string; ability: AppAbility; actingAsId?: string | null }
type RoleRow = { id: string; key: string; name: string; description: string; isSystem: boolean; updatedAt: number }

/** The role that holds everything: nobody edits or deletes it, so somebody can always administer (docs/decisions/032). */
const LOCKED_KEY = 'admin'

/**
 * Roles and their permissions (docs/decisions/032): created, edited and deleted here and nowhere else, each change
 * one transaction with its activity-log lines and a `role.changed` event. Nobody gives or takes away a permission
 * they do not hold themselves (shared/permissions/grant.ts); a role's users keep working: deleting a role that has
 * users moves them to another role the deleter may give. `onChanged` runs once a change has committed (the
 * session cache is dropped, so the holders' next request uses the new rules).
 */
export function rolesService({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { onChanged: () => void; now?: () => number }) {
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
    const [row] = await tx
      .select({ id: t.roles.id })
      .from(t.roles)
      .where(and(sql`lower(${t.roles.name}) = lower(${name})`, exceptId ? ne(t.roles.id, exceptId) : undefined))
      .limit(1)
    if (row) throw new ApiError(409, 'conflict', { fieldErrors: { name: [translate('validation.roleNameTaken')] } })
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
    await tx.insert(t.permissionRules).values(
      rules.map((rule, position) => ({
        id: randomUUID(),
        roleId,
        userId: null,
        action: rule.action,
        subject: rule.subject,
        fields: rule.fields ?? null,
        conditions: rule.conditions ?? null,
        inverted: rule.inverted ?? false,
        reason: rule.reason ?? null,
        position,
      })),
    )
  }

  async function committed<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await database.transaction(work)
    opts.onChanged()
    return result
  }

  return {
    async list(reader: AppAbility): Promise<RoleDetail[]> {
      const [rows, rules, counts] = await Promise.all([db.select(roleColumns).from(t.roles).orderBy(asc(t.roles.name)), rulesByRole(db), userCounts(db)])
      return rows.map((r) => detail(r, rules.get(r.id) ?? [], counts.get(r.id) ?? 0, reader))
    },

    get(reader: AppAbility, id: string) {
      return current(db, id, reader)
    },

    create(actor: Actor, input: z.output<typeof roleInputSchema>, translate: Translate): Promise<{ id: string }> {
      return committed(async (tx) => {
        const rules = rulesOfPermissions(input.permissions, translate)
        mustHoldRules(actor.ability, rules, translate)
        await nameTaken(tx, input.name, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.roles).values({
          id,
          key: await uniqueKey(tx, input.name),
          name: input.name,
          description: input.description,
          isSystem: false,
          createdAt: at,
          updatedAt: at,
        })
        await writeRules(tx, id, rules)
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          actingAsId: actor.actingAsId,
          entity: 'role',
          entityId: id,
          action: 'created',
          after: { name: input.name, description: input.description, permissions: permissionNames(rules) },
        })
        await events.record(tx, 'role.changed', { roleId: id, action: 'created', movedTo: null, users: 0 }, { actorId: actor.id, at })
        return { id }
      })
    },

    update(actor: Actor, id: string, input: z.output<typeof roleInputSchema>, translate: Translate): Promise<RoleDetail> {
      return committed(async (tx) => {
        const row = await roleRow(tx, id)
        if (!row) throw notFound()
        if (row.key === LOCKED_KEY) throw new ApiError(403, 'role_locked')
        if (input.basedOn !== undefined && input.basedOn !== row.updatedAt) {
          throw new ApiError(409, 'version_conflict', { details: { current: await current(tx, id, actor.ability) } })
        }
        if (row.isSystem && input.name !== row.name) {
          throw validationError({ name: [translate('validation.systemRoleName')] })
        }
        const wanted = rulesOfPermissions(input.permissions, translate)
        const stored = (await rulesByRole(tx, [id])).get(id) ?? []
        // What the editor cannot show stays as it is; what it shows is replaced by what was sent.
        const kept = stored.filter((r) => scopedOfRule(r) === null)
        const before = stored.filter((r) => scopedOfRule(r) !== null)
        const beforeKeys = new Set(before.map(ruleKey))
        const wantedKeys = new Set(wanted.map(ruleKey))
        const added = wanted.filter((r) => !beforeKeys.has(ruleKey(r)))
        const removed = before.filter((r) => !wantedKeys.has(ruleKey(r)))
        mustHoldRules(actor.ability, [...added, ...removed], translate)
        await nameTaken(tx, input.name, id, translate)
        const at = Math.max(now(), row.updatedAt + 1)
        await tx.update(t.roles).set({ name: input.name, description: input.description, updatedAt: at }).where(eq(t.roles.id, id))
        if (added.length > 0 || removed.length > 0) await writeRules(tx, id, [...wanted, ...kept])
        const changedText = row.name !== input.name || row.description !== input.description
        if (changedText || added.length > 0 || removed.length > 0) {
          await logActivity(tx, t, {
            at,
            actorId: actor.id,
            actingAsId: actor.actingAsId,
            entity: 'role',
            entityId: id,
            action: 'updated',
            before: {
              ...(row.name !== input.name ? { name: row.name } : {}),
              ...(row.description !== input.description ? { description: row.description } : {}),
              ...(removed.length > 0 ? { permissions: permissionNames(removed) } : {}),
            },
            after: {
              ...(row.name !== input.name ? { name: input.name } : {}),
              ...(row.description !== input.description ? { description: input.description } : {}),
              ...(added.length > 0 ? { permissions: permissionNames(added) } : {}),
            },
          })
          const [users] = await tx.select({ n: count() }).from(t.users).where(eq(t.users.roleId, id))
          await events.record(tx, 'role.changed', { roleId: id, action: 'updated', movedTo: null, users: users?.n ?? 0 }, { actorId: actor.id, at })
        }
        return current(tx, id, actor.ability)
      })
    },

    remove(actor: Actor, id: string, input: z.output<typeof deleteRoleInputSchema>, translate: Translate): Promise<{ moved: number }> {
      return committed(async (tx) => {
        const row = await roleRow(tx, id)
        if (!row) throw notFound()
        if (row.isSystem) throw new ApiError(403, 'role_locked')
        const stored = (await rulesByRole(tx, [id])).get(id) ?? []
        // Deleting takes every permission of the role away from its users: only one who holds them all.
        mustHoldRules(actor.ability, stored, translate)
        const holders = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.roleId, id))
        let movedTo: RoleRow | undefined
        if (holders.length > 0) {
          if (!input.replacementRoleId) throw new ApiError(409, 'role_in_use', { params: { count: holders.length }, details: { userCount: holders.length } })
          if (input.replacementRoleId === id) throw validationError({ replacementRoleId: [translate('validation.replacementIsTheRole')] })
          movedTo = await roleRow(tx, input.replacementRoleId)
          if (!movedTo) throw validationError({ replacementRoleId: [translate('validation.unknownRole')] })
          const replacementRules = (await rulesByRole(tx, [movedTo.id])).get(movedTo.id) ?? []
          if (!replacementRules.every((r) => holdsRule(actor.ability, r))) {
            throw new ApiError(403, 'forbidden', { fieldErrors: { replacementRoleId: [translate('validation.roleNotGrantable')] } })
          }
        }
        const at = now()
        if (movedTo) {
          await tx.update(t.users).set({ roleId: movedTo.id, updatedAt: at }).where(eq(t.users.roleId, id))
          await logActivities(
            tx,
            t,
            holders.map((u) => ({
              at,
              actorId: actor.id,
              actingAsId: actor.actingAsId,
              entity: 'user',
              entityId: u.id,
              action: 'role_changed',
              before: { role: row.name },
              after: { role: movedTo.name },
              reason: translate('activityLog.roleDeleted', { role: row.name }),
            })),
          )
        }
        await tx.delete(t.roles).where(eq(t.roles.id, id))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          actingAsId: actor.actingAsId,
          entity: 'role',
          entityId: id,
          action: 'deleted',
          before: { name: row.name, description: row.description, permissions: permissionNames(stored) },
          after: movedTo ? { usersMovedTo: movedTo.name, users: holders.length } : null,
        })
        await events.record(
          tx,
          'role.changed',
          { roleId: id, action: 'deleted', movedTo: movedTo?.id ?? null, users: holders.length },
          { actorId: actor.id, at },
        )
        return { moved: holders.length }
      })
    },
  }
}

export type RolesService = ReturnType<typeof rolesService>
