import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm'
import { LOOKUP_LIMIT, type LookupItem, type LookupQuery } from '../../../shared/schemas/lookups'
import { lookupItems, lookupWhere } from '../../db/lookup'
import { type UserListItem, type UserListQuery } from '../../../shared/schemas/users'
import { withAccess, type AccessFilter } from '../../db/conditions'
import { listPage } from '../../db/list-page'
import type { Db } from '../../db/client'
import { type UsersRepoContext } from './users.repo-context'

/** The users as the register reads them: the list with its filters, one row, the rules' subjects, names. */
export function userListReads(ctx: UsersRepoContext) {
  const { db, t, read, officeId, conditionColumns, sortColumns, filtersOf, searchOf } = ctx
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

    /** Names for a log line, which outlives ids' meaning to a reader. */
    async names(tx: Db, ids: { roleId?: string | null; teamId?: string | null }): Promise<{ role: string | null; team: string | null }> {
      const [role] = ids.roleId ? await tx.select({ name: t.roles.name }).from(t.roles).where(eq(t.roles.id, ids.roleId)) : []
      const [team] = ids.teamId ? await tx.select({ name: t.teams.name }).from(t.teams).where(eq(t.teams.id, ids.teamId)) : []
      return { role: role?.name ?? null, team: team?.name ?? null }
    },
  }
}
