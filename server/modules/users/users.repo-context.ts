import { eq, gte, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { ListQuery } from '../../../shared/schemas/pagination'
import { USER_SORT_KEYS, type UserListQuery } from '../../../shared/schemas/users'
import { caseless, containsText } from '../../db/conditions'
import { userOfficeId } from '../../db/expressions'
import { preparedReads } from '../../db/prepared'
import type { Database } from '../../db/client'

/** What the user rows' parts share: the tables, the read connection, a person's office, and the list's conditions, sorts, filters and search. */
export function usersRepoContext(database: Database) {
  const { db, t } = database
  const read = preparedReads(database)
  const officeId = userOfficeId(t)

  /** The fields rule conditions on `users` may use. */
  const conditionColumns = { id: t.users.id, teamId: t.users.teamId, officeId }

  const sortColumns: Record<(typeof USER_SORT_KEYS)[number], SQLWrapper> = {
    name: caseless(database.dialect, sql`${t.users.firstName} || ' ' || ${t.users.lastName}`),
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

  return { database, db, t, read, officeId, conditionColumns, sortColumns, filtersOf, searchOf }
}
export type UsersRepoContext = ReturnType<typeof usersRepoContext>
