import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { containsTerm } from '../../db/conditions'
import { type UsersDirectoryContext } from './users.directory-context'

/** People found by their name, and the providers a person sells for: what devices and calls ask (issue 70). */
export function nameDirectory(ctx: UsersDirectoryContext) {
  const { t } = ctx
  return {
    /** The ids of people whose first and last name contain the text, case aside (a device's owner, searched by name). */
    async peopleNamed(db: Db, text: string, limit: number): Promise<string[]> {
      const rows = await db
        .select({ id: t.users.id })
        .from(t.users)
        .where(containsTerm(sql`${t.users.firstName} || ' ' || ${t.users.lastName}`, text))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /** The providers a person sells for (decision 044), none when they sell for whatever their team does. */
    async providersOf(db: Db, userId: string): Promise<string[]> {
      const rows = await db.select({ id: t.userProviders.providerId }).from(t.userProviders).where(eq(t.userProviders.userId, userId))
      return rows.map((r) => r.id).sort()
    },
  }
}
