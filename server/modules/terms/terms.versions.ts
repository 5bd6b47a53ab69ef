import { randomUUID } from 'node:crypto'
import { eq, max } from 'drizzle-orm'
import type { TermsAnswerFilter, TermsPeoplePage, TermsVersionItem } from '../../../shared/schemas/terms'
import { TERMS_PEOPLE_PAGE } from '../../../shared/schemas/terms'
import { ApiError } from '../../lib/errors'
import { changedFields, logActivity } from '../../platform/activity-log'
import { type Actor, type Texts } from './terms.context'
import type { TermsContext } from './terms.context'

/** The versions as an admin keeps them: a draft made, changed, removed, published; who has answered a version. */
export function termsVersions(ctx: TermsContext) {
  const { versionRow, db, ports, answersOf, database, t, now, one, draft, forgetCurrent } = ctx
  return {
    /**
     * Who among the active people accepted, declined or has not answered a published version, by name, a page at a time.
     */
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
      return one(id)
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
      return one(id)
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
      forgetCurrent()
      ports.onPublished()
      return one(id)
    },
  }
}
