import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import type { z } from 'zod'
import { holdsRule } from '../../../shared/permissions/grant'
import { scopedOfRule } from '../../../shared/permissions/scopes'
import type { Translate } from '../../../shared/schemas/errors'
import type { RoleDetail, deleteRoleInputSchema, roleInputSchema } from '../../../shared/schemas/roles'
import { ApiError, notFound, validationError } from '../../lib/errors'
import { mustHoldRules, permissionNames, ruleKey, rulesOfPermissions } from './permission-rules'
import { type ActivityEntry, logActivities, logActivity } from '../../platform/activity-log'
import type { Db } from '../../db/client'
import { type Actor, type RoleRow, LOCKED_KEY, type RolesContext } from './roles.context'

type RoleLine = Pick<ActivityEntry, 'before' | 'after'> & { action: 'created' | 'updated' | 'deleted' }

/** Creating, editing and removing a role: never granting more than the editor holds, every change logged and announced. */
export function roleChanges(ctx: RolesContext) {
  const { events, t, now, rulesByRole, roleRow, current, nameTaken, uniqueKey, writeRules, committed } = ctx

  /** A role's change in its transaction: the log line (who, acting as whom) and the event the other areas react to. */
  async function recorded(tx: Db, actor: Actor, at: number, id: string, line: RoleLine, effect: { movedTo: string | null; users: number }) {
    await logActivity(tx, t, { at, actorId: actor.id, actingAsId: actor.actingAsId, entity: 'role', entityId: id, ...line })
    await events.record(tx, 'role.changed', { roleId: id, action: line.action, ...effect }, { actorId: actor.id, at })
  }

  return {
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
        const after = { name: input.name, description: input.description, permissions: permissionNames(rules) }
        await recorded(tx, actor, at, id, { action: 'created', after }, { movedTo: null, users: 0 })
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
          const [users] = await tx.select({ n: count() }).from(t.users).where(eq(t.users.roleId, id))
          const line: RoleLine = {
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
          }
          await recorded(tx, actor, at, id, line, { movedTo: null, users: users?.n ?? 0 })
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
        const line: RoleLine = {
          action: 'deleted',
          before: { name: row.name, description: row.description, permissions: permissionNames(stored) },
          after: movedTo ? { usersMovedTo: movedTo.name, users: holders.length } : null,
        }
        await recorded(tx, actor, at, id, line, { movedTo: movedTo?.id ?? null, users: holders.length })
        return { moved: holders.length }
      })
    },
  }
}
