import { randomUUID } from 'node:crypto'
import { and, desc, eq, max } from 'drizzle-orm'
import type { LanguageCode } from '../../../shared/i18n'
import type { z } from 'zod'
import type { CurrentTerms, TermsAnswerFilter, TermsPeoplePage, TermsVersionItem, termsTextsSchema } from '../../../shared/schemas/terms'
import { TERMS_PEOPLE_PAGE } from '../../../shared/schemas/terms'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import type { Deps } from '../../platform/deps'

type Texts = z.output<typeof termsTextsSchema>
type Actor = { id: string }
type Person = { id: string; name: string; email: string; teamName: string | null }

/** How long an instance reuses the version in force before reading it again (as the session cache, decision 005). */
export const CURRENT_TERMS_CACHE_MS = 5_000

/**
 * Terms of use (docs/decisions/039): an admin drafts a version (a text per language), edits it, and publishes it;
 * the newest published version is in force, and everyone active answers it at their next request (the API refuses
 * everything else until they do). Declining is recorded and signs the person out; they are asked again next time.
 */
export function termsService(
  { database }: Pick<Deps, 'database'>,
  ports: {
    /** everyone active, by name (the users area's directory) */
    roster: (db: Db) => Promise<Person[]>
    /** names of people by id (who published) */
    names: (db: Db, ids: string[]) => Promise<Map<string, string>>
    /** a person's answer changed what their session may do: load it again */
    onAnswered: (userId: string) => void
    /** a version was published: every session is asked again */
    onPublished: () => void
    now?: () => number
  },
) {
  const { db, t } = database
  const now = ports.now ?? Date.now
  let cached: { at: number; value: { id: string; number: number; publishedAt: number; texts: Texts } | null } | null = null

  async function current() {
    const at = now()
    if (cached && at - cached.at < CURRENT_TERMS_CACHE_MS) return cached.value
    const [row] = await db
      .select({ id: t.termsVersions.id, number: t.termsVersions.number, publishedAt: t.termsVersions.publishedAt, texts: t.termsVersions.texts })
      .from(t.termsVersions)
      .where(eq(t.termsVersions.status, 'published'))
      .orderBy(desc(t.termsVersions.number))
      .limit(1)
    const value = row ? { id: row.id, number: row.number, publishedAt: row.publishedAt!, texts: row.texts } : null
    cached = { at, value }
    return value
  }

  async function versionRow(tx: Db, id: string) {
    const [row] = await tx.select().from(t.termsVersions).where(eq(t.termsVersions.id, id)).limit(1)
    if (!row) throw notFound()
    return row
  }

  /** A draft as the editor saw it: another's change in between is a 409 with the version as it is now. */
  async function draft(tx: Db, id: string, version: number) {
    const row = await versionRow(tx, id)
    if (row.status !== 'draft') throw new ApiError(409, 'invalid_transition')
    if (row.version !== version) throw new ApiError(409, 'version_conflict')
    return row
  }

  async function answersOf(tx: Db, versionId: string) {
    const rows = await tx
      .select({ userId: t.termsAnswers.userId, answer: t.termsAnswers.answer, at: t.termsAnswers.at })
      .from(t.termsAnswers)
      .where(eq(t.termsAnswers.versionId, versionId))
    return new Map(rows.map((r) => [r.userId, r]))
  }

  function item(
    row: typeof t.termsVersions.$inferSelect,
    currentId: string | null,
    names: Map<string, string>,
    counts: TermsVersionItem['counts'],
  ): TermsVersionItem {
    return {
      id: row.id,
      number: row.number,
      status: row.status,
      current: row.id === currentId,
      texts: row.texts,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      publishedAt: row.publishedAt,
      publishedBy: row.publishedBy ? { id: row.publishedBy, name: names.get(row.publishedBy) ?? '' } : null,
      version: row.version,
      counts,
    }
  }

  return {
    /** The version in force a person has not accepted, or null (the API's gate asks at every session load). */
    async pendingFor(userId: string): Promise<{ versionId: string; number: number } | null> {
      const terms = await current()
      if (!terms) return null
      const [answer] = await db
        .select({ answer: t.termsAnswers.answer })
        .from(t.termsAnswers)
        .where(and(eq(t.termsAnswers.versionId, terms.id), eq(t.termsAnswers.userId, userId)))
        .limit(1)
      return answer?.answer === 'accepted' ? null : { versionId: terms.id, number: terms.number }
    },

    /** The version in force in the person's language (English, then Swedish, when that text is empty). */
    async currentText(language: LanguageCode): Promise<CurrentTerms | null> {
      const terms = await current()
      if (!terms) return null
      const order: LanguageCode[] = [language, 'en', 'sv']
      const lang = order.find((l) => terms.texts[l].trim() !== '') ?? 'sv'
      return { id: terms.id, number: terms.number, publishedAt: terms.publishedAt, text: terms.texts[lang], language: lang }
    },

    /** Every version, newest first, with how the active people answered the published ones. */
    async list(): Promise<TermsVersionItem[]> {
      const rows = await db.select().from(t.termsVersions).orderBy(desc(t.termsVersions.number))
      const published = rows.filter((r) => r.status === 'published')
      const [roster, names, answered] = await Promise.all([
        published.length > 0 ? ports.roster(db) : Promise.resolve([]),
        ports.names(db, [...new Set(published.flatMap((r) => (r.publishedBy ? [r.publishedBy] : [])))]),
        db.select({ versionId: t.termsAnswers.versionId, userId: t.termsAnswers.userId, answer: t.termsAnswers.answer }).from(t.termsAnswers),
      ])
      const active = new Set(roster.map((p) => p.id))
      const byVersion = new Map<string, { accepted: number; declined: number }>()
      for (const a of answered) {
        if (!active.has(a.userId)) continue
        const c = byVersion.get(a.versionId) ?? { accepted: 0, declined: 0 }
        c[a.answer] += 1
        byVersion.set(a.versionId, c)
      }
      const currentId = published[0]?.id ?? null
      return rows.map((r) => {
        if (r.status !== 'published') return item(r, currentId, names, null)
        const c = byVersion.get(r.id) ?? { accepted: 0, declined: 0 }
        return item(r, currentId, names, { people: active.size, ...c, pending: active.size - c.accepted - c.declined })
      })
    },

    /** Who among the active people accepted, declined or has not answered a published version, by name, a page at a time. */
    async people(versionId: string, filter: TermsAnswerFilter, q: string | undefined, offset: number): Promise<TermsPeoplePage> {
      const row = await versionRow(db, versionId)
      if (row.status !== 'published') return { items: [], total: 0, offset }
      const [roster, answers] = await Promise.all([ports.roster(db), answersOf(db, versionId)])
      const needle = q?.toLowerCase()
      const matching = roster.filter((p) => {
        const a = answers.get(p.id)?.answer
        const which = a ?? 'pending'
        if (which !== filter) return false
        return !needle || p.name.toLowerCase().includes(needle) || p.email.includes(needle) || (p.teamName ?? '').toLowerCase().includes(needle)
      })
      return {
        items: matching.slice(offset, offset + TERMS_PEOPLE_PAGE).map((p) => ({ ...p, at: answers.get(p.id)?.at ?? null })),
        total: matching.length,
        offset,
      }
    },

    /** A new draft; there is one draft at a time (the list offers editing it). */
    async create(actor: Actor, texts: Texts): Promise<TermsVersionItem> {
      const id = randomUUID()
      await database.transaction(async (tx) => {
        const [open] = await tx.select({ id: t.termsVersions.id }).from(t.termsVersions).where(eq(t.termsVersions.status, 'draft')).limit(1)
        if (open) throw new ApiError(409, 'conflict')
        const [{ top }] = (await tx.select({ top: max(t.termsVersions.number) }).from(t.termsVersions)) as [{ top: number | null }]
        const at = now()
        await tx.insert(t.termsVersions).values({ id, number: (top ?? 0) + 1, texts, status: 'draft', createdAt: at, updatedAt: at, version: 1 })
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'terms_version', entityId: id, action: 'created', after: { number: (top ?? 0) + 1 } })
      })
      return this.one(id)
    },

    async update(actor: Actor, id: string, texts: Texts, version: number): Promise<TermsVersionItem> {
      await database.transaction(async (tx) => {
        const row = await draft(tx, id, version)
        const at = now()
        await tx
          .update(t.termsVersions)
          .set({ texts, updatedAt: at, version: row.version + 1 })
          .where(eq(t.termsVersions.id, id))
        const { before, after } = changedFields(row.texts, texts)
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'terms_version', entityId: id, action: 'updated', before, after })
      })
      return this.one(id)
    },

    async remove(actor: Actor, id: string, version: number) {
      await database.transaction(async (tx) => {
        const row = await draft(tx, id, version)
        await tx.delete(t.termsVersions).where(eq(t.termsVersions.id, id))
        await logActivity(tx, t, { at: now(), actorId: actor.id, entity: 'terms_version', entityId: id, action: 'deleted', before: { number: row.number } })
      })
    },

    /** Puts a draft in force: everyone is asked to answer it at their next request. */
    async publish(actor: Actor, id: string, version: number): Promise<TermsVersionItem> {
      await database.transaction(async (tx) => {
        const row = await draft(tx, id, version)
        const at = now()
        await tx
          .update(t.termsVersions)
          .set({ status: 'published', publishedAt: at, publishedBy: actor.id, updatedAt: at, version: row.version + 1 })
          .where(eq(t.termsVersions.id, id))
        await logActivity(tx, t, { at, actorId: actor.id, entity: 'terms_version', entityId: id, action: 'terms_published', after: { number: row.number } })
      })
      cached = null
      ports.onPublished()
      return this.one(id)
    },

    /**
     * A person answers the version in force (only that one: an older or unpublished version is a 409). Logged on
     * the person; an answer again replaces the earlier one (a decline, then an accept at the next sign-in).
     */
    async answer(userId: string, versionId: string, answer: 'accepted' | 'declined') {
      const terms = await current()
      if (!terms || terms.id !== versionId) {
        cached = null
        const fresh = await current()
        if (!fresh || fresh.id !== versionId) throw new ApiError(409, 'conflict')
      }
      await database.transaction(async (tx) => {
        const at = now()
        // One row per person and version: a second answer (or the same one twice at once) replaces the first.
        await tx
          .insert(t.termsAnswers)
          .values({ versionId, userId, answer, at })
          .onConflictDoUpdate({ target: [t.termsAnswers.versionId, t.termsAnswers.userId], set: { answer, at } })
        const number = (await versionRow(tx, versionId)).number
        await logActivity(tx, t, {
          at,
          actorId: userId,
          entity: 'user',
          entityId: userId,
          action: answer === 'accepted' ? 'terms_accepted' : 'terms_declined',
          after: { termsVersion: number },
        })
      })
      ports.onAnswered(userId)
    },

    async one(id: string): Promise<TermsVersionItem> {
      const found = (await this.list()).find((v) => v.id === id)
      if (!found) throw notFound()
      return found
    },
  }
}

export type TermsService = ReturnType<typeof termsService>
