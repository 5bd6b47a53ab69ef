import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import type { Database, Db } from '../db/client'

/** The titles a Swedish sales organisation gives its people, by role (decision 040's list, as the demo keeps it). */
const BY_ROLE: Record<string, string> = {
  admin: 'Systemansvarig',
  manager: 'Kontorschef',
  coach: 'Teamledare',
  backoffice: 'Orderhandläggare',
  recruiter: 'Rekryterare',
  seller: 'Säljare',
}

/**
 * The demo's user titles (issue 70): the list admins keep, and everyone's title by their role; every third seller,
 * by name, is a senior seller, so the list and the users' screens show what titles are for.
 */
export async function seedDemoTitles(database: Database, tx: Db, now: number) {
  const { t } = database
  const names = [...new Set([...Object.values(BY_ROLE), 'Senior säljare'])].sort((a, b) => a.localeCompare(b, 'sv'))
  await tx.insert(t.userTitles).values(names.map((name) => ({ id: randomUUID(), name, createdAt: now })))
  const people = await tx
    .select({ id: t.users.id, role: t.roles.key })
    .from(t.users)
    .innerJoin(t.roles, eq(t.roles.id, t.users.roleId))
    .orderBy(asc(t.users.lastName), asc(t.users.firstName))
  let sellers = 0
  for (const p of people) {
    const title = p.role === 'seller' && sellers++ % 3 === 2 ? 'Senior säljare' : BY_ROLE[p.role]
    if (title) await tx.update(t.users).set({ title }).where(eq(t.users.id, p.id))
  }
}
