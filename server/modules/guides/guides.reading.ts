import { and, eq, inArray } from 'drizzle-orm'
import { acknowledgement, localized, textLanguage } from '../../../shared/rules/guides'
import { buildGuideIndex, STEMMERS_VERSION } from '../../../shared/search/guide-search'
import type { SearchHit } from '../../../shared/schemas/search'
import { foldText } from '../../../shared/format'
import { docEmbedIds } from '../../../shared/schemas/guide-document'
import type { GuideLanguage, GuideListing, GuideSummary, GuideView, GuidesDashboard } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import type { Actor, GuidesContext } from './guides.context'

export type Visible = Awaited<ReturnType<GuidesContext['visible']>>['guides'][number]

/** A guide in a reader's list, in their language (Swedish where it has none in theirs). */
export function summary(g: Visible, language: GuideLanguage, acked: number | null): GuideSummary {
  const listing: GuideListing = g.listing
  const lang = textLanguage(listing.texts, language)
  const text = listing.texts[lang]!
  return {
    id: g.id,
    categoryId: g.categoryId,
    position: g.position,
    title: text.title,
    summary: text.summary,
    language: lang,
    mustRead: listing.mustRead,
    number: g.number,
    publishedAt: g.publishedAt,
    ...acknowledgement(listing.mustRead, g.number, acked),
  }
}

/** How many readers' search indexes an instance keeps built (keyed by what they hold). */
const INDEX_CACHE_MAX = 200

/**
 * Reading guides (docs/decisions/069): the reader's dashboard, a guide's page, the search index of what they may
 * read, and the acknowledgement a must-read guide asks for. Nothing a reader may not read is in any answer.
 */
