import { asc, count, desc, eq, isNotNull, or, sql, type SQLWrapper } from 'drizzle-orm'
import { LOOKUP_LIMIT, type LookupItem, type LookupQuery } from '../../../shared/schemas/lookups'
import { lookupItems, lookupWhere } from '../../db/lookup'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { ListQuery } from '../../../shared/schemas/pagination'
import { USER_SORT_KEYS, type RoleListItem, type UserListItem } from '../../../shared/schemas/users'
import { containsText, withAccess, type AccessFilter } from '../../db/conditions'
import { listPage } from '../../db/list-page'
import { userOfficeId } from '../../db/expressions'
import { preparedReads } from '../../db/prepared'
import type { Database, Db } from '../../db/client'

export function usersRepo(database: Database) {
  const { db, t } = database
  const read = preparedReads(database)
  const officeId = userOfficeId(t)

  /** The fields rule conditions on `users` may use. */
  const conditionColumns = { id: t.users.id, teamId: t.users.teamId, officeId }

  const sortColumns: Record<(typeof USER_SORT_KEYS)[number], SQLWrapper> = {
    name: sql`lower(${t.users.firstName} || ' ' || ${t.users.lastName})`,
    email: t.users.email,
    role: t.roles.name,
    team: t.teams.name,
  }

  const searchOf = (q: ListQuery) =>
    q.q ? or(containsText(t.users.email, 'q'), containsText(sql`${t.users.firstName} || ' ' || ${t.users.lastName}`, 'q')) : undefined

  return {
    conditionColumns,

    async lookup(filter: AccessFilter, q: LookupQuery): Promise<LookupItem[]> {
      const name = sql`${t.users.firstName} || ' ' || ${t.users.lastName}`
      const { where, values, shape } = lookupWhere(filter, q, { id: t.users.id, search: [name, t.users.email], parent: t.users.teamId })
      const rows = await read(
        `users.lookup|${shape}`,
        () =>
          db
            .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, hint: t.teams.name, active: t.users.active })
            .from(t.users)
            .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            .where(where)
            .orderBy(desc(t.users.active), asc(t.users.firstName), asc(t.users.lastName))
            .limit(LOOKUP_LIMIT),
        values,
      )
      return lookupItems(rows.map(({ first, last, ...r }) => ({ ...r, label: `${first} ${last}` })))
    },

    async list(filter: AccessFilter, q: ListQuery): Promise<{ items: UserListItem[]; total: number }> {
      // The schema allows only the list's own keys; the own-property check keeps a lookup by name safe regardless.
      const sortKey = q.sortBy && Object.hasOwn(sortColumns, q.sortBy) ? (q.sortBy as keyof typeof sortColumns) : 'name'
      const page = listPage('users', filter, q, sortKey)
      const [rows, [counted]] = await Promise.all([
        read(
          page.rowsKey,
          () =>
            db
              .select({
                id: t.users.id,
                email: t.users.email,
                firstName: t.users.firstName,
                lastName: t.users.lastName,
                roleKey: t.roles.key,
                roleName: t.roles.name,
                teamName: t.teams.name,
                officeName: t.offices.name,
                active: t.users.active,
              })
              .from(t.users)
              .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
              .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
              .leftJoin(t.offices, eq(t.offices.id, officeId))
              .where(withAccess(filter, searchOf(q)))
              .orderBy(...page.orderBy(sortColumns[sortKey], t.users.id))
              .limit(page.limit)
              .offset(page.offset),
          page.values,
        ),
        read(
          page.countKey,
          () =>
            db
              .select({ n: count() })
              .from(t.users)
              .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
              .where(withAccess(filter, searchOf(q))),
          page.values,
        ),
      ])
      return {
        items: rows.map(({ firstName, lastName, ...r }) => ({ ...r, fullName: `${firstName} ${lastName}` })),
        total: counted?.n ?? 0,
      }
    },

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

    async insert(tx: Db, row: typeof t.users.$inferInsert) {
      await tx.insert(t.users).values(row)
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
