import { and, asc, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { StoredRule } from '../../../shared/permissions/ability'
import { type RoleListItem } from '../../../shared/schemas/users'
import type { Db } from '../../db/client'
import { type UsersRepoContext } from './users.repo-context'

/** What a change to a user is checked against and offered: providers, coached teams, rules, roles and teams that exist, e-mails taken. */
export function userChecks(ctx: UsersRepoContext) {
  const { db, t } = ctx
  return {
    /** The ids of the providers a user sells for (decision 044). */
    async providerIds(tx: Db, userId: string): Promise<string[]> {
      const rows = await tx.select({ id: t.userProviders.providerId }).from(t.userProviders).where(eq(t.userProviders.userId, userId))
      return rows.map((r) => r.id).sort()
    },

    async coachedTeams(tx: Db, userId: string): Promise<Array<{ id: string; name: string }>> {
      return tx
        .select({ id: t.teams.id, name: t.teams.name })
        .from(t.teamCoaches)
        .innerJoin(t.teams, eq(t.teams.id, t.teamCoaches.teamId))
        .where(eq(t.teamCoaches.userId, userId))
        .orderBy(asc(t.teams.name))
    },

    /** The rules given to users directly (not through their role), by user id, in their order. */
    async directRules(tx: Db, userIds: string[]): Promise<Map<string, StoredRule[]>> {
      const byUser = new Map<string, StoredRule[]>()
      if (userIds.length === 0) return byUser
      const rows = await tx
        .select({
          userId: t.permissionRules.userId,
          action: t.permissionRules.action,
          subject: t.permissionRules.subject,
          fields: t.permissionRules.fields,
          conditions: t.permissionRules.conditions,
          inverted: t.permissionRules.inverted,
        })
        .from(t.permissionRules)
        .where(and(inArray(t.permissionRules.userId, userIds), isNull(t.permissionRules.roleId)))
        .orderBy(asc(t.permissionRules.position))
      for (const { userId, ...rule } of rows) {
        const list = byUser.get(userId!) ?? []
        list.push(rule)
        byUser.set(userId!, list)
      }
      return byUser
    },

    /** Distinct titles in use, for the list's title filter. */
    async emailExists(tx: Db, email: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, email)).limit(1)
      return row !== undefined
    },

    async roleExists(tx: Db, roleId: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.roles.id }).from(t.roles).where(eq(t.roles.id, roleId)).limit(1)
      return row !== undefined
    },

    /** The stored rules of each role, by role id (what assigning the role gives). */
    async roleRules(tx: Db = db, roleId?: string): Promise<Map<string, StoredRule[]>> {
      const rows = await tx
        .select({
          roleId: t.permissionRules.roleId,
          action: t.permissionRules.action,
          subject: t.permissionRules.subject,
          fields: t.permissionRules.fields,
          conditions: t.permissionRules.conditions,
          inverted: t.permissionRules.inverted,
        })
        .from(t.permissionRules)
        .where(roleId ? eq(t.permissionRules.roleId, roleId) : isNotNull(t.permissionRules.roleId))
        .orderBy(asc(t.permissionRules.position))
      const byRole = new Map<string, StoredRule[]>()
      for (const { roleId: id, ...rule } of rows) {
        const list = byRole.get(id!) ?? []
        list.push(rule)
        byRole.set(id!, list)
      }
      return byRole
    },

    async teamExists(tx: Db, teamId: string): Promise<boolean> {
      const [row] = await tx.select({ id: t.teams.id }).from(t.teams).where(eq(t.teams.id, teamId)).limit(1)
      return row !== undefined
    },

    /** Which of these e-mail addresses (lower case) are taken. */
    async existingEmails(tx: Db, emails: string[]): Promise<Set<string>> {
      const taken = new Set<string>()
      for (let i = 0; i < emails.length; i += 500) {
        const rows = await tx
          .select({ email: t.users.email })
          .from(t.users)
          .where(inArray(t.users.email, emails.slice(i, i + 500)))
        for (const r of rows) taken.add(r.email.toLowerCase())
      }
      return taken
    },

    /** Every role by id, key and name (an import names them). */
    async roleChoices(tx: Db) {
      return tx.select({ id: t.roles.id, key: t.roles.key, name: t.roles.name }).from(t.roles)
    },

    /** Every team with its office (an import names them). */
    async teamChoices(tx: Db) {
      return tx
        .select({ id: t.teams.id, name: t.teams.name, officeId: t.teams.officeId, officeName: t.offices.name })
        .from(t.teams)
        .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
    },

    async roles(): Promise<RoleListItem[]> {
      const [roleRows, counts, rules] = await Promise.all([
        db.select().from(t.roles).orderBy(asc(t.roles.name)),
        db.select({ roleId: t.users.roleId, n: count() }).from(t.users).groupBy(t.users.roleId),
        db
          .select({ roleId: t.permissionRules.roleId, action: t.permissionRules.action, subject: t.permissionRules.subject })
          .from(t.permissionRules)
          .orderBy(asc(t.permissionRules.position)),
      ])
      return roleRows.map((r) => ({
        id: r.id,
        key: r.key,
        name: r.name,
        description: r.description,
        userCount: counts.find((c) => c.roleId === r.id)?.n ?? 0,
        permissions: [...new Set(rules.filter((p) => p.roleId === r.id).map((p) => `${p.action} ${p.subject}`))],
      }))
    },
  }
}
