import { and, asc, count, eq, inArray, isNotNull, isNull, type SQL } from 'drizzle-orm'
import type { StoredRule } from '../../../shared/permissions/ability'
import { type RoleListItem } from '../../../shared/schemas/users'
import type { Db } from '../../db/client'
import { type UsersRepoContext } from './users.repo-context'

/** What a change to a user is checked against and offered: providers, coached teams, rules, roles and teams that exist, e-mails taken. */
export function userChecks(ctx: UsersRepoContext) {
  const { db, t } = ctx

  /** Stored rules by their holder (a user's own, or a role's), each holder's in their order. */
  async function rulesBy(tx: Db, holder: 'userId' | 'roleId', where: SQL | undefined): Promise<Map<string, StoredRule[]>> {
    const r = t.permissionRules
    const rows = await tx
      .select({ holder: r[holder], action: r.action, subject: r.subject, fields: r.fields, conditions: r.conditions, inverted: r.inverted })
      .from(r)
      .where(where)
      .orderBy(asc(r.position))
    const by = new Map<string, StoredRule[]>()
    for (const { holder: id, ...rule } of rows) {
      const list = by.get(id!) ?? []
      list.push(rule)
      by.set(id!, list)
    }
    return by
  }

  async function exists(tx: Db, table: typeof t.users | typeof t.roles | typeof t.teams, where: SQL): Promise<boolean> {
    const [row] = await tx.select({ id: table.id }).from(table).where(where).limit(1)
    return row !== undefined
  }

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
      if (userIds.length === 0) return new Map()
      return rulesBy(tx, 'userId', and(inArray(t.permissionRules.userId, userIds), isNull(t.permissionRules.roleId)))
    },

    /** The stored rules of each role, by role id (what assigning the role gives). */
    roleRules: (tx: Db = db, roleId?: string): Promise<Map<string, StoredRule[]>> =>
      rulesBy(tx, 'roleId', roleId ? eq(t.permissionRules.roleId, roleId) : isNotNull(t.permissionRules.roleId)),

    emailExists: (tx: Db, email: string) => exists(tx, t.users, eq(t.users.email, email)),
    roleExists: (tx: Db, roleId: string) => exists(tx, t.roles, eq(t.roles.id, roleId)),
    teamExists: (tx: Db, teamId: string) => exists(tx, t.teams, eq(t.teams.id, teamId)),

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
