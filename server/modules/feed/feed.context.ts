import { subject } from '@casl/ability'
import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm'
import { initials } from '../../../shared/format'
import type { AppAbility } from '../../../shared/permissions/ability'
import { FEED_COMMENTS_SHOWN, FEED_REACTIONS, feedVisible, type FeedReader, type FeedReaction } from '../../../shared/rules/feed'
import type { FeedComment, FeedItem, FeedSettings } from '../../../shared/schemas/feed'
import type { Db, Schema } from '../../db/client'
import type { Deps } from '../../platform/deps'

/** What the feed asks other areas (wired in server/composition/areas.ts; no area imports another). */
export type FeedPorts = {
  /** the users area: people's names */
  names(db: Db, ids: string[]): Promise<Map<string, string>>
  /** the org area: names of teams and offices */
  placeNames(db: Db, ids: { teamIds?: string[]; officeIds?: string[] }): Promise<Map<string, string>>
  /** the org area: the teams of an office */
  teamsOfOffice(db: Db, officeId: string): Promise<string[]>
  /** the users area and the org: a person's team and office (their own, else their team's) */
  placeOf(db: Db, userId: string): Promise<{ teamId: string | null; officeId: string | null } | null>
  /** the game: who chose to be hidden from others */
  hiddenAmong(db: Db, userIds: string[]): Promise<Set<string>>
  /** the sales area: a sale's value and lines */
  sale(db: Db, saleId: string): Promise<{ orderValueOre: number; lines: Array<{ productId: string; quantity: number }> } | null>
  /** the catalog: products' names */
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>
}

export type FeedDeps = Pick<Deps, 'database' | 'events' | 'files'> & Partial<Pick<Deps, 'realtime'>>
export type FeedItemRow = Schema['feedItems']['$inferSelect']
export type FeedActor = { id: string; ability: AppAbility; officeId: string | null; teamIds: string[] }

export const DEFAULT_FEED_SETTINGS: FeedSettings = { muted: false, hideOwn: false }

/** The reader as the visibility rule reads them. */
export function readerOf(actor: FeedActor): FeedReader {
  return {
    id: actor.id,
    officeId: actor.officeId,
    teamIds: actor.teamIds,
    everyOffice: actor.ability.can('manage', 'all'),
    postsIn: (officeId) => actor.ability.can('create', subject('feed_posts', { officeId })),
  }
}

/** Whether the actor may remove an item: its author, the person it is about, or who may remove posts of its office. */
export const mayRemoveItem = (actor: FeedActor, item: Pick<FeedItemRow, 'authorId' | 'subjectId' | 'officeId'>) =>
  item.authorId === actor.id || item.subjectId === actor.id || actor.ability.can('delete', subject('feed_posts', { officeId: item.officeId }))

