import { desc, eq, inArray } from 'drizzle-orm'
import { missingLanguages } from '../../../shared/rules/guides'
import type { GuideAdminDetail, GuideAdminItem } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import type { GuidesContext } from './guides.context'

export type GuideRow = Awaited<ReturnType<GuidesContext['guideRow']>>

/** A guide as management sees it: its state in the list, and its texts and versions on its page. */
export function guideViews(ctx: GuidesContext) {
  const { t, ports } = ctx

  function adminItem(r: GuideRow): GuideAdminItem {
    return {
      id: r.id,
      categoryId: r.categoryId,
      position: r.position,
      title: r.title,
      mustRead: r.mustRead,
      status: r.publishedNumber === null ? 'draft' : 'published',
      unpublished: r.unpublished,
      publishedNumber: r.publishedNumber,
      missing: missingLanguages(r.languages),
      audience: r.audience,
      updatedAt: r.updatedAt,
      version: r.version,
    }
  }

  async function versionsOf(tx: Db, guideId: string) {
    const rows = await tx
      .select({
        number: t.guideVersions.number,
        publishedAt: t.guideVersions.publishedAt,
        publishedBy: t.guideVersions.publishedBy,
        mustRead: t.guideVersions.mustRead,
      })
      .from(t.guideVersions)
      .where(eq(t.guideVersions.guideId, guideId))
      .orderBy(desc(t.guideVersions.number))
    const names = await ports.names(tx, { userIds: rows.flatMap((r) => (r.publishedBy ? [r.publishedBy] : [])) })
    return rows.map((r) => ({ ...r, publishedBy: r.publishedBy ? { id: r.publishedBy, name: names.get(r.publishedBy) ?? '' } : null }))
  }

  async function detail(tx: Db, id: string): Promise<GuideAdminDetail> {
    const row = await ctx.guideRow(tx, id)
    return { ...adminItem(row), texts: row.texts, versions: await versionsOf(tx, id) }
  }

  /** The category must exist; the guide goes last in it unless it is there already. */
  return { adminItem, detail }
}
export type GuideViews = ReturnType<typeof guideViews>

/** Names of guides (their Swedish title), categories and embeds by id: what the global activity log shows. */
export function guideLogNames({ t }: GuidesContext) {
  return {
    guide: async (db: Db, ids: string[]) =>
      new Map((await db.select({ id: t.guides.id, name: t.guides.title }).from(t.guides).where(inArray(t.guides.id, ids))).map((r) => [r.id, r.name])),
    category: async (db: Db, ids: string[]) =>
      new Map(
        (await db.select({ id: t.guideCategories.id, name: t.guideCategories.name }).from(t.guideCategories).where(inArray(t.guideCategories.id, ids))).map(
          (r) => [r.id, r.name.sv],
        ),
      ),
    embed: async (db: Db, ids: string[]) =>
      new Map((await db.select({ id: t.embeds.id, name: t.embeds.name }).from(t.embeds).where(inArray(t.embeds.id, ids))).map((r) => [r.id, r.name])),
  }
}
