import { asc, count, eq, sql } from 'drizzle-orm'
import type { Translate } from '../../../shared/schemas/errors'
import type { AdminLevel, LevelInput } from '../../../shared/schemas/game'
import type { Database, Db } from '../../db/client'
import { ApiError, validationError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'

/**
 * The levels of the sales game (decision 052), as an admin keeps them: a number, a name, the XP it needs and its
 * benefits. Higher numbers need more XP. A level someone has reached is kept (it may change, not go); a change of
 * the XP a level needs applies from the next XP earned — nobody's reached levels are rewritten.
 */
export function gameLevels(database: Database) {
  const { db, t } = database
  const L = t.gameLevels

  async function all(tx: Db): Promise<AdminLevel[]> {
    const R = t.gameLevelsReached
    const [levels, reached] = await Promise.all([
      tx.select().from(L).orderBy(asc(L.number)),
      tx.select({ levelId: R.levelId, n: count() }).from(R).groupBy(R.levelId),
    ])
    const by = new Map(reached.map((r) => [r.levelId, Number(r.n)]))
    return levels.map((l) => ({
      id: l.id,
      number: l.number,
      name: l.name,
      requiredXp: l.requiredXp,
      benefits: l.benefits,
      version: l.version,
      reachedBy: by.get(l.id) ?? 0,
    }))
  }

  /** The levels as they would be after a change: numbers unique, and the XP rising with the number. */
  function check(levels: Array<{ id: string; number: number; requiredXp: number }>, changed: string, translate: Translate) {
    const others = levels.filter((l) => l.id !== changed)
    const mine = levels.find((l) => l.id === changed)!
    if (others.some((l) => l.number === mine.number)) throw validationError({ number: [translate('validation.game.levelNumberTaken')] })
    const wrong = others.some((l) => (l.number < mine.number && l.requiredXp >= mine.requiredXp) || (l.number > mine.number && l.requiredXp <= mine.requiredXp))
    if (wrong) throw validationError({ requiredXp: [translate('validation.game.levelOrder')] })
  }

  const fields = (l: { number: number; name: string; requiredXp: number; benefits: string }) => ({
    number: l.number,
    name: l.name,
    requiredXp: l.requiredXp,
    benefits: l.benefits,
  })

  return {
    async list(): Promise<AdminLevel[]> {
      return all(db)
    },

    async create(actorId: string, input: LevelInput, translate: Translate, now: number): Promise<AdminLevel> {
      return database.transaction(async (tx) => {
        const id = crypto.randomUUID()
        const row = { id, number: input.number, name: input.name, requiredXp: input.requiredXp, benefits: input.benefits ?? '' }
        check([...(await all(tx)), row], id, translate)
        await tx.insert(L).values({ ...row, version: 1, createdAt: now, updatedAt: now })
        await logActivity(tx, t, { at: now, actorId, entity: 'game_level', entityId: id, action: 'created', after: fields(row) })
        return (await all(tx)).find((l) => l.id === id)!
      })
    },

    async update(actorId: string, id: string, version: number, input: LevelInput, translate: Translate, now: number): Promise<AdminLevel> {
      return database.transaction(async (tx) => {
        const levels = await all(tx)
        const before = levels.find((l) => l.id === id)
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        const after = { ...before, number: input.number, name: input.name, requiredXp: input.requiredXp, benefits: input.benefits ?? '' }
        check(
          levels.map((l) => (l.id === id ? after : l)),
          id,
          translate,
        )
        await tx
          .update(L)
          .set({ ...fields(after), version: sql`${L.version} + 1`, updatedAt: now })
          .where(eq(L.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'game_level', entityId: id, action: 'updated', ...changedFields(fields(before), fields(after)) })
        return (await all(tx)).find((l) => l.id === id)!
      })
    },

    async remove(actorId: string, id: string, version: number, now: number): Promise<void> {
      await database.transaction(async (tx) => {
        const before = (await all(tx)).find((l) => l.id === id)
        if (!before) throw new ApiError(404, 'not_found')
        if (before.version !== version) throw new ApiError(409, 'changed_elsewhere')
        if (before.reachedBy > 0) throw new ApiError(409, 'level_in_use', { params: { count: before.reachedBy } })
        await tx.delete(L).where(eq(L.id, id))
        await logActivity(tx, t, { at: now, actorId, entity: 'game_level', entityId: id, action: 'deleted', before: fields(before) })
      })
    },
  }
}
