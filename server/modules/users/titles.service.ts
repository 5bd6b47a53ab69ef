import { randomUUID } from 'node:crypto'
import { asc, count, eq, isNotNull } from 'drizzle-orm'
import type { z } from 'zod'
import type { Translate } from '../../../shared/schemas/errors'
import type { UserTitleItem, userTitleInputSchema, userTitleUpdateSchema } from '../../../shared/schemas/users'
import type { Database, Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { refuseTakenName } from '../../db/unique-name'

type Actor = { id: string }

/**
 * User titles (docs/decisions/040): the organisation's list a user's title is chosen from. A title is unique (case
 * ignored). Renaming one renames it on everyone holding it, in the same transaction; a title someone holds is not
 * deleted (the answer says how many). A title saved on a user that is not on the list yet joins it (`ensure`).
 */
export function titlesService(database: Database, opts: { now?: () => number } = {}) {
  const { db, t } = database
  const now = opts.now ?? Date.now

  async function list(tx: Db = db): Promise<UserTitleItem[]> {
    const [titles, held] = await Promise.all([
      tx.select({ id: t.userTitles.id, name: t.userTitles.name }).from(t.userTitles).orderBy(asc(t.userTitles.name)),
      tx.select({ title: t.users.title, n: count() }).from(t.users).where(isNotNull(t.users.title)).groupBy(t.users.title),
    ])
    const counts = new Map(held.map((h) => [h.title!, h.n]))
    return titles.map((x) => ({ ...x, userCount: counts.get(x.name) ?? 0 }))
  }

  async function one(tx: Db, id: string): Promise<UserTitleItem> {
    const found = (await list(tx)).find((x) => x.id === id)
    if (!found) throw notFound()
    return found
  }

  async function nameTaken(tx: Db, name: string, exceptId: string | null, translate: Translate) {
    await refuseTakenName(tx, t.userTitles, name, { exceptId, message: translate('titlesAdmin.nameTaken') })
  }

  return {
    list: () => list(),

    /** The names, for the users list's filter and the user forms' choices. */
    async names(): Promise<string[]> {
      return (await db.select({ name: t.userTitles.name }).from(t.userTitles).orderBy(asc(t.userTitles.name))).map((r) => r.name)
    },

    /** Puts titles saved on users on the list when they are not there yet (a user form, an import), in their transaction. */
    async ensure(tx: Db, names: Array<string | null | undefined>) {
      const wanted = [...new Set(names.filter((n): n is string => !!n && n.trim() !== ''))]
      if (wanted.length === 0) return
      const at = now()
      await tx
        .insert(t.userTitles)
        .values(wanted.map((name) => ({ id: randomUUID(), name, createdAt: at })))
        .onConflictDoNothing({ target: t.userTitles.name })
    },

    create(actor: Actor, input: z.output<typeof userTitleInputSchema>, translate: Translate): Promise<UserTitleItem> {
      return database.transaction(async (tx) => {
        await nameTaken(tx, input.name, null, translate)
        const id = randomUUID()
        const at = now()
        await tx.insert(t.userTitles).values({ id, name: input.name, createdAt: at })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'user_title', entityId: id, action: 'created', after: { name: input.name } })
        return one(tx, id)
      })
    },

    update(actor: Actor, id: string, input: z.output<typeof userTitleUpdateSchema>, translate: Translate): Promise<UserTitleItem> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        if (current.name !== input.basedOn) throw new ApiError(409, 'version_conflict', { details: { current } })
        if (current.name === input.name) return current
        await nameTaken(tx, input.name, id, translate)
        const at = now()
        await tx.update(t.userTitles).set({ name: input.name }).where(eq(t.userTitles.id, id))
        // Everyone holding the title gets the new name (their own log lines would be one per person: the title's says how many).
        await tx.update(t.users).set({ title: input.name, updatedAt: at }).where(eq(t.users.title, current.name))
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'user_title',
          entityId: id,
          action: 'updated',
          before: { name: current.name },
          after: { name: input.name, users: current.userCount },
        })
        return one(tx, id)
      })
    },

    remove(actor: Actor, id: string): Promise<{ id: string }> {
      return database.transaction(async (tx) => {
        const current = await one(tx, id)
        if (current.userCount > 0) throw new ApiError(409, 'title_in_use', { params: { count: current.userCount } })
        const at = now()
        await tx.delete(t.userTitles).where(eq(t.userTitles.id, id))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'user_title', entityId: id, action: 'deleted', before: { name: current.name } })
        return { id }
      })
    },
  }
}

export type TitlesService = ReturnType<typeof titlesService>