export function feedContext(deps: FeedDeps, ports: FeedPorts) {
  const { database } = deps
  const { db, t } = database
  const F = t.feedItems
  const R = t.feedReactions
  const C = t.feedComments
  const S = t.feedSettings

  async function settingsOf(on: Db, userId: string): Promise<FeedSettings> {
    const [row] = await on.select({ muted: S.muted, hideOwn: S.hideOwn }).from(S).where(eq(S.userId, userId))
    return row ?? DEFAULT_FEED_SETTINGS
  }

  /** The people among these who hid their own moments, in the feed or in the game. */
  async function hiddenOf(on: Db, userIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)]
    if (ids.length === 0) return new Set()
    const [own, game] = await Promise.all([
      on
        .select({ userId: S.userId })
        .from(S)
        .where(and(inArray(S.userId, ids), eq(S.hideOwn, true))),
      ports.hiddenAmong(on, ids),
    ])
    return new Set([...own.map((r) => r.userId), ...game])
  }

  /** The items the actor sees, in order: not removed, the rule, and the person a moment is about not hidden from them. */
  async function seenAmong(on: Db, actor: FeedActor, rows: FeedItemRow[]): Promise<Set<string>> {
    const reader = readerOf(actor)
    const about = (r: FeedItemRow) => (r.subjectId && r.subjectId !== actor.id && r.kind !== 'post' ? r.subjectId : null)
    const hidden = await hiddenOf(
      on,
      rows.flatMap((r) => about(r) ?? []),
    )
    return new Set(rows.filter((r) => r.removedAt === null && feedVisible(r, reader) && !hidden.has(about(r) ?? '')).map((r) => r.id))
  }
  /** Whether the actor sees one item. */
  const sees = async (on: Db, actor: FeedActor, item: FeedItemRow) => (await seenAmong(on, actor, [item])).has(item.id)

  /** Items as the actor reads them: names, places, reactions (theirs marked), the newest comments and their count. */
  async function views(on: Db, actor: FeedActor, rows: FeedItemRow[], allComments = false): Promise<FeedItem[]> {
    if (rows.length === 0) return []
    const ids = rows.map((r) => r.id)
    const [reactions, counts, commentRows] = await Promise.all([
      on.select({ itemId: R.itemId, userId: R.userId, emoji: R.emoji }).from(R).where(inArray(R.itemId, ids)),
      on
        .select({ itemId: C.itemId, n: count() })
        .from(C)
        .where(and(inArray(C.itemId, ids), isNull(C.removedAt)))
        .groupBy(C.itemId),
      Promise.all(
        ids.map((id) =>
          on
            .select()
            .from(C)
            .where(and(eq(C.itemId, id), isNull(C.removedAt)))
            .orderBy(desc(C.at), desc(C.id))
            .limit(allComments ? 200 : FEED_COMMENTS_SHOWN),
        ),
      ),
    ])
    const people = [...rows.flatMap((r) => [r.subjectId ?? r.authorId ?? '']), ...commentRows.flat().map((c) => c.userId)].filter(Boolean)
    const [names, places] = await Promise.all([
      ports.names(on, people),
      ports.placeNames(on, {
        teamIds: rows.flatMap((r) => (r.teamId ? [r.teamId] : [])),
        officeIds: rows.flatMap((r) => (r.officeId ? [r.officeId] : [])),
      }),
    ])
    const person = (id: string | null) => (id ? { id, name: names.get(id) ?? '', initials: initials(names.get(id) ?? '') } : null)
    const countOf = new Map(counts.map((c) => [c.itemId, Number(c.n)]))
    return rows.map((r, i) => {
      const mine = reactions.filter((x) => x.itemId === r.id)
      const comments: FeedComment[] = commentRows[i]!.reverse().map((c) => ({
        id: c.id,
        userId: c.userId,
        name: names.get(c.userId) ?? '',
        initials: initials(names.get(c.userId) ?? ''),
        text: c.text,
        at: c.at,
        mayRemove: c.userId === actor.id || mayRemoveItem(actor, r),
      }))
      return {
        id: r.id,
        kind: r.kind,
        at: r.at,
        person: person(r.subjectId ?? r.authorId),
        teamName: r.teamId ? (places.get(r.teamId) ?? null) : null,
        officeName: r.officeId ? (places.get(r.officeId) ?? null) : null,
        what: r.what,
        orderValueOre: r.orderValueOre,
        text: r.text,
        image: r.imageId ? `/api/files/${r.imageId}` : null,
        reactions: FEED_REACTIONS.map((emoji: FeedReaction) => ({
          emoji,
          count: mine.filter((x) => x.emoji === emoji).length,
          mine: mine.some((x) => x.emoji === emoji && x.userId === actor.id),
        })).filter((x) => x.count > 0),
        comments,
        commentCount: countOf.get(r.id) ?? 0,
        mayRemove: mayRemoveItem(actor, r),
      }
    })
  }

  return { ...deps, db, t, F, R, C, S, ports, settingsOf, seenAmong, sees, views }
}
export type FeedContext = ReturnType<typeof feedContext>
