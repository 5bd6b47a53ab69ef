import { eq, sql } from 'drizzle-orm'
import type { Db, Schema } from './client'

/**
 * The change counter every row a device pulls carries in its `version` column (decision 008): one global,
 * monotonically increasing value, taken once per transaction by whoever writes such rows (a device's mutation,
 * back office, a job). Rows written by one transaction share it, so a pull page never splits them.
 */
export async function nextChangeVersion(tx: Db, t: Schema): Promise<number> {
  const [row] = await tx
    .update(t.syncVersion)
    .set({ version: sql`${t.syncVersion.version} + 1` })
    .where(eq(t.syncVersion.id, 'global'))
    .returning({ version: t.syncVersion.version })
  return row!.version
}
