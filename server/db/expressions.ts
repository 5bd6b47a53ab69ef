import { sql, type SQL } from 'drizzle-orm'
import type { Schema } from './client'

/** A user's office: their own, else their team's (the query must join teams on users.team_id). */
export function userOfficeId(t: Schema): SQL<string | null> {
  return sql<string | null>`coalesce(${t.users.officeId}, ${t.teams.officeId})`
}
