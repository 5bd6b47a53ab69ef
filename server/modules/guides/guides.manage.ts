import { randomUUID } from 'node:crypto'
import { and, asc, eq, gte, sql } from 'drizzle-orm'
import type { GuideAdminDetail, GuideAdminItem, GuideInput, GuideTexts } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Actor, GuidesContext } from './guides.context'
import { guidePublishing, languagesOf } from './guides.versions'
import { guideViews } from './guides.views'

/** The next place in a category (its last guide's + 1), 400 when the category is not there. */
async function nextPlaceIn(ctx: GuidesContext, tx: Db, categoryId: string) {
  const { t } = ctx
  await ctx.categoryRow(tx, categoryId).catch((err: unknown) => {
    if (err instanceof ApiError && err.status === 404)
      throw new ApiError(400, 'validation_failed', { fieldErrors: { categoryId: ['validation.guides.category'] } })
    throw err
  })
  const [top] = await tx
    .select({ last: sql<number | null>`max(${t.guides.position})` })
    .from(t.guides)
    .where(eq(t.guides.categoryId, categoryId))
  return Number(top?.last ?? -1) + 1
}

/** The columns a save writes from the editor's input. */
const saved = (input: GuideInput, position: number) => {
  const texts = input.texts as GuideTexts
  return {
    categoryId: input.categoryId,
    position,
    mustRead: input.mustRead,
    texts,
    title: texts.sv.title,
    languages: languagesOf(texts),
    audience: input.audience,
  }
}

/**
 * Writing guides (docs/decisions/069): the working texts are saved as often as the editor likes, in any category
 * and place; readers read what is published (guides.versions.ts). Every change is in the activity log.
 */
export function guideManagement(ctx: GuidesContext) {
  const { database, db, t, now, events } = ctx
  const { adminItem, detail } = guideViews(ctx)

  const placeIn = (tx: Db, categoryId: string) => nextPlaceIn(ctx, tx, categoryId)

  /** Publishes a guide's working texts as its next version, in the caller's transaction. */
  return {
    publishing: guidePublishing(ctx, { detail }),
    /** Every guide for management: its state, languages and what waits to be published (no bodies). */
    async list(): Promise<GuideAdminItem[]> {
      const rows = await db.select().from(t.guides).orderBy(asc(t.guides.categoryId), asc(t.guides.position))
      return rows.map(adminItem)
    },

    detail: (id: string) => detail(db, id),

    async create(actor: Actor, input: GuideInput): Promise<GuideAdminDetail> {
      return database.transaction(async (tx) => {
        const at = now()
        const id = randomUUID()
        const texts = input.texts as GuideTexts
        const position = await placeIn(tx, input.categoryId)
        await tx.insert(t.guides).values({
          id,
          ...saved(input, position),
          listing: null,
          publishedNumber: null,
          publishedAt: null,
          unpublished: true,
          createdAt: at,
          updatedAt: at,
          updatedBy: actor.id,
        })
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'guide',
          entityId: id,
          action: 'created',
          after: { title: texts.sv.title, categoryId: input.categoryId, mustRead: input.mustRead, audience: input.audience },
        })
        return detail(tx, id)
      })
    },

    /** Saves the working texts, flag, category and audience; readers see the texts when they are published. */
    async update(actor: Actor, id: string, input: GuideInput & { version: number }): Promise<GuideAdminDetail> {
      return database.transaction(async (tx) => {
        const row = await ctx.guideRow(tx, id, input.version)
        const at = now()
        const texts = input.texts as GuideTexts
        const moved = input.categoryId !== row.categoryId
        const position = moved ? await placeIn(tx, input.categoryId) : row.position
        const textsChanged = JSON.stringify(texts) !== JSON.stringify(row.texts) || input.mustRead !== row.mustRead
        await tx
          .update(t.guides)
          .set({
            ...saved(input, position),
            unpublished: row.unpublished || textsChanged,
            updatedAt: at,
            updatedBy: actor.id,
            version: row.version + 1,
          })
          .where(eq(t.guides.id, id))
        const shown = (r: { title: string; categoryId: string; mustRead: boolean; audience: unknown; languages: unknown }) => ({
          title: r.title,
          categoryId: r.categoryId,
          mustRead: r.mustRead,
          audience: r.audience,
          languages: r.languages,
        })
        const changed = changedFields(shown(row), shown({ ...input, title: texts.sv.title, languages: languagesOf(texts) }))
        const bodies = JSON.stringify(texts) !== JSON.stringify(row.texts)
        if (Object.keys(changed.after).length > 0 || bodies)
          await logActivity(tx, t, { at, actorId: actor.id, entity: 'guide', entityId: id, action: 'updated', ...changed, reason: bodies ? 'texts' : null })
        // The audience decides who reads a published guide at once (it is not versioned): devices are told.
        if (row.publishedNumber !== null && JSON.stringify(row.audience) !== JSON.stringify(input.audience))
          await events.record(tx, 'guide.audienceChanged', { guideId: id }, { actorId: actor.id, at })
        return detail(tx, id)
      })
    },

    /** Moves a guide to a place in a category; the others there make room. */
    async move(actor: Actor, id: string, input: { categoryId: string; position: number; version: number }): Promise<GuideAdminItem[]> {
      return database.transaction(async (tx) => {
        const row = await ctx.guideRow(tx, id, input.version)
        await ctx.categoryRow(tx, input.categoryId)
        const at = now()
        const others = await tx
          .select({ id: t.guides.id })
          .from(t.guides)
          .where(and(eq(t.guides.categoryId, input.categoryId), gte(t.guides.position, 0)))
          .orderBy(asc(t.guides.position), asc(t.guides.id))
        const order = others.map((o) => o.id).filter((o) => o !== id)
        order.splice(Math.min(input.position, order.length), 0, id)
        for (const [position, gid] of order.entries()) {
          await tx
            .update(t.guides)
            .set(gid === id ? { position, categoryId: input.categoryId, updatedAt: at, version: row.version + 1 } : { position })
            .where(eq(t.guides.id, gid))
        }
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'guide',
          entityId: id,
          action: 'moved',
          before: { categoryId: row.categoryId, position: row.position },
          after: { categoryId: input.categoryId, position: order.indexOf(id) },
        })
        const rows = await tx.select().from(t.guides).orderBy(asc(t.guides.categoryId), asc(t.guides.position))
        return rows.map(adminItem)
      })
    },

    async remove(actor: Actor, id: string, version: number) {
      await database.transaction(async (tx) => {
        const row = await ctx.guideRow(tx, id, version)
        await tx.delete(t.guides).where(eq(t.guides.id, id))
        const at = now()
        await logActivity(tx, t, {
          at,
          actorId: actor.id,
          entity: 'guide',
          entityId: id,
          action: 'deleted',
          before: { title: row.title, number: row.publishedNumber },
        })
        if (row.publishedNumber !== null) await events.record(tx, 'guide.audienceChanged', { guideId: id }, { actorId: actor.id, at })
      })
    },
  }
}
