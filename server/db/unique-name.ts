import { and, ne, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { ApiError } from '../lib/errors'
import type { Db } from './client'

/**
 * Refuses a name another row of the table already has, case ignored — a region, an office, a team within its office
 * (`within`), a coach group, a role, a title, an account template: 409 `conflict` with `message` on the name field.
 * The row being renamed (`exceptId`) may keep its own name. In the caller's transaction, before its write.
 */
export async function refuseTakenName(
  tx: Db,
  table: SQLiteTable & { id: SQLiteColumn; name: SQLiteColumn },
  name: string,
  opts: { exceptId: string | null; message: string; within?: SQL },
): Promise<void> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(opts.within, sql`lower(${table.name}) = lower(${name})`, opts.exceptId ? ne(table.id, opts.exceptId) : undefined))
    .limit(1)
  if (taken) throw new ApiError(409, 'conflict', { fieldErrors: { name: [opts.message] } })
}
