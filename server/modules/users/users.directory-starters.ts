import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { userOfficeId } from '../../db/expressions'
import { type UsersDirectoryContext } from './users.directory-context'

/** Who has just started: an office screen's welcome (issue 76). */
export function starterDirectory(ctx: UsersDirectoryContext) {
  const { t } = ctx
  return {
    /**
     * Active people of an office (or of some of its teams) whose employment began within these days, newest first (an
     * office screen's welcome; issue 76): at most 12.
     */
    async newStarters(
      db: Db,
      place: { officeId: string; teamIds: string[] },
      days: { from: string; to: string },
    ): Promise<Array<{ id: string; name: string; teamName: string | null; since: string }>> {
      const rows = await db
        .select({ id: t.users.id, first: t.users.firstName, last: t.users.lastName, teamName: t.teams.name, since: t.users.employmentDate })
        .from(t.users)
        .leftJoin(t.teams, eq(t.teams.id, t.users.teamId))
        .where(
          and(
            eq(t.users.active, true),
            gte(t.users.employmentDate, days.from),
            lte(t.users.employmentDate, days.to),
            place.teamIds.length > 0 ? inArray(t.users.teamId, place.teamIds) : eq(userOfficeId(t), place.officeId),
          ),
        )
        .orderBy(desc(t.users.employmentDate), asc(t.users.firstName))
        .limit(12)
      return rows.map((r) => ({ id: r.id, name: `${r.first} ${r.last}`, teamName: r.teamName, since: r.since! }))
    },
  }
}
