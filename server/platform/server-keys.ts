import { eq } from 'drizzle-orm'
import type { Database } from '../db/client'

/**
 * A key the server makes for itself once and keeps in the database (table server_keys): made at the first start
 * that asks for it, then read by every start and every instance. Two instances starting at once agree: the
 * first insert wins and both read it back.
 */
export async function serverKey<T extends Record<string, string>>(database: Database, name: string, make: () => T): Promise<T> {
  const { db, t } = database
  const read = async () => (await db.select({ value: t.serverKeys.value }).from(t.serverKeys).where(eq(t.serverKeys.name, name)))[0]?.value as T | undefined
  const found = await read()
  if (found) return found
  await db.insert(t.serverKeys).values({ name, value: make(), createdAt: Date.now() }).onConflictDoNothing()
  const made = await read()
  if (!made) throw new Error(`server key ${name} could not be stored`)
  return made
}
