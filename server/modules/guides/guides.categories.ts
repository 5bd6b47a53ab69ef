import { randomUUID } from 'node:crypto'
import { asc, count, eq, sql } from 'drizzle-orm'
import type { CategoryInput, CategoryItem } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Actor, GuidesContext } from './guides.context'

/** The guides' categories (docs/decisions/069): ordered, with an icon, a name and a description per language, and an audience. */
export function guideCategories(ctx: GuidesContext) {
  const { database, db, t, now } = ctx

  async function list(tx: Db = db): Promise<CategoryItem[]> {
    const [rows, counts] = await Promise.all([
      tx.select().from(t.guideCategories).orderBy(asc(t.guideCategories.position), asc(t.guideCategories.id)),
      tx.select({ categoryId: t.guides.categoryId, n: count() }).from(t.guides).groupBy(t.guides.categoryId),
    ])
    const n = new Map(counts.map((c) => [c.categoryId, Number(c.n)]))
    return rows.map((r) => ({
      id: r.id,
      position: r.position,
      icon: r.icon,
      name: r.name,
      description: r.description,
      audience: r.audience,
      guideCount: n.get(r.id) ?? 0,
      version: r.version,
    }))
  }

  const one = async (tx: Db, id: string) => (await list(tx)).find((c) => c.id === id)!

  const shown = (r: { name: unknown; description: unknown; icon: unknown; audience: unknown }) => ({
    name: r.name,
    description: r.description,
    icon: r.icon,
    audience: r.audience,
  })

  return {
    list: () => list(),

    async create(actor: Actor, input: CategoryInput): Promise<CategoryItem> {
      return database.transaction(async (tx) => {
        const at = now()
        const [top] = await tx.select({ last: sql<number | null>`max(${t.guideCategories.position})` }).from(t.guideCategories)
        const id = randomUUID()
        const row = { id, position: Number(top?.last ?? -1) + 1, ...input, createdAt: at, updatedAt: at, version: 1 }
        await tx.insert(t.guideCategories).values(row)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'guide_category', entityId: id, action: 'created', after: shown(row) })
        return one(tx, id)
      })
    },

    async update(actor: Actor, id: string, input: CategoryInput & { version: number }): Promise<CategoryItem> {
      return database.transaction(async (tx) => {
        const before = await ctx.categoryRow(tx, id, input.version)
        const at = now()
        const { version: _seen, ...values } = input
        await tx
          .update(t.guideCategories)
          .set({ ...values, updatedAt: at, version: before.version + 1 })
          .where(eq(t.guideCategories.id, id))
        const changed = changedFields(shown(before), shown(values))
        if (Object.keys(changed.after).length > 0)
          await logActivity(tx, t, { at, actorId: actor.id, entity: 'guide_category', entityId: id, action: 'updated', ...changed })
        return one(tx, id)
      })
    },

    /** Sets the order of the categories: the ids given, every category once. */
    async reorder(actor: Actor, ids: string[]): Promise<CategoryItem[]> {
      return database.transaction(async (tx) => {
        const rows = await tx.select({ id: t.guideCategories.id, position: t.guideCategories.position }).from(t.guideCategories)
        const known = new Set(rows.map((r) => r.id))
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) throw new ApiError(409, 'changed_elsewhere')
        const at = now()
        for (const [position, id] of ids.entries()) {
          if (rows.find((r) => r.id === id)!.position === position) continue
          await tx.update(t.guideCategories).set({ position, updatedAt: at }).where(eq(t.guideCategories.id, id))
        }
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'guide_category', entityId: 'order', action: 'reordered', after: { ids } })
        return list(tx)
      })
    },

    /** Deletes an empty category; one that holds guides stays (409 `category_in_use` with the count). */
    async remove(actor: Actor, id: string, version: number) {
      await database.transaction(async (tx) => {
        const row = await ctx.categoryRow(tx, id, version)
        const [held] = await tx.select({ n: count() }).from(t.guides).where(eq(t.guides.categoryId, id))
        const n = Number(held?.n ?? 0)
        if (n > 0) throw new ApiError(409, 'category_in_use', { params: { guides: n } })
        await tx.delete(t.guideCategories).where(eq(t.guideCategories.id, id))
        await logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'guide_category', entityId: id, action: 'deleted', before: shown(row) })
      })
    },
  }
}
