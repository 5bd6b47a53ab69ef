import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gte, inArray, isNotNull, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { LOOKUP_LIMIT, type LookupItem, type LookupQuery } from '../../../shared/schemas/lookups'
import { lookupItems, lookupWhere } from '../../db/lookup'
import type { StoredRule } from '../../../shared/permissions/ability'
import type { ListQuery } from '../../../shared/schemas/pagination'
import { USER_SORT_KEYS, type RoleListItem, type UserListItem, type UserListQuery } from '../../../shared/schemas/users'
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
    created: t.users.createdAt,
    deactivated: t.users.deactivatedAt,
  }

  /** The list's own filters, as placeholders (the statement is prepared per shape), and the shape's key. */
  const filtersOf = (q: UserListQuery) => {
    const where: SQL[] = []
    const values: Record<string, unknown> = {}
    const shape: string[] = [q.status]
    // The status is part of the shape, so it may be a constant of the statement.
    if (q.status !== 'all') where.push(eq(t.users.active, q.status === 'active'))
    const add = (name: 'roleId' | 'teamId' | 'officeId' | 'regionId' | 'title', column: SQLWrapper) => {
      if (q[name] === undefined) return
      where.push(sql`${column} = ${sql.placeholder(name)}`)
      values[name] = q[name]
      shape.push(name)
    }
    add('roleId', t.users.roleId)
    add('teamId', t.users.teamId)
    add('officeId', officeId)
    add('regionId', t.offices.regionId)
    add('title', t.users.title)
    if (q.createdSince !== undefined) {
      where.push(gte(t.users.createdAt, sql.placeholder('createdSince')))
      values.createdSince = q.createdSince
      shape.push('since')
    }
    return { where, values, shape: shape.join(',') }
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

    async list(filter: AccessFilter, q: UserListQuery): Promise<{ items: UserListItem[]; total: number }> {
      // The schema allows only the list's own keys; the own-property check keeps a lookup by name safe regardless.
      const sortKey = q.sortBy && Object.hasOwn(sortColumns, q.sortBy) ? (q.sortBy as keyof typeof sortColumns) : 'name'
      const page = listPage('users', filter, q, sortKey)
      const own = filtersOf(q)
      const values = { ...page.values, ...own.values }
      const [rows, [counted]] = await Promise.all([
        read(
          `${page.rowsKey}|${own.shape}`,
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
                title: t.users.title,
                active: t.users.active,
                createdAt: t.users.createdAt,
                deactivatedAt: t.users.deactivatedAt,
                deactivationReason: t.users.deactivationReason,
                lastSignInAt: t.users.lastSignInAt,
              })
              .from(t.users)
              .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
              .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
              .leftJoin(t.offices, eq(t.offices.id, officeId))
              .where(withAccess(filter, searchOf(q), ...own.where))
              .orderBy(...page.orderBy(sortColumns[sortKey], t.users.id))
              .limit(page.limit)
              .offset(page.offset),
          values,
        ),
        read(
          `${page.countKey}|${own.shape}`,
          () => {
            const counting = db.select({ n: count() }).from(t.users).leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
            // The office join only when a region is asked for (the office itself is a column of users or teams).
            return (q.regionId !== undefined ? counting.leftJoin(t.offices, eq(t.offices.id, officeId)) : counting).where(
              withAccess(filter, searchOf(q), ...own.where),
            )
          },
          values,
        ),
      ])
      return {
        items: rows.map(({ firstName, lastName, ...r }) => ({ ...r, fullName: `${firstName} ${lastName}` })),
        total: counted?.n ?? 0,
      }
    },

    /** One user with their role, team, office and region (null when there is none), in the caller's transaction. */
    async row(tx: Db, id: string) {
      const [row] = await tx
        .select({
          user: t.users,
          roleKey: t.roles.key,
          roleName: t.roles.name,
          teamName: t.teams.name,
          teamProviderId: t.teams.providerId,
          officeId,
          officeName: t.offices.name,
          regionId: t.offices.regionId,
          regionName: t.regions.name,
        })
        .from(t.users)
        .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .leftJoin(t.offices, eq(t.offices.id, officeId))
        .leftJoin(t.regions, eq(t.regions.id, t.offices.regionId))
        .where(eq(t.users.id, id))
      return row ?? null
    },

    /** Several users as rule conditions see them (id, team, office), for bulk actions. */
    async subjects(tx: Db, ids: string[]) {
      if (ids.length === 0) return []
      return tx
        .select({
          id: t.users.id,
          teamId: t.users.teamId,
          officeId,
          roleId: t.users.roleId,
          active: t.users.active,
          version: t.users.version,
          first: t.users.firstName,
          last: t.users.lastName,
        })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(inArray(t.users.id, ids))
    },

    /** The ids of the providers a user sells for (decision 044). */
    async providerIds(tx: Db, userId: string): Promise<string[]> {
      const rows = await tx.select({ id: t.userProviders.providerId }).from(t.userProviders).where(eq(t.userProviders.userId, userId))
      return rows.map((r) => r.id).sort()
    },

    async setProviders(tx: Db, userId: string, providerIds: string[]) {
      await tx.delete(t.userProviders).where(eq(t.userProviders.userId, userId))
      if (providerIds.length > 0) await tx.insert(t.userProviders).values(providerIds.map((providerId) => ({ userId, providerId })))
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

    /** Names for a log line, which outlives ids' meaning to a reader. */
    async names(tx: Db, ids: { roleId?: string | null; teamId?: string | null }): Promise<{ role: string | null; team: string | null }> {
      const [role] = ids.roleId ? await tx.select({ name: t.roles.name }).from(t.roles).where(eq(t.roles.id, ids.roleId)) : []
      const [team] = ids.teamId ? await tx.select({ name: t.teams.name }).from(t.teams).where(eq(t.teams.id, ids.teamId)) : []
      return { role: role?.name ?? null, team: team?.name ?? null }
    },

    async update(tx: Db, id: string, values: Partial<typeof t.users.$inferInsert>) {
      await tx.update(t.users).set(values).where(eq(t.users.id, id))
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

    async insert(tx: Db, row: typeof t.users.$inferInsert) {
      await tx.insert(t.users).values(row)
    },

    /** A user's direct rules replaced by these, in this order. */
    async replaceDirectRules(tx: Db, userId: string, rules: StoredRule[]) {
      await tx.delete(t.permissionRules).where(and(eq(t.permissionRules.userId, userId), isNull(t.permissionRules.roleId)))
      if (rules.length === 0) return
      await tx.insert(t.permissionRules).values(
        rules.map((rule, position) => ({
          id: randomUUID(),
          roleId: null,
          userId,
          action: rule.action,
          subject: rule.subject,
          fields: rule.fields ?? null,
          conditions: rule.conditions ?? null,
          inverted: rule.inverted ?? false,
          reason: rule.reason ?? null,
          position,
        })),
      )
    },

    /** Many users in few statements (an import): a few hundred rows a statement, under either database's limit of parameters. */
    async insertMany(tx: Db, rows: Array<typeof t.users.$inferInsert>) {
      for (let i = 0; i < rows.length; i += 200) await tx.insert(t.users).values(rows.slice(i, i + 200))
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
