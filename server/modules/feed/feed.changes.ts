import { randomUUID } from 'node:crypto'
import { subject } from '@casl/ability'
import { and, eq } from 'drizzle-orm'
import type { FeedReaction } from '../../../shared/rules/feed'
import type { Translate } from '../../../shared/schemas/errors'
import type { FeedComment, FeedItem, FeedPostInput, FeedSettings } from '../../../shared/schemas/feed'
import type { Db } from '../../db/client'
import { forbidden, notFound, validationError } from '../../lib/errors'
import { logActivity } from '../../platform/activity-log'
import { mayRemoveItem, type FeedActor, type FeedContext, type FeedItemRow } from './feed.context'

type Post = Required<Pick<FeedPostInput, 'text' | 'officeId'>> & { imageId: string | null; teamId: string | null }

/**
 * What people do in the feed (docs/decisions/102): a manager posts (text and an image) to their office or a team of
 * it; anyone who sees an item reacts and comments; its author, the person it is about and those who may remove posts
 * of its office remove it (and its comments). Each change is told as `feed.changed` (every device that shows the
 * item reads it again); a post and a response to one's own item as `feed.posted` and `feed.responded`.
 */
export function feedChanges(ctx: FeedContext) {
  const { database, F, R, C, S, events, files, ports, views, t } = ctx

  /** The item, if the actor sees it (else it is not there for them). */
  async function seen(tx: Db, actor: FeedActor, id: string): Promise<FeedItemRow> {
    const [row] = await tx.select().from(F).where(eq(F.id, id))
    if (!row || !(await ctx.sees(tx, actor, row))) throw notFound()
    return row
  }
  const changed = (tx: Db, item: FeedItemRow, actorId: string, at: number) =>
    events.record(tx, 'feed.changed', { itemId: item.id, officeId: item.officeId }, { actorId, at })
  /** Who hears of a response to an item: the person it is about or its author, unless it is they who responded. */
  const ownerOf = (item: FeedItemRow) => item.subjectId ?? item.authorId

  return {
    async post(actor: FeedActor, input: Post, c: { now: number; translate: Translate }): Promise<FeedItem> {
      if (!actor.ability.can('create', subject('feed_posts', { officeId: input.officeId }))) {
        throw validationError({ officeId: [c.translate('validation.feed.office')] })
      }
      return database.transaction(async (tx) => {
        if (input.teamId) {
          const teams = input.officeId ? await ports.teamsOfOffice(tx, input.officeId) : []
          if (!teams.includes(input.teamId)) throw validationError({ teamId: [c.translate('validation.feed.team')] })
        }
        if (input.imageId) {
          const image = await files.describe(tx, input.imageId)
          if (!image || image.kind !== 'feed_image' || image.userId !== actor.id) throw validationError({ imageId: [c.translate('validation.feed.image')] })
          await files.attach(tx, [input.imageId], c.now)
        }
        const id = randomUUID()
        const [row] = await tx
          .insert(F)
          .values({
            id,
            kind: 'post',
            sourceKey: null,
            officeId: input.officeId,
            teamId: input.teamId,
            subjectId: null,
            authorId: actor.id,
            what: [],
            orderValueOre: null,
            text: input.text,
            imageId: input.imageId,
            at: c.now,
          })
          .returning()
        await logActivity(tx, t, { at: c.now, actorId: actor.id, entity: 'feed_item', entityId: id, action: 'created', after: { text: input.text } })
        await changed(tx, row!, actor.id, c.now)
        await events.record(
          tx,
          'feed.posted',
          { itemId: id, officeId: input.officeId, teamId: input.teamId, authorId: actor.id, text: input.text.slice(0, 140) },
          { actorId: actor.id, at: c.now },
        )
        return (await views(tx, actor, [row!]))[0]!
      })
    },

    /** A reaction given, or taken back when the actor had given it. */
    async react(actor: FeedActor, id: string, emoji: FeedReaction, now: number): Promise<FeedItem> {
      return database.transaction(async (tx) => {
        const item = await seen(tx, actor, id)
        const mine = and(eq(R.itemId, id), eq(R.userId, actor.id), eq(R.emoji, emoji))
        const [had] = await tx.select({ at: R.at }).from(R).where(mine)
        if (had) await tx.delete(R).where(mine)
        else {
          await tx.insert(R).values({ itemId: id, userId: actor.id, emoji, at: now }).onConflictDoNothing()
          const owner = ownerOf(item)
          if (owner && owner !== actor.id)
            await events.record(tx, 'feed.responded', { itemId: id, ownerId: owner, byUserId: actor.id, emoji, comment: null }, { actorId: actor.id, at: now })
        }
        await changed(tx, item, actor.id, now)
        return (await views(tx, actor, [item]))[0]!
      })
    },

    async comment(actor: FeedActor, id: string, text: string, now: number): Promise<FeedComment> {
      return database.transaction(async (tx) => {
        const item = await seen(tx, actor, id)
        const commentId = randomUUID()
        await tx.insert(C).values({ id: commentId, itemId: id, userId: actor.id, text, at: now })
        const owner = ownerOf(item)
        if (owner && owner !== actor.id)
          await events.record(
            tx,
            'feed.responded',
            { itemId: id, ownerId: owner, byUserId: actor.id, emoji: null, comment: text.slice(0, 140) },
            { actorId: actor.id, at: now },
          )
        await changed(tx, item, actor.id, now)
        const view = (await views(tx, actor, [item], true))[0]!
        return view.comments.find((x) => x.id === commentId)!
      })
    },

    /** Removed: it disappears from every screen and device (they read the feed again when told). */
    async removeItem(actor: FeedActor, id: string, now: number): Promise<void> {
      await database.transaction(async (tx) => {
        const item = await seen(tx, actor, id)
        if (!mayRemoveItem(actor, item)) throw forbidden()
        await tx.update(F).set({ removedAt: now, removedById: actor.id }).where(eq(F.id, id))
        await logActivity(tx, t, { at: now, actorId: actor.id, entity: 'feed_item', entityId: id, action: 'deleted' })
        await changed(tx, item, actor.id, now)
      })
    },

    /** A comment removed by its writer, or by whoever may remove the item. */
    async removeComment(actor: FeedActor, id: string, commentId: string, now: number): Promise<void> {
      await database.transaction(async (tx) => {
        const item = await seen(tx, actor, id)
        const [comment] = await tx
          .select()
          .from(C)
          .where(and(eq(C.id, commentId), eq(C.itemId, id)))
        if (!comment || comment.removedAt !== null) throw notFound()
        if (comment.userId !== actor.id && !mayRemoveItem(actor, item)) throw forbidden()
        await tx.update(C).set({ removedAt: now, removedById: actor.id }).where(eq(C.id, commentId))
        await changed(tx, item, actor.id, now)
      })
    },

    /** The person's own choices, saved; hiding their moments takes them out of everyone's feed at once. */
    async saveSettings(actor: FeedActor, settings: FeedSettings, now: number): Promise<FeedSettings> {
      return database.transaction(async (tx) => {
        await tx
          .insert(S)
          .values({ userId: actor.id, ...settings, updatedAt: now })
          .onConflictDoUpdate({ target: S.userId, set: { ...settings, updatedAt: now } })
        await events.record(tx, 'feed.changed', { itemId: null, officeId: actor.officeId }, { actorId: actor.id, at: now })
        return settings
      })
    },
  }
}
