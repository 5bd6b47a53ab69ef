import { desc, eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { TermsVersionItem, termsTextsSchema } from '../../../shared/schemas/terms'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import type { Deps } from '../../platform/deps'

export type Texts = z.output<typeof termsTextsSchema>

export type Actor = { id: string }

export type Person = { id: string; name: string; email: string; teamName: string | null }

/** How long an instance reuses the version in force before reading it again (as the session cache, decision 005). */
export const CURRENT_TERMS_CACHE_MS = 5_000

/** What the terms ask other areas, and whom they tell. */
export type TermsPorts = {
  /** everyone active, by name (the users area's directory) */
  roster: (db: Db) => Promise<Person[]>
  /** names of people by id (who published) */
  names: (db: Db, ids: string[]) => Promise<Map<string, string>>
  /** a person's answer changed what their session may do: load it again */
  onAnswered: (userId: string) => void
  /** a version was published: every session is asked again */
  onPublished: () => void
  now?: () => number
}

/**
 * What the terms' parts share: the version in force (cached briefly), a version's row and its answers, a version as
 * answered, and the list of versions.
 */
export function termsContext({ database }: Pick<Deps, 'database'>, ports: TermsPorts) {
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

  /** The version in force is read again next time (one was published, or an answer named another). */
  function forgetCurrent() {
    cached = null
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

  /** Every version, newest first, with how the active people answered the published ones. */
  async function list(): Promise<TermsVersionItem[]> {
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
  }

  async function one(id: string): Promise<TermsVersionItem> {
    const found = (await list()).find((v) => v.id === id)
    if (!found) throw notFound()
    return found
  }

  return { database, ports, db, t, now, cached, current, forgetCurrent, versionRow, draft, answersOf, item, list, one }
}
export type TermsContext = ReturnType<typeof termsContext>
