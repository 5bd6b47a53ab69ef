import { count, eq, sql, type SQLWrapper } from 'drizzle-orm'
import type { ListQuery } from '../../../shared/schemas/pagination'
import { TEAM_SORT_KEYS, type TeamListItem } from '../../../shared/schemas/users'
import { containsText, withAccess, type AccessFilter } from '../../db/conditions'
import { listPage } from '../../db/list-page'
import { preparedReads } from '../../db/prepared'
import type { Database } from '../../db/client'

export function orgRepo(database: Database) {
  const { db, t } = database
  const read = preparedReads(database)
  /** The fields rule conditions on `teams` may use. */
  const teamConditionColumns = { id: t.teams.id, officeId: t.teams.officeId, regionId: t.offices.regionId }

  const memberCount = sql<number>`(select count(*) from ${t.users} where ${t.users.teamId} = ${t.teams.id})`.mapWith(Number)

  const sortColumns: Record<(typeof TEAM_SORT_KEYS)[number], SQLWrapper> = {
    name: t.teams.name,
    office: t.offices.name,
    region: t.regions.name,
  }

  return {
    teamConditionColumns,

    async listTeams(filter: AccessFilter, q: ListQuery): Promise<{ items: TeamListItem[]; total: number }> {
      // The schema allows only the list's own keys; the own-property check keeps a lookup by name safe regardless.
      const sortKey = q.sortBy && Object.hasOwn(sortColumns, q.sortBy) ? (q.sortBy as keyof typeof sortColumns) : 'name'
      const page = listPage('teams', filter, q, sortKey)
      const search = () => (q.q ? containsText(t.teams.name, 'q') : undefined)
      const [items, [counted]] = await Promise.all([
        read(
          page.rowsKey,
          () =>
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
              .where(withAccess(filter, search()))
              .orderBy(...page.orderBy(sortColumns[sortKey], t.teams.id))
              .limit(page.limit)
              .offset(page.offset),
          page.values,
        ),
        read(
          page.countKey,
          () => db.select({ n: count() }).from(t.teams).innerJoin(t.offices, eq(t.offices.id, t.teams.officeId)).where(withAccess(filter, search())),
          page.values,
        ),
      ])
      return { items, total: counted?.n ?? 0 }
    },
  }
}
