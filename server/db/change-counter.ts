import { eq, sql } from 'drizzle-orm'
import type { Database, Db, Schema } from './client'
import { preparedWrites } from './prepared'

/**
 * The change counters every row a device pulls carries in its `version` column (decisions 008, 057): one counter
 * per user, the owner of the row. A transaction that writes a user's rows takes the next value of that user's
 * counter (a row lock on one user's counter: writers for different people never wait on each other, and two
 * writers for the same person commit in the order of their values, so a pull never sees a later value without the
 * earlier). A user's counter starts from the global baseline (the single counter of before), above every value
 * written until then, so a device's old cookie stays valid.
 */
export async function nextChangeVersion(tx: Db, t: Schema, userId: string): Promise<number> {
  const baseline = sql`(select ${t.syncVersion.version} + 1 from ${t.syncVersion} where ${t.syncVersion.id} = 'global')`
  const [row] = await tx
    .insert(t.syncUserVersions)
    .values({ userId, version: baseline as unknown as number })
    .onConflictDoUpdate({ target: t.syncUserVersions.userId, set: { version: sql`${t.syncUserVersions.version} + 1` } })
    .returning({ version: t.syncUserVersions.version })
  return row!.version
}

/**
 * `nextChangeVersion` with its statement prepared once, for the path every pushed change runs (the sync's
 * mutations): the same upsert, built with placeholders.
 */
export function preparedChangeVersion(database: Database): (tx: Db, userId: string) => Promise<number> {
  const { t } = database
  const write = preparedWrites(database)
  const baseline = sql`(select ${t.syncVersion.version} + 1 from ${t.syncVersion} where ${t.syncVersion.id} = 'global')`
  return async (tx, userId) => {
    const [row] = await write.rows(
      tx,
      'changeCounter.next',
      (db) =>
        db
          .insert(t.syncUserVersions)
          .values({ userId: sql.placeholder('userId') as unknown as string, version: baseline as unknown as number })
          .onConflictDoUpdate({ target: t.syncUserVersions.userId, set: { version: sql`${t.syncUserVersions.version} + 1` } })
          .returning({ version: t.syncUserVersions.version }),
      { userId },
    )
    return row!.version
  }
}

/**
 * One value per user for the whole transaction, taken on first use: the rows one transaction writes for a user
 * share it, so a pull page never splits them.
 */
export function changeVersions(
  tx: Db,
  t: Schema,
  next: (tx: Db, userId: string) => Promise<number> = (tx, userId) => nextChangeVersion(tx, t, userId),
): (userId: string) => Promise<number> {
  const taken = new Map<string, Promise<number>>()
  return (userId) => {
    let version = taken.get(userId)
    if (!version) {
      version = next(tx, userId)
      taken.set(userId, version)
    }
    return version
  }
}

/** A user's counter as a pull reads it: its value now, or the baseline for someone nothing was written for since. */
export async function currentChangeVersion(tx: Db, t: Schema, userId: string): Promise<number> {
  const [own] = await tx.select({ version: t.syncUserVersions.version }).from(t.syncUserVersions).where(eq(t.syncUserVersions.userId, userId))
  if (own) return own.version
  const [baseline] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
  return baseline?.version ?? 0
}

/**
 * For the seeds, which write rows with versions of their own: the baseline becomes at least `atLeast` and every
 * value any user's counter reached, and the users' counters start again from it — above every row written so far.
 */
export async function raiseChangeBaseline(tx: Db, t: Schema, atLeast: number): Promise<void> {
  const [top] = await tx.select({ version: sql<number | null>`max(${t.syncUserVersions.version})` }).from(t.syncUserVersions)
  const [baseline] = await tx.select({ version: t.syncVersion.version }).from(t.syncVersion).where(eq(t.syncVersion.id, 'global'))
  const version = Math.max(atLeast, Number(top?.version ?? 0), baseline?.version ?? 0)
  await tx.update(t.syncVersion).set({ version }).where(eq(t.syncVersion.id, 'global'))
  await tx.delete(t.syncUserVersions)
}
