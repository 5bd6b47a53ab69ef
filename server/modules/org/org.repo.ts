import { asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { ListQuery } from '../../../shared/schemas/pagination'
import type { TeamListItem } from '../../../shared/schemas/users'
import { containsPattern, containsText, withAccess, type AccessFilter } from '../../db/conditions'
import { preparedReads } from '../../db/prepared'
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
      const key = `teams.list|${filter.shape}|${q.q ? 'q' : ''}|${sortKey}|${q.orderBy}`
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
              total: sql<number>`count(*) over ()`.mapWith(Number),
            })
            .from(t.teams)
            .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
            .innerJoin(t.regions, eq(t.regions.id, t.offices.regionId))
            .where(withAccess(filter, q.q ? containsText(t.teams.name, 'q') : undefined))
            .orderBy(q.orderBy === 'desc' ? desc(sortExpr) : asc(sortExpr), asc(t.teams.id))
            .limit(sql.placeholder('limit'))
            .offset(sql.placeholder('offset'))
        },
        { ...filter.params, q: q.q ? containsPattern(q.q) : undefined, limit: q.itemsPerPage, offset: (q.page - 1) * q.itemsPerPage },
      )
      const total = rows[0]?.total ?? (q.page > 1 ? (await this.listTeams(filter, { ...q, page: 1 })).total : 0)
      return { items: rows.map(({ total: _total, ...r }) => r), total }
    },
  }
}
