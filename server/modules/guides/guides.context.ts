import { asc, eq } from 'drizzle-orm'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Action, Subject } from '../../../shared/permissions/catalogue'
import { mayReadGuide, type Reader } from '../../../shared/rules/guides'
import type { GuideLanguage } from '../../../shared/schemas/guides'
import type { Db } from '../../db/client'
import { ApiError, notFound } from '../../lib/errors'
import type { Deps } from '../../platform/deps'

/** Who acts: their id, rules and language (a reader reads in theirs). */
export type Actor = { id: string; ability: AppAbility; language: GuideLanguage }

/** A person as a guide's audience sees them, with their name and team (the users area's directory answers). */
export type GuideReader = Reader & { id: string; name: string; active: boolean; teamId: string | null; employeeId: string | null }

/** What the guides ask other areas (answered in server/composition/areas.ts). */
export type GuidesPorts = {
  /** people's roles, offices, teams and providers */
  readers(db: Db, userIds: string[]): Promise<Map<string, GuideReader>>
  /** the roles whose rules allow an action (who may read guides at all) */
  rolesAllowed(db: Db, action: Action, subject: Subject): Promise<string[]>
  /** names of people and roles by id */
  names(db: Db, ids: { userIds?: string[]; roleIds?: string[] }): Promise<Map<string, string>>
  /** the offices and teams by name */
  places(db: Db): Promise<{ offices: Array<{ id: string; name: string }>; teams: Array<{ id: string; name: string; officeId: string }> }>
  /** every role by name (an audience's choices) */
  roleChoices(db: Db): Promise<Array<{ id: string; key: string; name: string }>>
  /** the active people a viewer may see (their `view users` rules) */
  visiblePeople(db: Db, ability: AppAbility): Promise<string[]>
}

/**
 * What the guides' parts share: the tables, the clock, the ports, the reader's profile, the categories and guides'
 * visibility, and the row checks every change makes (found, and at the version the editor read).
 */
export function guidesContext(deps: Pick<Deps, 'database' | 'events'>, ports: GuidesPorts, opts: { now?: () => number } = {}) {
  const { database, events } = deps
  const { db, t } = database
  const now = opts.now ?? Date.now

  async function readerOf(tx: Db, userId: string): Promise<GuideReader> {
    const reader = (await ports.readers(tx, [userId])).get(userId)
    if (!reader) throw notFound()
    return reader
  }

  const manages = (actor: Pick<Actor, 'ability'>) => actor.ability.can('admin', 'embeds')

  /**
   * The published guides a reader may read, with their categories: every published guide for who manages guides,
   * otherwise those whose category and own audience both admit the reader (shared/rules/guides.ts).
   */
  async function visible(tx: Db, actor: Actor) {
    const [categories, rows] = await Promise.all([
      tx.select().from(t.guideCategories).orderBy(asc(t.guideCategories.position)),
      tx
        .select({
          id: t.guides.id,
          categoryId: t.guides.categoryId,
          position: t.guides.position,
          audience: t.guides.audience,
          listing: t.guides.listing,
          publishedNumber: t.guides.publishedNumber,
          publishedAt: t.guides.publishedAt,
        })
        .from(t.guides)
        .orderBy(asc(t.guides.position)),
    ])
    const all = manages(actor)
    const reader = all ? null : await readerOf(tx, actor.id)
    const byId = new Map(categories.map((c) => [c.id, c]))
    const guides = rows.flatMap((g) => {
      const category = byId.get(g.categoryId)
      if (!category || g.listing === null || g.publishedNumber === null || g.publishedAt === null) return []
      if (reader && !mayReadGuide(category.audience, g.audience, reader)) return []
      return [{ ...g, listing: g.listing, number: g.publishedNumber, publishedAt: g.publishedAt }]
    })
    const shown = new Set(guides.map((g) => g.categoryId))
    // A reader sees the categories that hold a guide they may read; who manages sees them all.
    return { categories: categories.filter((c) => all || shown.has(c.id)), guides, reader }
  }

  /** A guide's row as the editor saw it: gone is 404, another's change in between is 409 with nothing changed. */
  async function guideRow(tx: Db, id: string, version?: number) {
    const [row] = await tx.select().from(t.guides).where(eq(t.guides.id, id)).limit(1)
    if (!row) throw notFound()
    if (version !== undefined && row.version !== version) throw new ApiError(409, 'version_conflict')
    return row
  }

  async function categoryRow(tx: Db, id: string, version?: number) {
    const [row] = await tx.select().from(t.guideCategories).where(eq(t.guideCategories.id, id)).limit(1)
    if (!row) throw notFound()
    if (version !== undefined && row.version !== version) throw new ApiError(409, 'version_conflict')
    return row
  }

  return { database, events, ports, db, t, now, readerOf, manages, visible, guideRow, categoryRow }
}
export type GuidesContext = ReturnType<typeof guidesContext>