export function guideReading(ctx: GuidesContext, embedsFor: (tx: Db, actor: Actor, ids: string[] | 'assigned') => Promise<GuideView['embeds']>) {
  const { database, db, t, now, events } = ctx
  const indexes = new Map<string, string>()

  async function acksOf(tx: Db, userId: string) {
    const rows = await tx.select({ guideId: t.guideAcks.guideId, number: t.guideAcks.number }).from(t.guideAcks).where(eq(t.guideAcks.userId, userId))
    return new Map(rows.map((r) => [r.guideId, r.number]))
  }

  /** The guide the reader opens, or 404 — the same answer whether it does not exist or they may not read it. */
  async function readable(tx: Db, actor: Actor, id: string) {
    const seen = await ctx.visible(tx, actor)
    const guide = seen.guides.find((g) => g.id === id)
    if (!guide) throw notFound()
    return { guide, category: seen.categories.find((c) => c.id === guide.categoryId)! }
  }

  async function acknowledgeIn(tx: Db, actor: Actor, id: string, number: number, at: number) {
    const { guide } = await readable(tx, actor, id)
    if (number > guide.number) throw new ApiError(400, 'validation_failed', { fieldErrors: { number: ['validation.guides.noSuchVersion'] } })
    const [before] = await tx
      .select({ number: t.guideAcks.number })
      .from(t.guideAcks)
      .where(and(eq(t.guideAcks.guideId, id), eq(t.guideAcks.userId, actor.id)))
    // An acknowledgement of an older version (made offline before the new one reached the phone) never undoes a newer one.
    if (before && before.number >= number) return { number: before.number, changed: false }
    await tx
      .insert(t.guideAcks)
      .values({ guideId: id, userId: actor.id, number, at })
      .onConflictDoUpdate({ target: [t.guideAcks.guideId, t.guideAcks.userId], set: { number, at } })
    await logActivity(tx, t, { at, actorId: actor.id, entity: 'guide', entityId: id, action: 'acknowledged', after: { number } })
    await events.record(tx, 'guide.acknowledged', { guideId: id, userId: actor.id, number }, { actorId: actor.id, at })
    return { number, changed: true }
  }

  return {
    reading: {
      async dashboard(actor: Actor): Promise<GuidesDashboard> {
        const [seen, acks, embeds] = await Promise.all([ctx.visible(db, actor), acksOf(db, actor.id), embedsFor(db, actor, 'assigned')])
        const summaries = seen.guides.map((g) => summary(g, actor.language, acks.get(g.id) ?? null))
        return {
          categories: seen.categories.map((c) => ({
            id: c.id,
            icon: c.icon,
            name: localized(c.name, actor.language),
            description: localized({ ...c.description, sv: c.description.sv }, actor.language),
            guides: summaries.filter((s) => s.categoryId === c.id),
          })),
          toAcknowledge: summaries.filter((s) => s.acknowledged === false),
          embeds,
        }
      },

      /** The global search's guides (issue 70): those the reader may read whose title has the words, with their category. */
      async searchTitles(actor: Actor, q: string, limit: number): Promise<{ hits: SearchHit[]; more: boolean }> {
        const seen = await ctx.visible(db, actor)
        const words = foldText(q).split(/\s+/).filter(Boolean)
        const categories = new Map(seen.categories.map((c) => [c.id, localized(c.name, actor.language)]))
        const found = seen.guides.map((g) => summary(g, actor.language, null)).filter((s) => words.every((w) => foldText(s.title).includes(w)))
        return {
          hits: found
            .slice(0, limit)
            .map((s) => ({ kind: 'guide' as const, id: s.id, title: s.title, details: [categories.get(s.categoryId) ?? ''].filter(Boolean) })),
          more: found.length > limit,
        }
      },

      async view(actor: Actor, id: string): Promise<GuideView> {
        const { guide, category } = await readable(db, actor, id)
        const [[version], acks] = await Promise.all([
          db
            .select({ texts: t.guideVersions.texts })
            .from(t.guideVersions)
            .where(and(eq(t.guideVersions.guideId, id), eq(t.guideVersions.number, guide.number))),
          acksOf(db, actor.id),
        ])
        const base = summary(guide, actor.language, acks.get(id) ?? null)
        if (!version) throw notFound()
        const body = version.texts[base.language]!.body
        return { ...base, body, categoryName: localized(category.name, actor.language), embeds: await embedsFor(db, actor, docEmbedIds(body)) }
      },

      /**
       * The search index of the guides the reader may read, in their language, as JSON for the device. Built once per
       * set of guides, versions and language on an instance; `tag` changes whenever any of them does.
       */
      async searchIndex(actor: Actor): Promise<{ tag: string; index: string }> {
        const seen = await ctx.visible(db, actor)
        const tag = `${STEMMERS_VERSION}:${actor.language}:${seen.guides.map((g) => `${g.id}.${g.number}`).join(',')}`
        const cached = indexes.get(tag)
        if (cached) return { tag: hash(tag), index: cached }
        const texts = new Map<string, { sv: string; en: string | null; fi: string | null }>()
        const ids = seen.guides.map((g) => g.id)
        for (let i = 0; i < ids.length; i += 500) {
          const rows = await db
            .select({ guideId: t.guideVersions.guideId, number: t.guideVersions.number, searchText: t.guideVersions.searchText })
            .from(t.guideVersions)
            .innerJoin(t.guides, and(eq(t.guides.id, t.guideVersions.guideId), eq(t.guides.publishedNumber, t.guideVersions.number)))
            .where(inArray(t.guideVersions.guideId, ids.slice(i, i + 500)))
          for (const r of rows) texts.set(r.guideId, r.searchText)
        }
        const docs = seen.guides.map((g) => {
          const s = summary(g, actor.language, null)
          const text = texts.get(g.id)
          return { id: g.id, categoryId: g.categoryId, title: s.title, summary: s.summary, text: text ? (text[s.language] ?? text.sv) : '' }
        })
        const index = buildGuideIndex(docs, actor.language)
        if (indexes.size >= INDEX_CACHE_MAX) indexes.delete(indexes.keys().next().value as string)
        indexes.set(tag, index)
        return { tag: hash(tag), index }
      },

      /** The reader acknowledges the version they read (a newer one asks again). */
      async acknowledge(actor: Actor, id: string, number: number) {
        return database.transaction((tx) => acknowledgeIn(tx, actor, id, number, now()))
      },
      acknowledgeIn,
      acksOf,

      /** Whether a reader may read a file a guide uses (the file store asks before it answers). */
      async mayReadFile(tx: Db, actor: Actor, fileId: string): Promise<boolean> {
        if (ctx.manages(actor)) return true
        const rows = await tx.select({ guideId: t.guideFiles.guideId }).from(t.guideFiles).where(eq(t.guideFiles.fileId, fileId))
        if (rows.length === 0) return false
        const seen = await ctx.visible(tx, actor)
        const readable = new Set(seen.guides.map((g) => g.id))
        return rows.some((r) => readable.has(r.guideId))
      },
    },
  }
}

/** A short, stable tag for a long key (FNV-1a). */
function hash(key: string): string {
  let h = 0x811c9dc5
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return `${(h >>> 0).toString(36)}-${key.length.toString(36)}`
}
