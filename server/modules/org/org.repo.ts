import { asc, count, desc, eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { ListQuery } from '../../../shared/schemas/pagination'
import type { TeamListItem } from '../../../shared/schemas/users'
import { containsText, withAccess, type AccessFilter } from '../../db/conditions'
import type { Database } from '../../db/client'

export function orgRepo({ db, t }: Database) {
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
      const where = withAccess(filter, q.q ? containsText(t.teams.name, q.q) : undefined)
      const sortExpr = sortColumns[q.sortBy ?? 'name'] ?? t.teams.name
      const [items, [totalRow]] = await Promise.all([
        db
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
          .where(where)
          .orderBy(q.orderBy === 'desc' ? desc(sortExpr) : asc(sortExpr), asc(t.teams.id))
          .limit(q.itemsPerPage)
          .offset((q.page - 1) * q.itemsPerPage),
        db
          .select({ n: count() })
          .from(t.teams)
          .innerJoin(t.offices, eq(t.offices.id, t.teams.officeId))
          .where(where),
      ])
      return { items, total: totalRow?.n ?? 0 }
    },
  }
}
