import { asc, eq } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import type { CoachGroupItem } from '../../../shared/schemas/org'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import type { Deps } from '../../platform/deps'
import { refuseTakenName } from '../../db/unique-name'
import { activeCoaches, userNames } from './org.coaches'

export type Actor = { id: string }

/** The catalog's providers, asked through a port (the org area does not read the catalog's tables). */
export type ProviderList = (db: Db) => Promise<Array<{ id: string; name: string; active: boolean }>>

export { same, sorted } from './org.coaches'

/** What the coach groups' parts share: the tables, the list and one group as answered, the checks, names and setting a group's coaches. */
export function coachGroupsContext({ database, events }: Pick<Deps, 'database' | 'events'>, opts: { providers: ProviderList; now?: () => number }) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  async function list(tx: Db = db): Promise<CoachGroupItem[]> {
    const [groups, members, links, providers] = await Promise.all([
      tx
        .select({ id: t.coachGroups.id, name: t.coachGroups.name, version: t.coachGroups.version, createdAt: t.coachGroups.createdAt })
        .from(t.coachGroups)
        .orderBy(asc(t.coachGroups.name)),
      tx
        .select({ groupId: t.coachGroupMembers.groupId, id: t.users.id, first: t.users.firstName, last: t.users.lastName, active: t.users.active })
        .from(t.coachGroupMembers)
        .innerJoin(t.users, eq(t.users.id, t.coachGroupMembers.userId))
        .orderBy(asc(t.users.firstName), asc(t.users.lastName)),
      tx.select().from(t.coachGroupProviders),
      opts.providers(tx),
    ])
    const providerName = new Map(providers.map((p) => [p.id, p.name]))
    return groups.map((g) => ({
      ...g,
      coaches: members.filter((m) => m.groupId === g.id).map((m) => ({ id: m.id, name: `${m.first} ${m.last}`, active: m.active })),
      providers: links
        .filter((l) => l.groupId === g.id && providerName.has(l.providerId))
        .map((l) => ({ id: l.providerId, name: providerName.get(l.providerId)! }))
        .sort((a, b) => a.name.localeCompare(b.name, 'sv')),
    }))
  }

  async function one(tx: Db, id: string) {
    const found = (await list(tx)).find((g) => g.id === id)
    if (!found) throw notFound()
    return found
  }

  /** The name is free (case ignored) and every coach is an active user; the coach ids, sorted. */
  async function check(tx: Db, input: { name: string; coachIds: string[] }, exceptId: string | null, translate: Translate) {
    await refuseTakenName(tx, t.coachGroups, input.name, { exceptId, message: translate('orgAdmin.coachGroups.nameTaken') })
    return activeCoaches(tx, t, input.coachIds, translate('orgAdmin.coachGroups.unknownCoach'))
  }

  const names = (tx: Db, ids: string[]) => userNames(tx, t, ids)

  async function setCoaches(tx: Db, groupId: string, coachIds: string[]) {
    await tx.delete(t.coachGroupMembers).where(eq(t.coachGroupMembers.groupId, groupId))
    if (coachIds.length > 0) await tx.insert(t.coachGroupMembers).values(coachIds.map((userId) => ({ groupId, userId })))
  }

  return { database, events, opts, db, t, now, list, one, check, names, setCoaches }
}
export type CoachGroupsContext = ReturnType<typeof coachGroupsContext>
