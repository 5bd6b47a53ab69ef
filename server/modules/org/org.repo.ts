import { asc, count, desc, eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { ListQuery } from '../../../shared/schemas/pagination'
import type { TeamListItem } from '../../../shared/schemas/users'
import { containsPattern, containsText, withAccess, type AccessFilter } from '../../db/conditions'
import { literalLimit, preparedReads } from '../../db/prepared'
import type { Database } from '../../db/client'

export function orgRepo(database: Database) {
  const { db, t } = database
  const read = preparedReads(database)
  /** The fields rule conditions on `teams` may use. */
  const teamConditionColumns = { id: t.teams.id, officeId: t.teams.officeId, regionId: t.offices.regionId }

  const memberCount = sql<number>`(select count(*) from ${t.users} where ${t.users.teamId} = ${t.teams.id})`.mapWith(Number)

  const sortColumns: Record<string, SQLWrapper> = {
    name: t.teams.name,
    office: t.offices.name,
    region: t.regions.name,
  }

  return {
    teamConditionColumns,

    async listTeams(filter: AccessFilter, q: ListQuery): Promise<{ items: TeamListItem[]; total: number }> {
      const sortKey = q.sortBy && sortColumns[q.sortBy] ? q.sortBy : 'name'
      const key = `teams.list|${filter.shape}|${q.q ? 'q' : ''}|${sortKey}|${q.orderBy}|${q.itemsPerPage}`
      const rows = await read(
        key,
        () => {
          const sortExpr = sortColumns[sortKey]!
          return db
            .select({
              id: t.teams.id,
              name: t.teams.name,
              officeId: t.teams.officeId,
              officeName: t.offices.name,
              regionName: t.regions.name,
              memberCount,
            })
            .from(t.teams)
            .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
            .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
            .where(withAccess(filter, q.q ? containsText(t.teams.name, 'q') : undefined))
            .orderBy(q.orderBy === 'desc' ? desc(sortExpr) : asc(sortExpr), asc(t.teams.id))
            .limit(literalLimit(q.itemsPerPage))
            .offset(sql.placeholder('offset'))
        },
        { ...filter.params, q: q.q ? containsPattern(q.q) : undefined, offset: (q.page - 1) * q.itemsPerPage },
      )
      const [counted] = await read(
        `teams.count|${filter.shape}|${q.q ? 'q' : ''}`,
        () =>
          db
            .select({ n: count() })
            .from(t.teams)
            .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
            .where(withAccess(filter, q.q ? containsText(t.teams.name, 'q') : undefined)),
        { ...filter.params, q: q.q ? containsPattern(q.q) : undefined },
      )
      return { items: rows, total: counted?.n ?? 0 }
    },
  }
}
