import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { docFileIds, docText } from '../../../shared/schemas/guide-document'
import { GUIDE_LANGUAGES, type GuideAdminDetail, type GuideListing, type GuideTexts, type GuideVersionDetail } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Actor, GuidesContext } from './guides.context'
import type { GuideRow, GuideViews } from './guides.views'

/** The languages a guide's texts have, Swedish first. */
export const languagesOf = (texts: GuideTexts) => GUIDE_LANGUAGES.filter((l) => texts[l] !== null)

/** What readers' lists show of some texts. */
export function listingOf(texts: GuideTexts, mustRead: boolean): GuideListing {
  const short = (x: GuideTexts['en']) => (x ? { title: x.title, summary: x.summary } : null)
  return { mustRead, texts: { sv: short(texts.sv)!, en: short(texts.en), fi: short(texts.fi) } }
}

/** A version's searchable text per language: its title, summary and body. */
export function searchTextOf(texts: GuideTexts) {
  const one = (x: GuideTexts['en']) => (x ? [x.title, x.summary, docText(x.body)].filter((s) => s.trim() !== '').join('\n') : null)
  return { sv: one(texts.sv)!, en: one(texts.en), fi: one(texts.fi) }
}

/**
 * A guide's versions (docs/decisions/069): publishing makes the working texts the next numbered version, which
 * readers read (a must-read one asks them again); an earlier version is read, and restored by publishing its texts
 * anew as the next version. The files a version shows become readable by the guide's readers.
 */
export function guidePublishing(ctx: GuidesContext, { detail }: Pick<GuideViews, 'detail'>) {
  const { database, db, t, now, events, ports } = ctx

  async function publishIn(tx: Db, actor: Actor, row: GuideRow, texts: GuideTexts, mustRead: boolean, action: 'published' | 'restored', restoredFrom?: number) {
    const at = now()
    const number = (row.publishedNumber ?? 0) + 1
    await tx.insert(t.guideVersions).values({
      id: randomUUID(),
      guideId: row.id,
      number,
      texts,
      mustRead,
      searchText: searchTextOf(texts),
      publishedAt: at,
      publishedBy: actor.id,
    })
    await tx
      .update(t.guides)
      .set({
        texts,
        title: texts.sv.title,
        languages: languagesOf(texts),
        mustRead,
        listing: listingOf(texts, mustRead),
        publishedNumber: number,
        publishedAt: at,
        unpublished: false,
        updatedAt: at,
        updatedBy: actor.id,
        version: row.version + 1,
      })
      .where(eq(t.guides.id, row.id))
    const files = GUIDE_LANGUAGES.flatMap((l) => (texts[l] ? docFileIds(texts[l].body) : []))
    if (files.length > 0)
      await tx
        .insert(t.guideFiles)
        .values([...new Set(files)].map((fileId) => ({ fileId, guideId: row.id })))
        .onConflictDoNothing()
    await logActivity(tx, t, {
      at,
      actorId: actor.id,
      entity: 'guide',
      entityId: row.id,
      action,
      after: { number, mustRead, ...(restoredFrom ? { restoredFrom } : {}) },
    })
    await events.record(tx, 'guide.published', { guideId: row.id, number, mustRead }, { actorId: actor.id, at })
  }

  return {
    /** Publishes the working texts as the next version (nothing new to publish is a 409). */
    async publish(actor: Actor, id: string, version: number): Promise<GuideAdminDetail> {
      return database.transaction(async (tx) => {
        const row = await ctx.guideRow(tx, id, version)
        if (!row.unpublished) throw new ApiError(409, 'invalid_transition')
        await publishIn(tx, actor, row, row.texts, row.mustRead, 'published')
        return detail(tx, id)
      })
    },

    /** An earlier version as it was published. */
    async version(id: string, number: number): Promise<GuideVersionDetail> {
      const [row] = await db
        .select()
        .from(t.guideVersions)
        .where(and(eq(t.guideVersions.guideId, id), eq(t.guideVersions.number, number)))
      if (!row) throw notFound()
      const names = row.publishedBy ? await ports.names(db, { userIds: [row.publishedBy] }) : new Map<string, string>()
      return {
        number: row.number,
        publishedAt: row.publishedAt,
        publishedBy: row.publishedBy ? { id: row.publishedBy, name: names.get(row.publishedBy) ?? '' } : null,
        texts: row.texts,
        mustRead: row.mustRead,
      }
    },

    /** Publishes an earlier version's texts again as the next version (working changes not published are replaced). */
    async restore(actor: Actor, id: string, number: number, version: number): Promise<GuideAdminDetail> {
      return database.transaction(async (tx) => {
        const row = await ctx.guideRow(tx, id, version)
        const [old] = await tx
          .select()
          .from(t.guideVersions)
          .where(and(eq(t.guideVersions.guideId, id), eq(t.guideVersions.number, number)))
        if (!old) throw notFound()
        await publishIn(tx, actor, row, old.texts, old.mustRead, 'restored', number)
        return detail(tx, id)
      })
    },
  }
}
